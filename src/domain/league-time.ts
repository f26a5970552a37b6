import { TZDate } from "@date-fns/tz";
import { tzOffset } from "@date-fns/tz/tzOffset";

/**
 * The league's clock: NFL kickoffs are set, and its days counted, in US Eastern time. A game's day
 * is its day in New York whatever the viewer's zone, so a Thursday night game is Thursday's for a
 * player in London or Los Angeles alike.
 */
export const LEAGUE_ZONE = "America/New_York";

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** A wall-clock moment in the league's zone; month is 1-based, weekday 0 = Sunday. */
export interface LeagueClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

const MINUTE = 60 * 1000;

/** The league's wall clock at an instant. */
export function leagueClock(instant: Date | string): LeagueClock {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const shifted = new Date(date.getTime() + tzOffset(LEAGUE_ZONE, date) * MINUTE);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The instant of a wall-clock time in the league's zone (month 1-based; daylight saving included). */
export function leagueInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, LEAGUE_ZONE).getTime());
}

/** A game's day: its weekday in the league's zone. */
export const leagueWeekday = (instant: Date | string): WeekdayName =>
  WEEKDAY_NAMES[leagueClock(instant).weekday]!;

const two = (value: number) => String(value).padStart(2, "0");

/** "2025-09-04": the league's calendar date of an instant, which sorts as text. */
export function leagueDateKey(instant: Date | string): string {
  const clock = leagueClock(instant);
  return `${clock.year}-${two(clock.month)}-${two(clock.day)}`;
}

/**
 * Kickoffs in the league week's calendar order, Thursday through Wednesday: a Friday or Saturday game
 * falls where the calendar puts it (docs/rules.md, "Screens"), so the order is the kickoffs' own.
 */
export function compareLeagueDays(a: Date | string, b: Date | string): number {
  return new Date(a).getTime() - new Date(b).getTime();
}

/**
 * Games grouped by their league day (US Eastern), days in calendar order, each day by kickoff. A day
 * is a calendar date: two Tuesdays in one list (a week's edge) stay apart, the earlier first.
 */
export function groupByLeagueDay<T extends { gameDate: string }>(
  games: readonly T[],
): { day: WeekdayName; date: string; games: T[] }[] {
  const byDate = new Map<string, T[]>();
  for (const game of games) {
    const key = leagueDateKey(game.gameDate);
    const list = byDate.get(key);
    if (list) list.push(game);
    else byDate.set(key, [game]);
  }
  const kickoff = (game: T) => new Date(game.gameDate).getTime();
  return [...byDate.entries()]
    .map(([date, dayGames]) => ({
      day: leagueWeekday(dayGames[0]!.gameDate),
      date,
      games: [...dayGames].sort((a, b) => kickoff(a) - kickoff(b)),
    }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
