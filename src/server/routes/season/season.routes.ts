import { currentSeasonWeek } from "../../services/season.service";
import type { App } from "../types";

export async function seasonRoutes(app: App) {
  app.get("/api/season", async () => ({
    ...(await currentSeasonWeek(app.ctx)),
    now: app.ctx.clock.now().toISOString(),
  }));
}
