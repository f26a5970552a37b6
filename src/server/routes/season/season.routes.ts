import { adminOnly } from "../../plugins/session";
import { seasonInfo, seasonStatus } from "../../services/season.service";
import type { App } from "../types";

export async function seasonRoutes(app: App) {
  app.get("/api/season", async () => seasonInfo(app.ctx));

  app.get("/api/admin/season-status", { onRequest: adminOnly }, async () => seasonStatus(app.ctx));
}
