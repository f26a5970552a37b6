import { CalendarDays } from "lucide-react";
import type { WeeklyResult } from "@/contracts/picks";
import { Badge } from "@/client/components/ui/badge";
import { Skeleton } from "@/client/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/client/components/ui/table";
import { cn } from "@/client/lib/utils";
import { isPostseason, weekName } from "@/domain/postseason";
import { otherSide, weekMoneyText, weekVerdict, winsIn, type Side } from "../standings";
import { SectionCard } from "./section-card";
import { moneyTone, Verdict, VerdictNote } from "./verdict";

/**
 * One row per begun week: the viewer's outcome, both players' correct picks, and the week's money
 * from the viewer's side (the pot at stake while it is played), the same figure as Recent Performance.
 */
export function WeeklyStandingsCard({
  results,
  loading,
  side,
  columns,
  currentWeek,
  showPot,
  className,
}: {
  results: WeeklyResult[];
  loading: boolean;
  side: Side;
  /** Column headings for the viewer's wins and the opponent's. */
  columns: { mine: string; theirs: string };
  /** The week being played, badged "Current"; null when none is (a completed contest). */
  currentWeek: number | null;
  /** Free contests have no pot to show. */
  showPot: boolean;
  className?: string;
}) {
  const weeks = [...results].sort((a, b) => a.week - b.week);
  return (
    <SectionCard
      title="Weekly Standings"
      icon={CalendarDays}
      description={
        showPot
          ? "Correct picks each week. The week's winner takes the pot; a push moves no money ($0)."
          : "Correct picks each week; the week goes to whoever has more."
      }
      className={className}
    >
      {loading ? (
        <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading weekly standings">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : weeks.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          Weekly standings appear once the contest is under way.
        </p>
      ) : (
        <Table aria-label="Weekly standings">
          <TableHeader>
            <TableRow>
              <TableHead className="pl-0">Week</TableHead>
              <TableHead>Result</TableHead>
              <TableHead className="max-w-24 truncate text-right" title={columns.mine}>
                {columns.mine}
              </TableHead>
              <TableHead
                className={cn("max-w-24 truncate text-right", !showPot && "pr-0")}
                title={columns.theirs}
              >
                {columns.theirs}
              </TableHead>
              {showPot ? <TableHead className="pr-0 text-right">Money</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {weeks.map((result) => {
              const current = result.week === currentWeek;
              return (
                <TableRow key={result.week} className={cn(current && "bg-primary/5")}>
                  <TableCell className="pl-0">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      {/* "Week 12" stays whole; a round's longer name may wrap on a phone. */}
                      <span className={cn("font-medium", !isPostseason(result.week) && "whitespace-nowrap")}>
                        {weekName(result.week)}
                      </span>
                      {current ? <Badge>Current</Badge> : null}
                    </span>
                  </TableCell>
                  <TableCell>
                    {/* Wraps on a phone, so that the five columns fit its width. */}
                    <Verdict verdict={weekVerdict(result, side)} className="whitespace-normal" />
                    <VerdictNote result={result} />
                  </TableCell>
                  <TableCell className="text-right font-semibold tabular-nums">
                    {winsIn(result, side)}
                  </TableCell>
                  <TableCell className={cn("text-right tabular-nums", !showPot && "pr-0")}>
                    {winsIn(result, otherSide(side))}
                  </TableCell>
                  {showPot ? <MoneyCell result={result} side={side} /> : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}

/** "+$20", "-$20", "$0" (a push: nobody takes the pot), or "Pot $20" while the week is played. */
function MoneyCell({ result, side }: { result: WeeklyResult; side: Side }) {
  const money = weekMoneyText(result, side);
  return (
    <TableCell
      className={cn(
        "pr-0 text-right whitespace-nowrap tabular-nums",
        money.amount === null ? "text-muted-foreground" : cn("font-semibold", moneyTone(money.amount)),
      )}
    >
      {money.text}
      {money.note ? (
        <span className="block text-xs font-normal whitespace-normal text-muted-foreground">
          {money.note}
        </span>
      ) : null}
    </TableCell>
  );
}
