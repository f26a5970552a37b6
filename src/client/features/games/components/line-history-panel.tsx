import { lazy, Suspense } from "react";
import type { Game, LineMove } from "@/contracts/games";
import { LoadErrorAlert } from "@/client/components/load-error-alert";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatKickoff } from "@/client/lib/games";
import { gameKickedOff } from "@/client/lib/pick-line";
import { useLineHistory } from "../api/get-line-history";
import { moveLine, SOURCE_LABEL, spreadPoints } from "../line-history-view";

// Recharts is big: loaded when a history is first opened, not with the page.
const LineHistoryChart = lazy(() => import("./line-history-chart"));

function Ends({
  label,
  game,
  move,
  none,
}: {
  label: string;
  game: Game;
  move: LineMove | null;
  none: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={move ? "text-sm font-semibold" : "text-sm text-muted-foreground"}>
        {move ? moveLine(game, move) : none}
      </dd>
    </div>
  );
}

/**
 * Where a game's line went (docs/rules.md, "Where the line went"): its opening and closing lines,
 * its spread over time, and every move with its time and who made it. Fetched when opened.
 */
export function LineHistoryPanel({ game }: { game: Game }) {
  const history = useLineHistory(game.id, true);
  if (history.error)
    return (
      <LoadErrorAlert
        title="Failed to fetch the line history"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  if (!history.data)
    return (
      <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading the line history">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  const { opening, moves, closing } = history.data;
  if (moves.length === 0)
    return <p className="text-sm text-muted-foreground">No line moves recorded for this game.</p>;
  const points = spreadPoints(history.data);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-2">
        <Ends label="Opening" game={game} move={opening} none="None recorded" />
        <Ends
          label="Closing"
          game={game}
          move={closing}
          none={gameKickedOff(game) ? "None recorded" : "Set at kickoff"}
        />
      </dl>
      {points.length > 0 ? (
        <Suspense fallback={<Skeleton className="h-32 w-full" />}>
          <LineHistoryChart game={game} points={points} />
        </Suspense>
      ) : null}
      <div>
        <h4 className="text-xs font-medium text-muted-foreground">
          {moves.length === 1 ? "1 move" : `${moves.length} moves`}, oldest first
        </h4>
        <ol className="mt-1 space-y-1">
          {moves.map((move, index) => (
            <li key={index} className="flex flex-col gap-0.5 rounded-md bg-muted/60 px-2.5 py-1.5 text-xs">
              <span className="font-semibold whitespace-nowrap tabular-nums">{moveLine(game, move)}</span>
              <span className="text-muted-foreground">
                <time dateTime={move.movedAt}>{formatKickoff(move.movedAt)}</time> ·{" "}
                {SOURCE_LABEL[move.source]}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
