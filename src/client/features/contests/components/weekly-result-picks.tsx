import { Ban, CheckCircle2, CircleDashed, MinusCircle, XCircle } from "lucide-react";
import type { WeeklyResult } from "@/contracts/picks";
import { LockBadge } from "@/client/components/lock-badge";
import { PickSweat } from "@/client/components/pick-sweat";
import { SeparatedText } from "@/client/components/separated-text";
import { gameStateText } from "@/client/lib/games";
import { outcomeLabel } from "@/client/lib/lock-of-the-week";
import { pickOutcome, type PickOutcome } from "@/client/lib/pick-outcome";
import { closingLineOf, gameKickedOff, pickWithLine, type ClosingLine } from "@/client/lib/pick-line";
import { useClosingLines } from "@/client/lib/queries/games";
import { cn } from "@/client/lib/utils";
import { compareLeagueDays } from "@/domain/league-time";

type ResultPick = WeeklyResult["player1Picks"][number];

const outcomeStyles: Record<PickOutcome, { icon: typeof CheckCircle2; className: string }> = {
  win: { icon: CheckCircle2, className: "text-green-700 dark:text-green-400" },
  loss: { icon: XCircle, className: "text-destructive" },
  push: { icon: MinusCircle, className: "text-muted-foreground" },
  void: { icon: Ban, className: "text-muted-foreground" },
  pending: { icon: CircleDashed, className: "text-muted-foreground" },
};

function PickRow({ pick, closing }: { pick: ResultPick; closing: ClosingLine | undefined }) {
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
            <SeparatedText text={pickWithLine(pick, closing)} />
          </span>
          {pick.isLock ? <LockBadge /> : null}
        </p>
        {/* While the game is live: how the pick stands against its line. */}
        <PickSweat pick={pick} className="mt-1" />
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

/**
 * A player's picks of a week: each with its game's state, its line (beside the closing line once
 * kicked off) and outcome, and its sweat while live.
 */
export function PlayerPicks({ name, picks }: { name: string; picks: ResultPick[] }) {
  const season = picks[0]?.game.season ?? 0;
  const closingLines = useClosingLines(
    season,
    picks.some((pick) => gameKickedOff(pick.game)),
  );
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold">{name}</h3>
      {picks.length === 0 ? (
        <p className="text-sm text-muted-foreground">No picks this week.</p>
      ) : (
        <ul className="space-y-2">
          {inDayOrder(picks).map((pick) => (
            <PickRow key={pick.id} pick={pick} closing={closingLineOf(pick.game, closingLines)} />
          ))}
        </ul>
      )}
    </div>
  );
}
