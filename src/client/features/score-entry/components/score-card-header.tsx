import { CalendarClock } from "lucide-react";
import type { Game } from "@/contracts/games";
import { GameStatusBadge } from "@/client/components/game-status-badge";
import { CardHeader } from "@/client/components/ui/card";
import { formatKickoff, formatTotal } from "@/client/lib/games";
import { scoreCardLine } from "../score-entry";

/** A score card's title, the matchup (its heading, `titleId`), its status, kickoff, line and total. */
export function ScoreCardHeader({
  game,
  titleId,
  matchup,
}: {
  game: Game;
  titleId: string;
  matchup: string;
}) {
  const line = scoreCardLine(game);
  const total = formatTotal(game);
  return (
    <CardHeader className="grid-cols-[1fr_auto] gap-1 px-4">
      <h3 id={titleId} className="leading-snug font-semibold">
        {matchup}
      </h3>
      <GameStatusBadge game={game} className="col-start-2 row-start-1" />
      <p className="col-span-2 flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
        <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
        <time dateTime={game.gameDate}>{formatKickoff(game.gameDate)}</time>
        {line ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{line}</span>
          </>
        ) : null}
        {total ? (
          <>
            <span aria-hidden="true">·</span>
            <span>O/U {total}</span>
          </>
        ) : null}
      </p>
    </CardHeader>
  );
}
