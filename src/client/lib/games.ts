import type { Game } from "@/contracts/games";

/** SPEC.md section 9's weekday display order. */
export const WEEKDAY_ORDER = [
  "Thursday",
  "Sunday",
  "Monday",
  "Saturday",
  "Friday",
  "Tuesday",
  "Wednesday",
] as const;

// Made once: building an Intl formatter costs far more than using one (a week renders many dates).
let weekdayFormat: Intl.DateTimeFormat | undefined;
let kickoffFormat: Intl.DateTimeFormat | undefined;

/** Games grouped by the viewer's local weekday, in SPEC's day order, each day by kickoff. */
export function groupByWeekday<T extends Pick<Game, "gameDate">>(games: T[]): { day: string; games: T[] }[] {
  const byDay = new Map<string, T[]>();
  for (const game of games) {
    weekdayFormat ??= new Intl.DateTimeFormat("en-US", { weekday: "long" });
    const day = weekdayFormat.format(new Date(game.gameDate));
    byDay.set(day, [...(byDay.get(day) ?? []), game]);
  }
  return WEEKDAY_ORDER.filter((day) => byDay.has(day)).map((day) => ({
    day,
    games: byDay.get(day)!.sort((a, b) => a.gameDate.localeCompare(b.gameDate)),
  }));
}

/** The favorite a game's line names: favoriteTeam, else from the spread's sign (negative: home); none at pick'em. */
export function favoriteTeamOf(
  game: Pick<Game, "homeTeam" | "awayTeam" | "spread" | "favoriteTeam">,
): string | null {
  const spread = game.spread === null ? null : Number(game.spread);
  if (spread === null || spread === 0) return null;
  if (game.favoriteTeam) return game.favoriteTeam;
  return spread < 0 ? game.homeTeam : game.awayTeam;
}

const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** "Pick'em" at 0, else "favorite -x / underdog +x"; null without a line. */
export function formatSpread(
  game: Pick<Game, "homeTeam" | "awayTeam" | "spread" | "favoriteTeam">,
): string | null {
  if (game.spread === null) return null;
  const favorite = favoriteTeamOf(game);
  if (!favorite) return "Pick'em";
  const underdog = favorite === game.homeTeam ? game.awayTeam : game.homeTeam;
  const size = points(Math.abs(Number(game.spread)));
  return `${favorite} -${size} / ${underdog} +${size}`;
}

/** "47.5", or null without a total. */
export const formatTotal = (game: Pick<Game, "overUnder">) =>
  game.overUnder === null ? null : points(Number(game.overUnder));

/** "Sun, Sep 7, 1:00 PM" in the viewer's time zone. */
export function formatKickoff(iso: string): string {
  kickoffFormat ??= new Intl.DateTimeFormat(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return kickoffFormat.format(new Date(iso));
}
