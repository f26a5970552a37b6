import { SEASON_WEEKS } from "@/contracts/constants";
import { LAST_WEEK } from "@/domain/postseason";
import type { NextSeason, SeasonInfo, SeasonStatus } from "@/contracts/season";
import { seasonGaps } from "@/domain/season-gaps";
import { nextSeasonOf, seasonWeek, weekAt, weekStartMs, type SeasonWeek } from "@/domain/season";
import { firstPickerDeadline } from "@/domain/turn";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { readCache, type ReadCache } from "../db/read-cache";
import { getConfigValue } from "../repositories/config.repository";
import { listSeasonGames, seasonOpenings } from "../repositories/games.repository";
import { loadWeekClock, weekClosed } from "./results.service";

export const CURRENT_SEASON_KEY = "current_season";

/** Each season's first kickoff, from memory until the schedule changes (not with a live score). */
export async function cachedSeasonOpenings(
  ctx: AppContext,
): Promise<{ season: number; firstKickoff: Date }[]> {
  return readCache(ctx.database).through("schedule", "openings", () => seasonOpenings(ctx.db));
}

export async function currentSeasonWeek(ctx: AppContext): Promise<SeasonWeek> {
  const cache = readCache(ctx.database);
  const [openings, configured] = await Promise.all([
    cachedSeasonOpenings(ctx),
    // The setting is cached with the schedule ("" when unset: a cached value is never undefined).
    cache.through(
      "schedule",
      "current-season",
      async () => (await getConfigValue(ctx.db, CURRENT_SEASON_KEY)) ?? "",
    ),
  ]);
  return seasonWeek(ctx.clock.now(), openings, configured ? Number(configured) : null);
}

/** Each season's deadlines as sent, by its first kickoff (ms): every page view asks for them. */
const deadlinesByKickoff = new Map<number, readonly string[]>();

/** The first picker's deadline of each week of a season, week 1 first (none without games). */
export async function seasonDeadlines(ctx: AppContext, season: number): Promise<string[]> {
  const opening = (await cachedSeasonOpenings(ctx)).find((candidate) => candidate.season === season);
  if (!opening) return [];
  const kickoff = opening.firstKickoff.getTime();
  let deadlines = deadlinesByKickoff.get(kickoff);
  if (!deadlines) {
    deadlines = Array.from({ length: LAST_WEEK }, (_, index) =>
      firstPickerDeadline(opening.firstKickoff, index + 1).toISOString(),
    );
    if (deadlinesByKickoff.size >= 100) deadlinesByKickoff.clear();
    deadlinesByKickoff.set(kickoff, deadlines);
  }
  return [...deadlines];
}

/**
 * Whether a season still has a week to play: its last week (18) is not over, by its kickoffs and
 * the calendar. A season without games is to play when it is the current one or later (its
 * schedule is not loaded yet), over when earlier. `db` may be a transaction (then give no cache).
 */
export async function hasWeeksToPlay(
  db: Executor,
  now: Date,
  current: SeasonWeek,
  season: number,
  cache?: ReadCache,
): Promise<boolean> {
  const clock = await loadWeekClock(db, now, current, [season], cache);
  if (!clock.openings.some((opening) => opening.season === season)) return season >= current.season;
  return !weekClosed(clock, season, SEASON_WEEKS);
}

/** The week a contest of this season starts in when created now: the season's week, 1 before it begins. */
export async function startWeekOf(ctx: AppContext, current: SeasonWeek, season: number): Promise<number> {
  if (season === current.season) return current.currentWeek;
  const opening = (await cachedSeasonOpenings(ctx)).find((candidate) => candidate.season === season);
  return opening ? weekAt(opening.firstKickoff, ctx.clock.now()) : 1;
}

/** Between seasons (the current one has no week left to play): the next season; else null. */
export async function seasonAhead(
  ctx: AppContext,
  current: SeasonWeek,
): Promise<{ weeksToPlay: boolean; nextSeason: NextSeason | null }> {
  const now = ctx.clock.now();
  const cache = readCache(ctx.database);
  if (await hasWeeksToPlay(ctx.db, now, current, current.season, cache)) {
    return { weeksToPlay: true, nextSeason: null };
  }
  const next = nextSeasonOf(current.season, await cachedSeasonOpenings(ctx), now);
  return {
    weeksToPlay: false,
    nextSeason: { season: next.season, firstKickoff: next.firstKickoff?.toISOString() ?? null },
  };
}

/**
 * Whether the current season's last week, the Super Bowl's, is over by the calendar: its
 * postseason played out. A season without games has no calendar yet: not over.
 */
function seasonOver(
  openings: readonly { season: number; firstKickoff: Date }[],
  current: SeasonWeek,
  now: Date,
): boolean {
  const opening = openings.find((candidate) => candidate.season === current.season);
  if (!opening) return false;
  return weekStartMs(opening.firstKickoff, LAST_WEEK + 1) <= now.getTime();
}

/** GET /api/season. */
export async function seasonInfo(ctx: AppContext): Promise<SeasonInfo> {
  const current = await currentSeasonWeek(ctx);
  const [deadlines, openings, ahead] = await Promise.all([
    seasonDeadlines(ctx, current.season),
    cachedSeasonOpenings(ctx),
    seasonAhead(ctx, current),
  ]);
  const now = ctx.clock.now();
  return {
    ...current,
    now: now.toISOString(),
    deadlines,
    openings: openings.map((opening) => ({
      season: opening.season,
      firstKickoff: opening.firstKickoff.toISOString(),
    })),
    ...ahead,
    seasonOver: seasonOver(openings, current, now),
  };
}

/** What the season on the clock still lacks: its schedule, lines and results (admins). */
export async function seasonStatus(ctx: AppContext): Promise<SeasonStatus> {
  const current = await currentSeasonWeek(ctx);
  const [games, ahead] = await Promise.all([
    listSeasonGames(ctx.db, current.season),
    seasonAhead(ctx, current),
  ]);
  return { ...current, ...ahead, ...seasonGaps(games, ctx.clock.now(), current.currentWeek) };
}
