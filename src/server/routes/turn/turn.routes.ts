import { weekParam } from "@/contracts/picks";
import { requireUser } from "../../plugins/session";
import { getTurn } from "../../services/turn.service";
import type { App } from "../types";

export async function turnRoutes(app: App) {
  app.get("/api/contests/:id/turn/:week", { schema: { params: weekParam } }, async (request) =>
    getTurn(app.ctx, requireUser(request), request.params.id, request.params.week),
  );
}
