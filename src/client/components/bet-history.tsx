import type { BetChange, BetChangeStatus } from "@/contracts/bets";
import { Badge } from "@/client/components/ui/badge";
import { Skeleton } from "@/client/components/ui/skeleton";
import { changeText } from "@/client/lib/bets";
import { formatDate } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";

const STATUS: Record<BetChangeStatus, { label: string; className: string }> = {
  proposed: {
    label: "Pending",
    className: "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-200",
  },
  approved: {
    label: "Approved",
    className: "border-transparent bg-green-100 text-green-800 dark:bg-green-500/20 dark:text-green-300",
  },
  rejected: { label: "Rejected", className: "border-transparent bg-destructive/10 text-destructive" },
  expired: { label: "Expired", className: "text-muted-foreground" },
};

/** "Proposed by Alice Anders on Sep 4, 2025" or "Set by Ada Admin on ...". */
export function changeOrigin(change: BetChange): string {
  const verb = change.kind === "admin" ? "Set by" : "Proposed by";
  return `${verb} ${change.proposerName} on ${formatDate(change.createdAt)}`;
}

/** A contest's bet changes, newest first, each with its status ("Set by admin" for an admin's setting). */
export function BetHistory({
  changes,
  isLoading = false,
  error = null,
  className,
}: {
  changes: BetChange[];
  isLoading?: boolean;
  error?: string | null;
  className?: string;
}) {
  if (isLoading) {
    return (
      <div
        className={cn("space-y-2", className)}
        aria-busy="true"
        role="status"
        aria-label="Loading bet history"
      >
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (error) return <p className={cn("py-2 text-sm text-destructive", className)}>{error}</p>;
  if (changes.length === 0) {
    return (
      <p className={cn("py-2 text-sm text-muted-foreground", className)}>
        No bet changes yet: the contest plays for its original amount.
      </p>
    );
  }
  return (
    <ul aria-label="Bet history" className={cn("divide-y rounded-lg border", className)}>
      {changes.map((change) => {
        const status =
          change.kind === "admin" ? { label: "Set by admin", className: "" } : STATUS[change.status];
        return (
          <li key={change.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <p className="text-sm font-medium">{changeText(change)}</p>
              <p className="truncate text-xs text-muted-foreground">{changeOrigin(change)}</p>
            </div>
            <Badge variant="outline" className={cn("shrink-0", status.className)}>
              {status.label}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
