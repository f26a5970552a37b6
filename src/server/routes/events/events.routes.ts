import { Socket } from "node:net";
import { HEARTBEAT_MS } from "../../plugins/event-hub";
import { requireUser } from "../../plugins/session";
import type { App } from "../types";

/**
 * A stream is not cut by the connection's idle timeout (HTTP_IDLE_TIMEOUT_S, maybe shorter than its
 * 25 s heartbeat): its own is three heartbeats, so only a stream whose client stopped reading (its
 * heartbeats no longer leave) is closed for idleness (decision 021).
 */
const STREAM_IDLE_MS = 3 * HEARTBEAT_MS;

export async function eventsRoutes(app: App) {
  // Server-sent events: what changed, for the signed-in user; the stream stays open.
  app.get("/api/events", async (request, reply) => {
    const stream = app.events.open(requireUser(request), request.sessionId!, request.ip, reply);
    const { socket } = request.raw;
    if (socket instanceof Socket) socket.setTimeout(STREAM_IDLE_MS);
    return stream;
  });
}
