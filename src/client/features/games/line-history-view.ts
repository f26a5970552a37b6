import type { Game, LineHistory, LineMove } from "@/contracts/games";
import type { LineSource } from "@/domain/line-history";
import { favoriteTeamOf, MONTH_SHORT } from "@/client/lib/games";

/** Who moved a line, as the history names it. */
export const SOURCE_LABEL: Record<LineSource, string> = {
  feed: "Data feed",
  admin: "Admin",
  import: "Import",
};

type Teams = Pick<Game, "homeTeam" | "awayTeam">;

const points = (value: number) => String(Math.abs(value));

/** A move's spread from the favorite's side: "DET -10.5", "Pick'em", "No spread". */
export function spreadText(game: Teams, move: Pick<LineMove, "spread" | "favoriteTeam">): string {
  if (move.spread === null) return "No spread";
  const favorite = favoriteTeamOf({ ...game, ...move });
  return favorite ? `${favorite} -${points(Number(move.spread))}` : "Pick'em";
}

/** A move's total: "O/U 51", "No total". */
export const totalText = (move: Pick<LineMove, "overUnder">) =>
  move.overUnder === null ? "No total" : `O/U ${points(Number(move.overUnder))}`;

/** A move's whole line: "DET -10.5 · O/U 51". */
export const moveLine = (game: Teams, move: LineMove) => `${spreadText(game, move)} · ${totalText(move)}`;

/** The home team's line at a spread (its view): "-10.5", "+3", "PK". */
export const homeLine = (spread: number) =>
  spread === 0 ? "PK" : `${spread > 0 ? "+" : "-"}${points(spread)}`;

/** "Nov 20, 7:00 AM": a short moment in the viewer's zone, for the chart's axis. */
function shortMoment(iso: string): string {
  const date = new Date(iso);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${MONTH_SHORT[date.getMonth()]} ${date.getDate()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

export interface SpreadPoint {
  label: string;
  /** The home team's spread (negative: the home team favoured); null while the game had none. */
  spread: number | null;
}

/**
 * The chart's points: each move's spread, then the last one held to the kickoff (once kicked off)
 * or to now, so that a line that never moved is a line, not a dot. None without any spread.
 */
export function spreadPoints(history: LineHistory): SpreadPoint[] {
  const moves = history.moves.map((move) => ({
    label: shortMoment(move.movedAt),
    spread: move.spread === null ? null : Number(move.spread),
  }));
  if (moves.every((point) => point.spread === null)) return [];
  const last = history.closing ?? history.moves.at(-1)!;
  const held = last.spread === null ? null : Number(last.spread);
  return [...moves, { label: history.closing ? "Kickoff" : "Now", spread: held }];
}
