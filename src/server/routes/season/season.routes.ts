import { currentSeasonWeek, seasonDeadlines } from "../../services/season.service";
import type { App } from "../types";

export async function seasonRoutes(app: App) {
  app.get("/api/season", async () => {
    const current = await currentSeasonWeek(app.ctx);
    return {
      ...current,
      now: app.ctx.clock.now().toISOString(),
      deadlines: await seasonDeadlines(app.ctx, current.season),
    };
  });
}
