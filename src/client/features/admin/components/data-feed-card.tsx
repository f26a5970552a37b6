import type { ReactNode } from "react";
import { RadioTower } from "lucide-react";
import type { FeedStatus } from "@/contracts/feed";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { useFeedStatus } from "../api/get-feed-status";
import { FEED_STATE_LABEL, feedState, sourceName, type FeedState } from "../feed-panel";
import { useNow } from "../use-now";
import { FeedWhen } from "./feed-when";
import { PanelTitle } from "@/client/components/panel-title";
import { RecentSyncs } from "./recent-syncs";
import { SyncNowForm } from "./sync-now-form";

const STATE_LOOK: Record<FeedState, string> = {
  on: "border-green-600/40 bg-green-500/10 text-green-700 dark:text-green-400",
  off: "text-muted-foreground",
  failing: "border-destructive/40 bg-destructive/10 text-destructive",
};

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  // A dl holds its dt/dd pairs directly or in one div each, no deeper (axe: definition-list).
  return (
    <div className={cn("min-w-0 space-y-0.5", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

const never = <span className="text-muted-foreground">Never</span>;

function FeedFacts({ status, state, now }: { status: FeedStatus; state: FeedState; now: number }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      <Fact term="State">
        <Badge variant="outline" className={STATE_LOOK[state]}>
          {FEED_STATE_LABEL[state]}
        </Badge>
      </Fact>
      <Fact term="Last sync">
        {status.lastSyncAt ? <FeedWhen iso={status.lastSyncAt} now={now} kind="past" /> : never}
      </Fact>
      <Fact term="Last successful sync">
        {status.lastSuccessAt ? <FeedWhen iso={status.lastSuccessAt} now={now} kind="past" /> : never}
      </Fact>
      <Fact term="Next sync">
        {status.nextSyncAt ? (
          <FeedWhen iso={status.nextSyncAt} now={now} kind="planned" />
        ) : (
          <span className="text-muted-foreground">
            {status.enabled ? "Not planned" : "None: the feed is off"}
          </span>
        )}
      </Fact>
      <Fact term="Last error" wide>
        {status.lastError ? (
          <span
            className={cn(
              "wrap-anywhere",
              state === "failing" ? "text-destructive" : "text-muted-foreground",
            )}
          >
            {status.lastError}
          </span>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </Fact>
    </dl>
  );
}

function FeedLoading() {
  return (
    <div
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      aria-busy="true"
      role="status"
      aria-label="Loading the data feed"
    >
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

/**
 * The live data feed at a glance (docs/rules.md, "The data feed"): whether it runs, its last and
 * next sync, its last error and recent syncs, and "Sync now" for a week or a season.
 */
export function DataFeedCard() {
  const feed = useFeedStatus();
  const now = useNow();
  const status = feed.data;
  const state = status ? feedState(status) : null;
  // The status just read may be newer than the last tick of the clock.
  const at = Math.max(now, feed.dataUpdatedAt);
  return (
    <Card className="gap-4" role="region" aria-labelledby="data-feed-title">
      <CardHeader>
        <PanelTitle icon={RadioTower} id="data-feed-title">
          Data feed
        </PanelTitle>
        <CardDescription>
          {status
            ? `Schedules, lines and scores from ${sourceName(status.source)}, kept up to date by themselves.`
            : "Schedules, lines and scores, kept up to date by themselves."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {feed.isPending ? (
          <FeedLoading />
        ) : feed.isError || !status || !state ? (
          <p className="text-sm text-destructive" role="alert">
            {errorMessage(feed.error, "Failed to load the data feed's status.")}
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="min-w-0 space-y-5">
              <FeedFacts status={status} state={state} now={at} />
              <SyncNowForm enabled={status.enabled} />
            </div>
            <RecentSyncs syncs={status.recent} now={at} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
