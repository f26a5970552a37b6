import { updateUserBody, userIdParams } from "@/contracts/users";
import { adminOnly, requireAdmin, requireUser } from "../../plugins/session";
import { makeResetLink } from "../../services/password-reset.service";
import * as users from "../../services/users.service";
import type { App } from "../types";

export async function usersRoutes(app: App) {
  app.get("/api/users", async (request) => users.listUsers(app.ctx, requireUser(request)));

  app.get("/api/users/:id/record", { schema: { params: userIdParams } }, async (request) =>
    users.playerRecord(app.ctx, requireUser(request), request.params.id),
  );

  app.put("/api/users/:id", { schema: { params: userIdParams, body: updateUserBody } }, async (request) =>
    users.updateUser(app.ctx, requireUser(request), request.sessionId, request.params.id, request.body),
  );

  app.post(
    "/api/users/:id/reset-link",
    { onRequest: adminOnly, schema: { params: userIdParams } },
    async (request, reply) =>
      reply.code(201).send(await makeResetLink(app.ctx, requireAdmin(request), request.params.id)),
  );
}
