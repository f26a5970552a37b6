import { createElement } from "react";
import { formatDistanceToNow } from "date-fns";
import {
  Activity,
  CalendarCog,
  CalendarPlus,
  CalendarX,
  ClipboardCheck,
  DollarSign,
  FileUp,
  ListChecks,
  ListPlus,
  ListOrdered,
  Mail,
  MessageSquarePlus,
  MessageSquareX,
  Pencil,
  Settings,
  Trophy,
  UserCog,
  type LucideIcon,
} from "lucide-react";
import type { ActivityEntry } from "@/contracts/activity";
import { Skeleton } from "@/client/components/ui/skeleton";
import { cn } from "@/client/lib/utils";

const BY_ACTION: Record<string, LucideIcon> = {
  "contest.edited": Pencil,
  "game.created": CalendarPlus,
  "game.updated": CalendarCog,
  "game.deleted": CalendarX,
  "game.scored": ClipboardCheck,
  "games.imported": FileUp,
  "proposal.created": MessageSquarePlus,
  "proposal.accepted": ListPlus,
  "proposal.rejected": MessageSquareX,
  "user.emailed": Mail,
};

/** By the part of the action before the first dot ("contest" of "contest.created"). */
const BY_KIND: Record<string, LucideIcon> = {
  contest: Trophy,
  picks: ListChecks,
  pick: ListChecks,
  game: CalendarCog,
  games: CalendarCog,
  user: UserCog,
  config: Settings,
  "first-picker": ListOrdered,
  proposal: MessageSquarePlus,
  bet: DollarSign,
  "bet-change": DollarSign,
  email: Mail,
};

export const activityIcon = (action: string): LucideIcon =>
  BY_ACTION[action] ?? BY_KIND[action.split(".")[0]!] ?? Activity;

function When({ iso }: { iso: string }) {
  const date = new Date(iso);
  const absolute = date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return (
    <time dateTime={iso} title={absolute} className="text-xs text-muted-foreground">
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  // The icons are module constants, picked by the action: nothing is created during render.
  const icon = createElement(activityIcon(entry.action), { className: "size-4", "aria-hidden": true });
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        {icon}
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-sm leading-snug wrap-anywhere">{entry.summary}</p>
        <When iso={entry.createdAt} />
      </div>
    </li>
  );
}

/** Lines of the activity log, newest first: an icon per kind of change, the sentence, and when. */
export function ActivityList({
  entries,
  emptyText,
  isLoading = false,
  error = null,
  label = "Activity",
  className,
}: {
  entries: ActivityEntry[];
  emptyText: string;
  isLoading?: boolean;
  error?: string | null;
  label?: string;
  className?: string;
}) {
  if (isLoading) {
    return (
      <div
        className={cn("space-y-4", className)}
        aria-busy="true"
        aria-label={`Loading ${label.toLowerCase()}`}
      >
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (error) return <p className={cn("py-4 text-sm text-destructive", className)}>{error}</p>;
  if (entries.length === 0) {
    return <p className={cn("py-4 text-center text-sm text-muted-foreground", className)}>{emptyText}</p>;
  }
  return (
    <ul aria-label={label} className={cn("divide-y", className)}>
      {entries.map((entry) => (
        <ActivityItem key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}
