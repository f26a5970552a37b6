import { memo } from "react";
import { CalendarClock } from "lucide-react";
import type { Game } from "@/contracts/games";
import { GameStatusBadge } from "@/client/components/game-status-badge";
import { formatKickoff, shownScore } from "@/client/lib/games";
import { cn } from "@/client/lib/utils";

function ScoreLine({ team, score, leads }: { team: string; score: number; leads: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <span className={cn("text-sm", leads ? "font-semibold" : "text-muted-foreground")}>{team}</span>
      <span className={cn("text-lg tabular-nums", leads ? "font-bold" : "text-muted-foreground")}>
        {score}
      </span>
    </div>
  );
}

/**
 * The top of a game card: "away @ home", kickoff in the viewer's zone, the game's state ("Q2 6:52",
 * "Final/OT", "Postponed"), and the score while live and once final.
 */
export const GameHeading = memo(function GameHeading({ game }: { game: Game }) {
  const score = shownScore(game);
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold">
            {game.awayTeam} @ {game.homeTeam}
          </h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
            <time dateTime={game.gameDate}>{formatKickoff(game.gameDate)}</time>
          </p>
        </div>
        <GameStatusBadge game={game} />
      </div>
      {score ? (
        <div
          className="space-y-0.5 rounded-lg border px-3 py-2"
          role="group"
          aria-label={game.status === "live" ? "Live score" : "Score"}
        >
          <ScoreLine team={game.awayTeam} score={score.away} leads={score.away > score.home} />
          <ScoreLine team={game.homeTeam} score={score.home} leads={score.home > score.away} />
        </div>
      ) : null}
    </>
  );
});
