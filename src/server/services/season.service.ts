import { seasonWeek, type SeasonWeek } from "@/domain/season";
import type { AppContext } from "../context";
import { getConfigValue } from "../repositories/config.repository";
import { seasonOpenings } from "../repositories/games.repository";

export const CURRENT_SEASON_KEY = "current_season";

export async function currentSeasonWeek(ctx: AppContext): Promise<SeasonWeek> {
  const [openings, configured] = await Promise.all([
    seasonOpenings(ctx.db),
    getConfigValue(ctx.db, CURRENT_SEASON_KEY),
  ]);
  return seasonWeek(ctx.clock.now(), openings, configured ? Number(configured) : null);
}
