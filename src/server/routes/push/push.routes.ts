import {
  deletePushSubscriptionBody,
  notificationSettingsBody,
  pushSubscriptionBody,
} from "@/contracts/notifications";
import { requireUser } from "../../plugins/session";
import * as push from "../../services/push.service";
import type { App } from "../types";

/** Web Push subscriptions and the signed-in player's notification settings. */
export async function pushRoutes(app: App) {
  app.get("/api/push/vapid-public-key", async (request) => {
    requireUser(request);
    return push.vapidPublicKey(app.ctx);
  });

  app.post("/api/push/subscriptions", { schema: { body: pushSubscriptionBody } }, async (request, reply) => {
    await push.subscribe(app.ctx, requireUser(request), request.body, {
      userAgent: request.headers["user-agent"],
      sessionId: request.sessionId,
    });
    return reply.code(204).send();
  });

  app.delete(
    "/api/push/subscriptions",
    { schema: { body: deletePushSubscriptionBody } },
    async (request, reply) => {
      await push.unsubscribe(app.ctx, requireUser(request), request.body.endpoint);
      return reply.code(204).send();
    },
  );

  app.get("/api/me/notifications", async (request) => push.getSettings(app.ctx, requireUser(request)));

  app.put("/api/me/notifications", { schema: { body: notificationSettingsBody } }, async (request) =>
    push.saveSettings(app.ctx, requireUser(request), request.body),
  );

  app.post("/api/me/notifications/test", async (request, reply) => {
    const sent = await push.sendTest(app.ctx, requireUser(request));
    return reply.code(202).send(sent);
  });
}
