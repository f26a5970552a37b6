import { useState } from "react";
import {
  Ban,
  CheckCircle2,
  ChevronDown,
  CircleDashed,
  MinusCircle,
  Repeat,
  Scale,
  XCircle,
} from "lucide-react";
import type { WeeklyResult } from "@/contracts/picks";
import { LockBadge } from "@/client/components/lock-badge";
import { SeparatedText } from "@/client/components/separated-text";
import { Badge } from "@/client/components/ui/badge";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/client/components/ui/collapsible";
import { gameStateText } from "@/client/lib/games";
import { outcomeLabel } from "@/client/lib/lock-of-the-week";
import { hasVoidPick, pickOutcome, VOID_NOTE, type PickOutcome } from "@/client/lib/pick-outcome";
import { pickWithLine } from "@/client/lib/pick-line";
import { cn } from "@/client/lib/utils";
import { compareLeagueDays } from "@/domain/league-time";
import { weekName } from "@/domain/postseason";
import { potText, rolloverText, weekTiebreakText, weekVerdictText } from "../weekly-results-view";

type ResultPick = WeeklyResult["player1Picks"][number];

const outcomeStyles: Record<PickOutcome, { icon: typeof CheckCircle2; className: string }> = {
  win: { icon: CheckCircle2, className: "text-green-700 dark:text-green-400" },
  loss: { icon: XCircle, className: "text-destructive" },
  push: { icon: MinusCircle, className: "text-muted-foreground" },
  void: { icon: Ban, className: "text-muted-foreground" },
  pending: { icon: CircleDashed, className: "text-muted-foreground" },
};

function PickRow({ pick }: { pick: ResultPick }) {
  const outcome = pickOutcome(pick);
  const { icon: Icon, className } = outcomeStyles[outcome];
  // The outcome says it all for a void pick; otherwise the game's state and live score.
  const state = outcome === "void" ? null : gameStateText(pick.game);
  return (
    <li className="flex items-center justify-between gap-3 rounded-md border bg-background px-3 py-2">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-medium">
          <span className="whitespace-nowrap">
            {pick.game.awayTeam} @ {pick.game.homeTeam}
          </span>
          {state ? (
            <span className="text-xs font-normal text-muted-foreground tabular-nums">
              <SeparatedText text={state} />
            </span>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span>
            <SeparatedText text={pickWithLine(pick)} />
          </span>
          {pick.isLock ? <LockBadge /> : null}
        </p>
      </div>
      <span className={cn("flex shrink-0 items-center gap-1 text-right text-xs font-medium", className)}>
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {outcomeLabel(pick)}
      </span>
    </li>
  );
}

/** A week's picks in the order Make Picks shows its games: by league day (US Eastern), Thursday first. */
const inDayOrder = (picks: ResultPick[]) =>
  [...picks].sort((a, b) => compareLeagueDays(a.game.gameDate, b.game.gameDate));

function PlayerPicks({ name, picks }: { name: string; picks: ResultPick[] }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold">{name}</h3>
      {picks.length === 0 ? (
        <p className="text-sm text-muted-foreground">No picks this week.</p>
      ) : (
        <ul className="space-y-2">
          {inDayOrder(picks).map((pick) => (
            <PickRow key={pick.id} pick={pick} />
          ))}
        </ul>
      )}
    </div>
  );
}

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
