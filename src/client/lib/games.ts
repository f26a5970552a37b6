import type { Game, GameStatus } from "@/contracts/games";
import { gameProgressText } from "@/domain/game-status";
import { groupByLeagueDay, WEEKDAY_NAMES } from "@/domain/league-time";
import { awaitingResult } from "@/domain/season-gaps";
import { serverNow } from "./server-clock";

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
 * Games grouped by their league day (US Eastern: the day the NFL plays them on, whatever the
 * viewer's zone), in the league's day order, each day by kickoff. `date` tells apart two days of one name.
 */
export const groupByWeekday = groupByLeagueDay;

/** The favorite a game's line names: favoriteTeam, else from the spread's sign (negative: home); none at pick'em. */
/** A game as its matchup reads everywhere: "DAL @ PHI". */
export const matchupOf = (game: Pick<Game, "homeTeam" | "awayTeam">) => `${game.awayTeam} @ ${game.homeTeam}`;

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
 * "Sun, Sep 7, 1:00 PM EDT" in the viewer's time zone, named, as an "en-US" Intl formatter writes
 * it, from the Date's local fields: a page's first Intl formatter loads the browser's locale data,
 * a long task on a phone's main thread (decision 012), so only the zone's name
 * is asked of Intl, once per offset.
 */
export function formatKickoff(iso: string): string {
  const date = new Date(iso);
  return `${WEEKDAY_NAMES[date.getDay()]!.slice(0, 3)}, ${MONTH_SHORT[date.getMonth()]} ${date.getDate()}, ${formatClock(date)}`;
}

/** "1:00 PM EDT": a time of day in the viewer's zone, named. */
export function formatClock(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"} ${zoneName(date)}`;
}

const zoneNames = new Map<number, string>();

/** The viewer's zone as "en-US" names it at that date: "EDT", "PST", "UTC", "GMT+2". */
export function zoneName(date: Date): string {
  // One viewer, one zone: its offset at a date tells its standard time from its summer time.
  const offset = date.getTimezoneOffset();
  let name = zoneNames.get(offset);
  if (name === undefined) {
    name =
      new Intl.DateTimeFormat("en-US", { timeZoneName: "short" })
        .formatToParts(date)
        .find((part) => part.type === "timeZoneName")?.value ?? "";
    zoneNames.set(offset, name);
  }
  return name;
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
 * A game's state and score in one line, each score beside its team, away first as "away @ home"
 * reads: "Q2 6:52 · PIT 7, CHI 3", "Final/OT · GB 20, DET 26", "Postponed"; "Awaiting result" once an
 * upcoming game's kickoff has passed (by the server's clock); null while upcoming.
 */
export function gameStateText(
  game: Pick<
    Game,
    "status" | "period" | "clock" | "phase" | "homeScore" | "awayScore" | "awayTeam" | "homeTeam"
  > &
    Partial<Pick<Game, "gameDate">>,
): string | null {
  const progress = gameProgressText(game);
  if (progress === null) {
    const { gameDate } = game;
    return gameDate && awaitingResult({ status: game.status, gameDate }, serverNow())
      ? "Awaiting result"
      : null;
  }
  const score = shownScore(game);
  return score ? `${progress} · ${game.awayTeam} ${score.away}, ${game.homeTeam} ${score.home}` : progress;
}
