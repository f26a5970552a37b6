import { useState } from "react";
import { ChevronDown } from "lucide-react";
import type { FeedSyncRecord } from "@/contracts/feed";
import { Badge } from "@/client/components/ui/badge";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/client/components/ui/collapsible";
import { cn } from "@/client/lib/utils";
import { firstLines, SYNC_KIND_LABEL, syncCounts, weeksText } from "../feed-panel";
import { FeedWhen } from "./feed-when";

function DetailList<T>({
  label,
  items,
  line,
}: {
  label: string;
  items: T[];
  line: (item: T, index: number) => { key: string; text: string };
}) {
  if (items.length === 0) return null;
  const { shown, more } = firstLines(items);
  return (
    <ul aria-label={label} className="space-y-0.5">
      {shown.map((item, index) => {
        const { key, text } = line(item, index);
        return (
          <li key={key} className="wrap-anywhere">
            {text}
          </li>
        );
      })}
      {more ? <li>... and {more} more</li> : null}
    </ul>
  );
}

/** The events the sync skipped (with why) and the stored games the source no longer lists. */
function SyncDetails({ sync }: { sync: FeedSyncRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible open={open} onOpenChange={setOpen}>
      <CollapsibleTrigger className="flex items-center gap-1 rounded-sm text-xs font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <ChevronDown
          className={cn("size-3.5 transition-transform", open && "rotate-180")}
          aria-hidden="true"
        />
        {[
          sync.skipped.length ? `${sync.skipped.length} skipped` : null,
          // Kept as they were, not an error: an old season the source no longer serves, a game it dropped.
          sync.missing.length ? `${sync.missing.length} kept, no longer listed by the source` : null,
        ]
          .filter(Boolean)
          .join(", ")}
      </CollapsibleTrigger>
      <CollapsibleContent className="mt-1.5 space-y-1.5 text-xs text-muted-foreground">
        <DetailList
          label="Skipped events"
          items={sync.skipped}
          // An event the source lists twice is skipped twice: the index keeps the keys apart.
          line={(skip, index) => ({
            key: `${skip.eventId}-${index}`,
            text: `Event ${skip.eventId}: ${skip.reason}`,
          })}
        />
        <DetailList
          label="Games the source no longer lists"
          items={sync.missing}
          line={(missing) => ({ key: missing.gameId, text: `Kept, no longer listed: ${missing.game}` })}
        />
      </CollapsibleContent>
    </Collapsible>
  );
}

function SyncLine({ sync, now }: { sync: FeedSyncRecord; now: number }) {
  return (
    <li className="space-y-1 py-2.5 text-sm first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="flex items-center gap-2">
          <Badge variant="outline">{SYNC_KIND_LABEL[sync.kind]}</Badge>
          <span className="font-medium">
            {sync.season} · {weeksText(sync.weeks)}
          </span>
        </span>
        <span className="text-xs text-muted-foreground">
          <FeedWhen iso={sync.finishedAt} now={now} kind="past" showAbsolute={false} />
        </span>
      </div>
      {sync.error ? (
        <p className="text-xs wrap-anywhere text-destructive">Failed: {sync.error}</p>
      ) : (
        <p className="text-xs text-muted-foreground tabular-nums">{syncCounts(sync)}</p>
      )}
      {sync.skipped.length || sync.missing.length ? <SyncDetails sync={sync} /> : null}
    </li>
  );
}

/** The feed's last syncs, newest first: what each covered, changed, skipped, or why it failed. */
export function RecentSyncs({ syncs, now }: { syncs: FeedSyncRecord[]; now: number }) {
  return (
    <section aria-labelledby="recent-syncs-title" className="min-w-0 space-y-2">
      <h3 id="recent-syncs-title" className="text-sm font-semibold">
        Recent syncs
      </h3>
      {syncs.length === 0 ? (
        <p className="text-sm text-muted-foreground">No syncs yet.</p>
      ) : (
        <ul className="divide-y">
          {syncs.map((sync) => (
            <SyncLine key={sync.id} sync={sync} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
