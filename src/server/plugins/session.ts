import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../errors";
import type { UserRow } from "../repositories/users.repository";
import { cachedSession, resolveSession, type NewSession } from "../services/auth.service";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
  }
}

export const SESSION_COOKIE = "fp_session";

/** Paths a signed-out visitor may reach; every other /api path answers 401. */
const PUBLIC_API = [
  /^\/api\/login\/?$/i,
  /^\/api\/logout\/?$/i,
  /^\/api\/callback\/?$/i,
  /^\/api\/auth\//i,
  /^\/api\/health\/?$/i,
];

function cookieOptions(app: FastifyInstance, request: FastifyRequest) {
  const https = app.ctx.env.PUBLIC_URL?.startsWith("https:") || request.protocol === "https";
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: https };
}

export function setSessionCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
) {
  // Max-Age, not Expires: the browser's clock decides, and the app's clock may be fixed in the past (APP_NOW).
  const maxAge = Math.round((session.expiresAt.getTime() - app.ctx.clock.now().getTime()) / 1000);
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions(app, request), maxAge });
}

export function clearSessionCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(app, request));
}

export function installSession(app: FastifyInstance): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  // A callback hook: a session in memory (most requests) is settled without a promise.
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.url.startsWith("/api/")) return done();
    const token = request.cookies[SESSION_COOKIE];
    const settle = (found: Awaited<ReturnType<typeof resolveSession>>) => {
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
        if (found.renewed) setSessionCookie(app, request, reply, { token: token!, expiresAt: found.renewed });
      }
      const path = request.url.split("?")[0]!;
      done(!request.user && !PUBLIC_API.some((pattern) => pattern.test(path)) ? unauthorized() : undefined);
    };
    if (!token) return settle(null);
    const cached = cachedSession(app.ctx, token);
    if (cached) return settle(cached);
    resolveSession(app.ctx, token).then(settle, done);
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden("Only administrators can do that.");
  return user;
}

/** Route hook for admin-only routes: checked before the body is validated, so players get 403, not 400. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
