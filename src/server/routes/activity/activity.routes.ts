import { activityQuery } from "@/contracts/activity";
import { adminOnly } from "../../plugins/session";
import * as activity from "../../services/activity.service";
import type { App } from "../types";

export async function activityRoutes(app: App) {
  app.get(
    "/api/admin/activity",
    { onRequest: adminOnly, schema: { querystring: activityQuery } },
    async (request) => activity.listActivityPage(app.ctx, request.query),
  );
}
