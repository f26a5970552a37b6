import { TrendingUp } from "lucide-react";
import type { WeeklyResult } from "@/contracts/picks";
import { Skeleton } from "@/client/components/ui/skeleton";
import { cn } from "@/client/lib/utils";
import { weekName } from "@/domain/postseason";
import { otherSide, recentWeeks, weekMoneyText, weekVerdict, winsIn, type Side } from "../standings";
import { SectionCard } from "./section-card";
import { moneyTone, Verdict, VerdictNote } from "./verdict";

/** The last few weeks from the viewer's side: outcome, score and what it did to the money. */
export function RecentPerformanceCard({
  results,
  loading,
  side,
  isFree,
  className,
}: {
  results: WeeklyResult[];
  loading: boolean;
  side: Side;
  isFree: boolean;
  className?: string;
}) {
  const weeks = recentWeeks(results);
  return (
    <SectionCard title="Recent Performance" icon={TrendingUp} className={className}>
      {loading ? (
        <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading recent performance">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : weeks.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">No picks have been made yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Recent weeks">
          {weeks.map((result) => {
            const verdict = weekVerdict(result, side);
            const money = weekMoneyText(result, side);
            return (
              <li
                key={result.week}
                aria-label={weekName(result.week)}
                className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium">{weekName(result.week)}</p>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {winsIn(result, side)}–{winsIn(result, otherSide(side))} in correct picks
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-0.5 text-sm">
                  <Verdict verdict={verdict} />
                  <VerdictNote result={result} />
                  {isFree ? null : money.amount === null ? (
                    <span className="text-xs text-muted-foreground">{money.text}</span>
                  ) : (
                    <span className={cn("text-xs font-semibold tabular-nums", moneyTone(money.amount))}>
                      {money.text}
                    </span>
                  )}
                  {isFree || !money.note ? null : (
                    <span className="text-xs text-muted-foreground">{money.note}</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
