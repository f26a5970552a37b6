import { CheckCircle2, Clock, Trophy, type LucideIcon } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { cn } from "@/client/lib/utils";
import { TABS, type Tab } from "../use-my-contests";

/** Each tab's label, its empty state, and the colours of its count. */
export const TAB_LOOK: Record<
  Tab,
  { label: string; empty: string; hint: string; icon: LucideIcon; badge: string }
> = {
  active: {
    label: "Active",
    empty: "No Active Contests",
    hint: "You don't have any active contests right now.",
    icon: Trophy,
    badge: "bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300",
  },
  completed: {
    label: "Completed",
    empty: "No Completed Contests",
    hint: "Finished contests and their winners will show up here.",
    icon: CheckCircle2,
    badge: "bg-blue-100 text-blue-800 dark:bg-blue-500/15 dark:text-blue-300",
  },
  pending: {
    label: "Pending",
    empty: "No Pending Contests",
    hint: "Invitations you send or receive wait here until they are answered.",
    icon: Clock,
    badge: "bg-yellow-100 text-yellow-900 dark:bg-yellow-400/15 dark:text-yellow-200",
  },
};

/** The number of contests in each tab, "…" while they load. */
export function ContestCounts({ counts }: { counts: Record<Tab, number> | null }) {
  return (
    <ul className="mb-6 flex flex-wrap gap-2" aria-label="Contest counts">
      {TABS.map((value) => (
        <li key={value}>
          <Badge
            variant="outline"
            className={cn("border-transparent px-2.5 py-1 text-sm", TAB_LOOK[value].badge)}
          >
            {TAB_LOOK[value].label}: {counts ? counts[value] : "…"}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
