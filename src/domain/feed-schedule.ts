/**
 * When the data feed polls (docs/rules.md, "The data feed"): every live interval while a game is
 * between 15 minutes before its kickoff and its final; the lines of the current and next week
 * hourly; the whole season daily. Failures back off exponentially with jitter, capped at 30 minutes.
 */
import { LIVE_LEAD_MS } from "./feed";
import { LAST_WEEK } from "./postseason";

export const LINES_EVERY_MS = 60 * 60_000;
export const SEASON_EVERY_MS = 24 * 60 * 60_000;
export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_CAP_MS = 30 * 60_000;
/** A game the source never reports final stops being watched this long after its kickoff. */
export const LIVE_WATCH_MS = 8 * 60 * 60_000;

export interface ScheduledGame {
  week: number;
  gameDate: Date;
  status: "upcoming" | "live" | "final" | "postponed" | "canceled";
}

export interface ScheduleInput {
  now: Date;
  liveIntervalMs: number;
  /** The current season's games. */
  games: readonly ScheduledGame[];
  currentWeek: number;
  lastSyncAt: Date | null;
  lastLinesSyncAt: Date | null;
  lastSeasonSyncAt: Date | null;
}

export interface DueWork {
  season: boolean;
  /** Weeks whose lines are due (the current and the next). */
  lineWeeks: number[];
  /** Weeks with a game under watch whose live poll is due. */
  liveWeeks: number[];
}

const since = (now: Date, then: Date | null) => (then ? now.getTime() - then.getTime() : Infinity);

/** Whether a game is watched live: from 15 minutes before its kickoff until its final. */
export function isWatched(game: ScheduledGame, now: Date): boolean {
  if (game.status !== "upcoming" && game.status !== "live") return false;
  const fromKickoff = now.getTime() - game.gameDate.getTime();
  return fromKickoff >= -LIVE_LEAD_MS && fromKickoff < LIVE_WATCH_MS;
}

export function dueWork(input: ScheduleInput): DueWork {
  const { now } = input;
  const season = since(now, input.lastSeasonSyncAt) >= SEASON_EVERY_MS;
  const lineWeeks =
    since(now, input.lastLinesSyncAt) >= LINES_EVERY_MS
      ? [input.currentWeek, input.currentWeek + 1].filter((week) => week <= LAST_WEEK)
      : [];
  const watchedWeeks = [
    ...new Set(input.games.filter((game) => isWatched(game, now)).map((game) => game.week)),
  ].sort((a, b) => a - b);
  const liveWeeks = since(now, input.lastSyncAt) >= input.liveIntervalMs ? watchedWeeks : [];
  return { season, lineWeeks, liveWeeks };
}

/** When the next poll is due, after the work due now has run (`last*` set to now where it ran). */
export function nextPollAt(input: ScheduleInput): Date {
  const { now } = input;
  const at = (then: Date | null, every: number) => (then ? then.getTime() + every : now.getTime());
  const candidates = [at(input.lastSeasonSyncAt, SEASON_EVERY_MS), at(input.lastLinesSyncAt, LINES_EVERY_MS)];
  const watching = input.games.some((game) => isWatched(game, now));
  if (watching) candidates.push(at(input.lastSyncAt, input.liveIntervalMs));
  // The next game to come under watch.
  const upcoming = input.games
    .filter((game) => game.status === "upcoming" || game.status === "live")
    .map((game) => game.gameDate.getTime() - LIVE_LEAD_MS)
    .filter((time) => time > now.getTime());
  if (upcoming.length > 0) candidates.push(Math.min(...upcoming));
  return new Date(Math.max(now.getTime(), Math.min(...candidates)));
}

/** The wait after the n-th failure in a row (n >= 1): doubling from a minute, capped, with jitter. */
export function backoffMs(failures: number, random: number = Math.random()): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  // "Equal jitter": half fixed, half random, so instances that failed together spread out.
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
