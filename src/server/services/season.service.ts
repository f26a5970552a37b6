import { SEASON_WEEKS } from "@/contracts/constants";
import { seasonWeek, type SeasonWeek } from "@/domain/season";
import { firstPickerDeadline } from "@/domain/turn";
import type { AppContext } from "../context";
import { readCache } from "../db/read-cache";
import { getConfigValue } from "../repositories/config.repository";
import { seasonOpenings } from "../repositories/games.repository";

export const CURRENT_SEASON_KEY = "current_season";

/** Each season's first kickoff, from memory until the games change. */
export async function cachedSeasonOpenings(
  ctx: AppContext,
): Promise<{ season: number; firstKickoff: Date }[]> {
  return readCache(ctx.database).through("games", "openings", () => seasonOpenings(ctx.db));
}

export async function currentSeasonWeek(ctx: AppContext): Promise<SeasonWeek> {
  const cache = readCache(ctx.database);
  const [openings, configured] = await Promise.all([
    cachedSeasonOpenings(ctx),
    // The setting is cached with the games ("" when unset: a cached value is never undefined).
    cache.through(
      "games",
      "current-season",
      async () => (await getConfigValue(ctx.db, CURRENT_SEASON_KEY)) ?? "",
    ),
  ]);
  return seasonWeek(ctx.clock.now(), openings, configured ? Number(configured) : null);
}

/** The first picker's deadline of each week of a season, week 1 first (none without games). */
export async function seasonDeadlines(ctx: AppContext, season: number): Promise<string[]> {
  const opening = (await cachedSeasonOpenings(ctx)).find((candidate) => candidate.season === season);
  if (!opening) return [];
  return Array.from({ length: SEASON_WEEKS }, (_, index) =>
    firstPickerDeadline(opening.firstKickoff, index + 1).toISOString(),
  );
}
