import { LAST_WEEK } from "./postseason";

/**
 * The season calendar: which NFL season and week it is. Weeks turn over on Tuesday 06:00 UTC;
 * week 1 runs until the first Tuesday turnover after the season's first kickoff. After the 18
 * regular weeks come the postseason's (domain/postseason.ts): 19 to 21 a calendar week each, the
 * Super Bowl's (22) two, the Pro Bowl's week and its own.
 */
export const SEASON_WEEKS = 18;
const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
/** A season counts as current once its first game is less than this far ahead. */
const SEASON_LEAD = 120 * DAY;
const TUESDAY = 2;
const TURNOVER_HOUR_UTC = 6;

export interface SeasonOpening {
  season: number;
  firstKickoff: Date;
}

export interface SeasonWeek {
  season: number;
  currentWeek: number;
}

/** The Tuesday 06:00 UTC on or before the season's first kickoff: when week 1 begins. */
export function weekOneStart(firstKickoff: Date): Date {
  const start = new Date(firstKickoff);
  start.setUTCHours(TURNOVER_HOUR_UTC, 0, 0, 0);
  const daysBack = (start.getUTCDay() - TUESDAY + 7) % 7;
  start.setUTCDate(start.getUTCDate() - daysBack);
  if (start > firstKickoff) start.setUTCDate(start.getUTCDate() - 7);
  return start;
}

/** The week of a season at a moment: 1 before and during week 1, the Super Bowl's (22) after it. */
export function weekAt(firstKickoff: Date, now: Date): number {
  const elapsed = Math.floor((now.getTime() - weekOneStart(firstKickoff).getTime()) / WEEK);
  return Math.min(Math.max(1 + elapsed, 1), LAST_WEEK);
}

/** Calendar weeks from week 1's start to a week's: one a week, but the Super Bowl's week is two. */
const weeksBefore = (week: number) => (week <= LAST_WEEK ? week - 1 : week);

/** When a given week of a season begins (Tuesday 06:00 UTC). */
export function weekStartsAt(firstKickoff: Date, week: number): Date {
  return new Date(weekStartMs(firstKickoff, week));
}

/** Week 1's start by first kickoff (ms since the epoch both): one per season. */
const weekOneStarts = new Map<number, number>();

/**
 * `weekStartsAt` in ms since the epoch, week 1's start worked out once per first kickoff: every
 * standings computation asks it of each week of each contest.
 */
export function weekStartMs(firstKickoff: Date, week: number): number {
  const kickoff = firstKickoff.getTime();
  let start = weekOneStarts.get(kickoff);
  if (start === undefined) {
    start = weekOneStart(firstKickoff).getTime();
    weekOneStarts.set(kickoff, start);
  }
  return start + weeksBefore(week) * WEEK;
}

/** The football season a calendar moment falls in when no games are known: September to February. */
export function seasonOfDate(now: Date): number {
  return now.getUTCMonth() < 2 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
}

/**
 * The current season: the configured one when set, else the most recent season whose first game
 * is less than 120 days ahead, else the earliest known season, else the calendar's.
 */
export function currentSeason(
  now: Date,
  openings: readonly SeasonOpening[],
  configured?: number | null,
): number {
  if (configured) return configured;
  const started = openings
    .filter((opening) => opening.firstKickoff.getTime() - now.getTime() < SEASON_LEAD)
    .sort((a, b) => b.season - a.season);
  if (started[0]) return started[0].season;
  const earliest = [...openings].sort((a, b) => a.season - b.season)[0];
  return earliest ? earliest.season : seasonOfDate(now);
}

export function seasonWeek(
  now: Date,
  openings: readonly SeasonOpening[],
  configured?: number | null,
): SeasonWeek {
  const season = currentSeason(now, openings, configured);
  const opening = openings.find((candidate) => candidate.season === season);
  return { season, currentWeek: opening ? weekAt(opening.firstKickoff, now) : 1 };
}

export interface NextSeason {
  season: number;
  /** Its first kickoff; null while its schedule is not loaded. */
  firstKickoff: Date | null;
}

/**
 * The season after the current one: the earliest later season with games, else the next year's
 * (at least the calendar's), whose schedule is not loaded yet.
 */
export function nextSeasonOf(current: number, openings: readonly SeasonOpening[], now: Date): NextSeason {
  const later = openings.filter((opening) => opening.season > current).sort((a, b) => a.season - b.season)[0];
  if (later) return { season: later.season, firstKickoff: later.firstKickoff };
  return { season: Math.max(current + 1, seasonOfDate(now)), firstKickoff: null };
}
