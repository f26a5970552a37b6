import { formatDollars } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { plural } from "@/domain/plural";

/** The viewer's balance in a paid contest, green when ahead, red when behind. */
export function ContestRunningTotal({ total, completedWeeks }: { total: number; completedWeeks: number }) {
  return (
    <div className="rounded-lg border p-3">
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-sm text-muted-foreground">Running Total</span>
        <span
          className={cn(
            "text-lg font-semibold tabular-nums",
            total > 0 && "text-green-700 dark:text-green-400",
            total < 0 && "text-destructive",
          )}
        >
          {total > 0 ? "+" : ""}
          {formatDollars(total)}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">Based on {plural(completedWeeks, "completed week")}</p>
    </div>
  );
}
