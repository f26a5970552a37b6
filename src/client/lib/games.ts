import type { Game, GameStatus } from "@/contracts/games";
import { gameProgressText } from "@/domain/game-status";

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

// By Date.getDay(): the viewer's local weekday, as an "en-US" { weekday: "long" } formatter names it.
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export const MONTH_SHORT = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];

/**
 * Games grouped by the viewer's local weekday, in SPEC's day order, each day by kickoff. Without
 * Intl: a page's first Intl formatter or collator costs tens of milliseconds on a phone.
 */
export function groupByWeekday<T extends Pick<Game, "gameDate">>(games: T[]): { day: string; games: T[] }[] {
  const byDay = new Map<string, T[]>();
  for (const game of games) {
    const day = WEEKDAY_NAMES[new Date(game.gameDate).getDay()]!;
    byDay.set(day, [...(byDay.get(day) ?? []), game]);
  }
  // ISO 8601 instants in one format sort as text.
  const byKickoff = (a: T, b: T) => (a.gameDate < b.gameDate ? -1 : a.gameDate > b.gameDate ? 1 : 0);
  return WEEKDAY_ORDER.filter((day) => byDay.has(day)).map((day) => ({
    day,
    games: byDay.get(day)!.sort(byKickoff),
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

/**
 * "Sun, Sep 7, 1:00 PM" in the viewer's time zone, as an "en-US" Intl formatter writes it, from the
 * Date's local fields: a page's first Intl formatter loads the browser's locale data, 20 to 30 ms
 * of main thread at full speed (four times that on a phone), in the render of a week of games.
 */
export function formatKickoff(iso: string): string {
  const date = new Date(iso);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return (
    `${WEEKDAY_NAMES[date.getDay()]!.slice(0, 3)}, ${MONTH_SHORT[date.getMonth()]} ${date.getDate()}, ` +
    `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`
  );
}

/** The statuses as the admin's selects name them. */
export const GAME_STATUS_LABEL: Record<GameStatus, string> = {
  upcoming: "Upcoming",
  live: "Live",
  final: "Final",
  postponed: "Postponed",
  canceled: "Canceled",
};

/**
 * The score to show: a live game's (kept current by the data feed) or a final's. A postponed or
 * canceled game's partial score is not a result, so it is not shown.
 */
export function shownScore(
  game: Pick<Game, "status" | "homeScore" | "awayScore">,
): { home: number; away: number } | null {
  if (game.status !== "live" && game.status !== "final") return null;
  if (game.homeScore === null || game.awayScore === null) return null;
  return { home: game.homeScore, away: game.awayScore };
}

/**
 * A game's state and score in one line, the score away first as "away @ home" reads: "Q2 6:52 · 7–3",
 * "Final/OT · 20–26", "Postponed"; null while upcoming.
 */
export function gameStateText(
  game: Pick<Game, "status" | "period" | "clock" | "phase" | "homeScore" | "awayScore">,
): string | null {
  const progress = gameProgressText(game);
  if (progress === null) return null;
  const score = shownScore(game);
  return score ? `${progress} · ${score.away}–${score.home}` : progress;
}
