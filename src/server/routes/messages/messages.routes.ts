import { contestIdParams } from "@/contracts/contests";
import { messageParams, postMessageBody } from "@/contracts/messages";
import { requireUser } from "../../plugins/session";
import * as messages from "../../services/messages.service";
import { attemptsLimit } from "../attempts-limit";
import type { App } from "../types";

/** The most messages a person posts in a minute. */
export const MESSAGES_PER_MINUTE = 10;
export const TOO_MANY_MESSAGES = `Slow down: at most ${MESSAGES_PER_MINUTE} messages a minute.`;

/** A contest's trash talk (docs/rules.md, "Trash talk"). */
export async function messagesRoutes(app: App) {
  // After the body's validation: only messages that would be posted count.
  const perMinute = attemptsLimit(
    app,
    {
      max: MESSAGES_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `messages:${request.user?.id ?? request.ip}`,
    },
    TOO_MANY_MESSAGES,
  );

  app.get("/api/contests/:id/messages", { schema: { params: contestIdParams } }, async (request) =>
    messages.listThread(app.ctx, requireUser(request), request.params.id),
  );

  app.post(
    "/api/contests/:id/messages",
    { schema: { params: contestIdParams, body: postMessageBody }, preHandler: perMinute },
    async (request, reply) => {
      const posted = await messages.postMessage(
        app.ctx,
        requireUser(request),
        request.params.id,
        request.body.body,
      );
      return reply.code(201).send(posted);
    },
  );

  app.delete(
    "/api/contests/:id/messages/:messageId",
    { schema: { params: messageParams } },
    async (request, reply) => {
      await messages.removeMessage(
        app.ctx,
        requireUser(request),
        request.params.id,
        request.params.messageId,
      );
      return reply.code(204).send();
    },
  );
}
