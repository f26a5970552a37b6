import type { FastifyReply, FastifyRequest } from "fastify";
import { loginBody, registerBody } from "@/contracts/auth";
import { AppError } from "../../errors";
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
  const limiter = (options: Parameters<App["createRateLimit"]>[0]) => {
    const check = app.createRateLimit(options);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = await check(request);
      if (verdict.isAllowed || !verdict.isExceeded) return;
      reply.header("retry-after", verdict.ttlInSeconds);
      throw new AppError(429, "Too many attempts. Please wait a few minutes and try again.");
    };
  };
  const perIp = limiter({ max: limits.perIp, timeWindow: limits.windowMs });
  const perEmail = limiter({
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
