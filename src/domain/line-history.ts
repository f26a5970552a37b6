/**
 * Where the line went (docs/rules.md, "Where the line went"): which change to a game moves its line,
 * and a game's history of moves as the screens read it (opening, every move, closing). Pure: the
 * writers of games ask `lineMoved` of each change they write (src/server/services/game-changes.ts,
 * `recordLineMoves`), and the history is read back through `lineHistory`.
 */
import { favoriteOf } from "./grading";

/** Who moved a line: the data feed's sync, an admin's edit, a CSV import (or the shipped schedule). */
export const LINE_SOURCES = ["feed", "admin", "import"] as const;
export type LineSource = (typeof LINE_SOURCES)[number];

/** A game's line as stored: the spread from the home team's view, the favorite named, the total. */
export interface GameLine {
  homeTeam: string;
  awayTeam: string;
  spread: number | null;
  favoriteTeam: string | null;
  overUnder: number | null;
}

/** What says whether a game has kicked off. */
export interface Kickoff {
  status: "upcoming" | "live" | "final" | "postponed" | "canceled";
  gameDate: Date;
}

/**
 * The game is under way or over, or its kickoff has come by the clock: from then its line no longer
 * moves (the data feed freezes it at the same moment, `mergeFedGame`), and its closing line is known.
 */
export const hasKickedOff = (game: Kickoff, now: Date): boolean =>
  game.status === "live" || game.status === "final" || now.getTime() >= game.gameDate.getTime();

/** The team a spread favours (a named favorite that contradicts nothing, else the sign); none at pick'em or without a spread. */
function favored(line: GameLine): string | null {
  if (line.spread === null || line.spread === 0) return null;
  return favoriteOf(line, line.spread, line.favoriteTeam);
}

/** The same line: spread, the team it favours, and total. */
export const sameLine = (a: GameLine, b: GameLine): boolean =>
  a.spread === b.spread && a.overUnder === b.overUnder && favored(a) === favored(b);

/**
 * Did this change move the game's line, before its kickoff? `before` is the game as it was (null:
 * a new game, whose line is set if it has a spread or a total); `after`, as the change leaves it.
 * A change after the kickoff (by `after`'s status and kickoff) is never a move.
 */
export function lineMoved(before: GameLine | null, after: GameLine & Kickoff, now: Date): boolean {
  if (hasKickedOff(after, now)) return false;
  if (before === null) return after.spread !== null || after.overUnder !== null;
  return !sameLine(before, after);
}

/** A move of a line, as far as the history's rules read it: when it was made (the app's clock). */
export interface Timed {
  movedAt: Date;
}

/** The line a game had at its kickoff: the last move at or before it (moves oldest first). */
export function closingMove<M extends Timed>(moves: readonly M[], kickoff: Date): M | null {
  let closing: M | null = null;
  for (const move of moves) if (move.movedAt.getTime() <= kickoff.getTime()) closing = move;
  return closing;
}

export interface LineHistory<M> {
  /** The first move: the line the game was first given. */
  opening: M | null;
  /** Every move, oldest first. */
  moves: M[];
  /** Once the game has kicked off, the last move at or before its kickoff; null before. */
  closing: M | null;
}

/** A game's history from its moves (oldest first), as of `now`. */
export function lineHistory<M extends Timed>(moves: readonly M[], game: Kickoff, now: Date): LineHistory<M> {
  return {
    opening: moves[0] ?? null,
    moves: [...moves],
    closing: hasKickedOff(game, now) ? closingMove(moves, game.gameDate) : null,
  };
}
