import { configKeyParams, updateConfigBody } from "@/contracts/system-config";
import { adminOnly, requireAdmin } from "../../plugins/session";
import * as config from "../../services/system-config.service";
import type { App } from "../types";

export async function systemConfigRoutes(app: App) {
  app.get("/api/system-config", { onRequest: adminOnly }, async () => config.listSystemConfig(app.ctx));

  app.put(
    "/api/system-config/:key",
    { onRequest: adminOnly, schema: { params: configKeyParams, body: updateConfigBody } },
    async (request) =>
      config.updateSystemConfig(app.ctx, requireAdmin(request), request.params.key, request.body.value),
  );
}
