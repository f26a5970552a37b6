/**
 * What a season on the clock still lacks, for the admin: its schedule, the lines of the weeks about
 * to be played, and the results of games already kicked off.
 */
import { SEASON_WEEKS } from "./season";

export interface GapGame {
  week: number;
  gameDate: Date;
  status: "upcoming" | "live" | "final" | "postponed" | "canceled";
  spread: unknown;
  overUnder: unknown;
}

export interface WeekCount {
  week: number;
  count: number;
}

export interface SeasonGaps {
  /** Regular-season games stored for the season. */
  games: number;
  /** Games of the current and next week, not kicked off, without a spread or a total. */
  noLine: WeekCount[];
  /** Games kicked off that have no result: still upcoming, or live long past any game's length. */
  noResult: WeekCount[];
}

const HOUR = 60 * 60 * 1000;
/** No game is still live this long after its kickoff (the data feed's own limit). */
export const LONGEST_GAME = 8 * HOUR;

/** True when an upcoming game's kickoff has passed: it has no result yet ("Awaiting result"). */
export function awaitingResult(game: { status: string; gameDate: Date | string }, now: number): boolean {
  return game.status === "upcoming" && new Date(game.gameDate).getTime() <= now;
}

function byWeek(games: readonly GapGame[]): WeekCount[] {
  const counts = new Map<number, number>();
  for (const game of games) counts.set(game.week, (counts.get(game.week) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([week, count]) => ({ week, count }));
}

export function seasonGaps(games: readonly GapGame[], now: Date, currentWeek: number): SeasonGaps {
  const regular = games.filter((game) => game.week >= 1 && game.week <= SEASON_WEEKS);
  const at = now.getTime();
  const noLine = regular.filter(
    (game) =>
      (game.week === currentWeek || game.week === currentWeek + 1) &&
      game.status === "upcoming" &&
      game.gameDate.getTime() > at &&
      (game.spread === null || game.overUnder === null),
  );
  const noResult = regular.filter(
    (game) =>
      awaitingResult(game, at) || (game.status === "live" && game.gameDate.getTime() + LONGEST_GAME <= at),
  );
  return { games: regular.length, noLine: byWeek(noLine), noResult: byWeek(noResult) };
}
