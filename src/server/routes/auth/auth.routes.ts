import { loginBody, registerBody } from "@/contracts/auth";
import { attemptsLimit } from "../attempts-limit";
import { clearSessionCookie, requireUser, setSessionCookie, SESSION_COOKIE } from "../../plugins/session";
import * as auth from "../../services/auth.service";
import type { App } from "../types";

const JSON_TYPE = "application/json; charset=utf-8";

export interface AuthLimits {
  /** Attempts per client address per window, for login and for registration. */
  perIp: number;
  /** Login attempts per e-mail address per window. */
  perEmail: number;
  windowMs: number;
}

export async function authRoutes(app: App, limits: AuthLimits) {
  const perIp = attemptsLimit(app, { max: limits.perIp, timeWindow: limits.windowMs });
  const perEmail = attemptsLimit(app, {
    max: limits.perEmail,
    timeWindow: limits.windowMs,
    keyGenerator: (request) =>
      `email:${String((request.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase()}`,
  });

  app.post(
    "/api/auth/register",
    { schema: { body: registerBody }, onRequest: perIp },
    async (request, reply) => {
      const { user, session } = await auth.register(app.ctx, request.body, {
        userAgent: request.headers["user-agent"],
      });
      setSessionCookie(app, request, reply, session);
      return reply.code(201).send(user);
    },
  );

  app.post(
    "/api/auth/login",
    { schema: { body: loginBody }, onRequest: perIp, preHandler: perEmail },
    async (request, reply) => {
      const { user, session } = await auth.login(app.ctx, request.body, {
        userAgent: request.headers["user-agent"],
      });
      setSessionCookie(app, request, reply, session);
      return user;
    },
  );

  app.post("/api/auth/logout", async (request, reply) => {
    await auth.logout(app.ctx, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(app, request, reply);
    return reply.code(204).send();
  });

  app.get("/api/logout", async (request, reply) => {
    await auth.logout(app.ctx, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(app, request, reply);
    return reply.redirect("/");
  });

  // Every page asks for it: answered at once, without a promise, its JSON made once per user row.
  app.get("/api/auth/user", (request, reply) => {
    reply.type(JSON_TYPE).send(auth.toUserJson(requireUser(request)));
  });
}
