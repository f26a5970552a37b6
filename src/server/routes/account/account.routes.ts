import {
  changeEmailBody,
  changePasswordBody,
  confirmEmailChangeBody,
  deviceSessionParams,
} from "@/contracts/account";
import { requireUser } from "../../plugins/session";
import * as account from "../../services/account.service";
import { attemptsLimit } from "../attempts-limit";
import type { App } from "../types";

/** Tries of the current password per user (an e-mail or password change), per window. */
const PASSWORD_TRIES = 10;
const PASSWORD_WINDOW_MS = 5 * 60_000;

/** The signed-in player's own account: their address, their password, their signed-in devices. */
export async function accountRoutes(app: App) {
  // After the body's validation: only well-formed tries of a password count.
  const passwordTries = attemptsLimit(app, {
    max: PASSWORD_TRIES,
    timeWindow: PASSWORD_WINDOW_MS,
    keyGenerator: (request) => `account-password:${request.user?.id ?? request.ip}`,
  });

  app.get("/api/account/sign-in", async (request) => account.signInMethod(app.ctx, requireUser(request)));

  app.post(
    "/api/account/email",
    { schema: { body: changeEmailBody }, preHandler: passwordTries },
    async (request, reply) =>
      reply.code(202).send(await account.requestEmailChange(app.ctx, requireUser(request), request.body)),
  );

  // Public (/api/auth/): the link may be opened in a browser that is not signed in.
  app.post("/api/auth/email-change/confirm", { schema: { body: confirmEmailChangeBody } }, async (request) =>
    account.confirmEmailChange(app.ctx, request.body.token),
  );

  app.post(
    "/api/account/password",
    { schema: { body: changePasswordBody }, preHandler: passwordTries },
    async (request, reply) => {
      await account.changePassword(app.ctx, requireUser(request), request.sessionId, request.body);
      return reply.code(204).send();
    },
  );

  app.get("/api/account/sessions", async (request) =>
    account.listDevices(app.ctx, requireUser(request), request.sessionId),
  );

  app.delete(
    "/api/account/sessions/:id",
    { schema: { params: deviceSessionParams } },
    async (request, reply) => {
      await account.signOutDevice(app.ctx, requireUser(request), request.sessionId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post("/api/account/sessions/sign-out-others", async (request, reply) => {
    await account.signOutOtherDevices(app.ctx, requireUser(request), request.sessionId);
    return reply.code(204).send();
  });
}
