import { requireUser } from "../../plugins/session";
import type { App } from "../types";

export async function eventsRoutes(app: App) {
  // Server-sent events: what changed, for the signed-in user; the stream stays open.
  app.get("/api/events", async (request, reply) =>
    app.events.open(requireUser(request), request.sessionId!, request.ip, reply),
  );
}
