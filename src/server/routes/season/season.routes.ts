import { cachedSeasonOpenings, currentSeasonWeek, seasonDeadlines } from "../../services/season.service";
import type { App } from "../types";

export async function seasonRoutes(app: App) {
  app.get("/api/season", async () => {
    const current = await currentSeasonWeek(app.ctx);
    return {
      ...current,
      now: app.ctx.clock.now().toISOString(),
      deadlines: await seasonDeadlines(app.ctx, current.season),
      openings: (await cachedSeasonOpenings(app.ctx)).map((opening) => ({
        season: opening.season,
        firstKickoff: opening.firstKickoff.toISOString(),
      })),
    };
  });
}
