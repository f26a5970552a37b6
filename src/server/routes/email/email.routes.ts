import { outboxIdParams, outboxQuery, sendEmailBody } from "@/contracts/outbox";
import { userIdParams } from "@/contracts/users";
import { adminOnly, requireAdmin } from "../../plugins/session";
import * as email from "../../services/email.service";
import type { App } from "../types";

export async function emailRoutes(app: App) {
  app.post(
    "/api/users/:id/email",
    { onRequest: adminOnly, schema: { params: userIdParams, body: sendEmailBody } },
    async (request, reply) => {
      const queued = await email.sendEmailToUser(
        app.ctx,
        requireAdmin(request),
        request.params.id,
        request.body,
      );
      return reply.code(202).send(queued);
    },
  );

  app.get(
    "/api/admin/outbox",
    { onRequest: adminOnly, schema: { querystring: outboxQuery } },
    async (request) => email.listOutbox(app.ctx, request.query),
  );

  app.post(
    "/api/admin/outbox/:id/retry",
    { onRequest: adminOnly, schema: { params: outboxIdParams } },
    async (request) => email.retryEmail(app.ctx, requireAdmin(request), request.params.id),
  );
}
