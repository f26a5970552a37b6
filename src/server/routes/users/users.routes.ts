import { updateUserBody, userIdParams } from "@/contracts/users";
import { requireUser } from "../../plugins/session";
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
}
