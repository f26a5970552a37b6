import { feedSyncBody } from "@/contracts/feed";
import { adminOnly } from "../../plugins/session";
import * as feed from "../../services/feed.service";
import type { App } from "../types";

export async function feedRoutes(app: App) {
  app.get("/api/admin/feed", { onRequest: adminOnly }, async () =>
    feed.feedStatus(app.ctx, app.feed.provider?.source ?? "espn", app.feed.provider !== null),
  );

  app.post(
    "/api/admin/feed/sync",
    { onRequest: adminOnly, schema: { body: feedSyncBody } },
    async (request) => feed.manualSync(app.ctx, app.feed, request.body ?? {}),
  );
}
