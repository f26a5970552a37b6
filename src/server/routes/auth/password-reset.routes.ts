import { passwordResetBody, passwordResetRequestBody, resetLinkCheckBody } from "@/contracts/auth";
import { setSessionCookie } from "../../plugins/session";
import * as reset from "../../services/password-reset.service";
import { attemptsLimit } from "../attempts-limit";
import type { AuthLimits } from "./auth.routes";
import type { App } from "../types";

export async function passwordResetRoutes(app: App, limits: AuthLimits) {
  // One count per client address for the three calls; requests for a link also per e-mail address.
  const perIp = attemptsLimit(app, { max: limits.perIp, timeWindow: limits.windowMs });
  const perEmail = attemptsLimit(app, {
    max: limits.perEmail,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `reset:${(request.body as { email: string }).email}`,
  });

  app.post(
    "/api/auth/password-reset/request",
    { schema: { body: passwordResetRequestBody }, onRequest: perIp, preHandler: perEmail },
    async (request) => reset.requestPasswordReset(app.ctx, request.body.email),
  );

  app.post(
    "/api/auth/password-reset/check",
    { schema: { body: resetLinkCheckBody }, onRequest: perIp },
    async (request) => reset.checkResetLink(app.ctx, request.body.token),
  );

  app.post(
    "/api/auth/password-reset",
    { schema: { body: passwordResetBody }, onRequest: perIp },
    async (request, reply) => {
      const { user, session } = await reset.resetPassword(app.ctx, request.body, {
        userAgent: request.headers["user-agent"],
      });
      setSessionCookie(app, request, reply, session);
      return user;
    },
  );
}
