import { useState } from "react";
import { ChevronDown, Repeat, Scale } from "lucide-react";
import type { WeeklyResult } from "@/contracts/picks";
import { WeekSweat } from "@/client/components/pick-sweat";
import { SeparatedText } from "@/client/components/separated-text";
import { Badge } from "@/client/components/ui/badge";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/client/components/ui/collapsible";
import { hasVoidPick, VOID_NOTE } from "@/client/lib/pick-outcome";
import { weekSweatText } from "@/client/lib/sweat";
import { cn } from "@/client/lib/utils";
import { weekName } from "@/domain/postseason";
import { potText, rolloverText, weekTiebreakText, weekVerdictText } from "../weekly-results-view";
import { PlayerPicks } from "./weekly-result-picks";

interface WeekRowProps {
  result: WeeklyResult;
  player1Name: string;
  player2Name: string;
  /** The contest's last NFL week: a pot no one won there is left unclaimed. */
  lastWeek: number;
}

function WeekRow({ result, player1Name, player2Name, lastWeek }: WeekRowProps) {
  const [open, setOpen] = useState(false);
  const names = { player1: player1Name, player2: player2Name };
  const winner = weekVerdictText(result, names);
  const tiebreak = weekTiebreakText(result, names);
  const rollover = result.isSettled ? rolloverText(result, lastWeek) : null;
  // A week in progress with a live game: how it would end now, moving with each live score.
  const sweat = weekSweatText(result, names);
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <li className="rounded-lg border">
        <CollapsibleTrigger className="flex w-full flex-col items-start gap-2 rounded-lg p-3 text-left transition-colors outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 sm:shrink-0">
            <ChevronDown
              className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")}
              aria-hidden="true"
            />
            <span className="font-semibold whitespace-nowrap">{weekName(result.week)}</span>
            <span className="text-sm text-muted-foreground">{potText(result)}</span>
          </span>
          <span className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 pl-6 text-sm sm:justify-end sm:pl-0">
            <span>
              {player1Name}: <span className="font-semibold tabular-nums">{result.player1Wins}</span>
            </span>
            <span>
              {player2Name}: <span className="font-semibold tabular-nums">{result.player2Wins}</span>
            </span>
            {result.isSettled && winner ? (
              <Badge
                variant={result.weekWinner === "tie" ? "secondary" : "default"}
                className="max-w-full whitespace-normal"
              >
                {winner}
              </Badge>
            ) : null}
            {rollover ? (
              <span
                className="flex items-center gap-1 text-xs text-muted-foreground"
                data-testid="week-rollover"
              >
                <Repeat className="size-3.5 shrink-0" aria-hidden="true" />
                {rollover}
              </span>
            ) : null}
          </span>
        </CollapsibleTrigger>
        {sweat ? <WeekSweat text={sweat} className="border-t px-3 py-2" /> : null}
        <CollapsibleContent>
          <div className="grid grid-cols-1 gap-4 border-t bg-muted/30 p-3 sm:grid-cols-2">
            {tiebreak ? (
              <p className="flex items-start gap-2 text-sm sm:col-span-2" data-testid="week-tiebreak">
                <Scale className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  <SeparatedText text={tiebreak} />
                </span>
              </p>
            ) : null}
            <PlayerPicks name={player1Name} picks={result.player1Picks} />
            <PlayerPicks name={player2Name} picks={result.player2Picks} />
            {hasVoidPick([...result.player1Picks, ...result.player2Picks]) ? (
              <p className="text-xs text-muted-foreground sm:col-span-2">{VOID_NOTE}</p>
            ) : null}
          </div>
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}

/** Weeks are listed once someone has picked; before that, "No picks have been made yet." */
export const hasAnyPicks = (results: WeeklyResult[]) =>
  results.some((week) => week.player1Picks.length + week.player2Picks.length > 0);

/** Each week's pot, wins and picks; newest week first. */
export function WeeklyResults({
  results,
  ...weekProps
}: Omit<WeekRowProps, "result"> & { results: WeeklyResult[] }) {
  if (!hasAnyPicks(results)) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No picks have been made yet.</p>;
  }
  const newestFirst = [...results].sort((a, b) => b.week - a.week);
  return (
    <ul className="space-y-2">
      {newestFirst.map((result) => (
        <WeekRow key={result.week} result={result} {...weekProps} />
      ))}
    </ul>
  );
}
