import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../errors";
import { clearCookie, setCookie } from "./cookies";
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
export const PUBLIC_API = [
  /^\/api\/login\/?$/i,
  /^\/api\/logout\/?$/i,
  /^\/api\/callback\/?$/i,
  /^\/api\/auth\//i,
  /^\/api\/health\/?$/i,
  // A load balancer asks whether this instance can serve (the database answers, fully migrated).
  /^\/api\/ready\/?$/i,
  // The API's own description and its reference page: they hold no secret.
  /^\/api\/openapi\.json$/i,
  /^\/api\/docs(\/scalar\.js)?\/?$/i,
  // A calendar feed: its token is the credential (calendar programs have no session).
  /^\/api\/calendar\/[^/]+\.ics$/i,
  // A one-click unsubscribe from an e-mail: signed for its player (unsubscribe.ts).
  /^\/api\/notifications\/unsubscribe\/?$/i,
];

/** The session cookie's attributes, which the sign-in device cookie shares (its path aside). */
export function cookieOptions(app: FastifyInstance, request: FastifyRequest) {
  const https = app.ctx.env.PUBLIC_URL?.startsWith("https:") || request.protocol === "https";
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: https };
}

/**
 * Whether a request's path is the API's, spelled as the router takes it (paths match without regard
 * to case): `/API/teams` is `/api/teams`, and is gated as it is.
 */
export const isApiPath = (url: string) => url.length >= 5 && url.slice(0, 5).toLowerCase() === "/api/";

export function setSessionCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
) {
  // Max-Age, not Expires: the browser's clock decides, and the app's clock may be fixed in the past (APP_NOW).
  const maxAge = Math.round((session.expiresAt.getTime() - app.ctx.clock.now().getTime()) / 1000);
  setCookie(reply, SESSION_COOKIE, session.token, { ...cookieOptions(app, request), maxAge });
}

export function clearSessionCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  clearCookie(reply, SESSION_COOKIE, cookieOptions(app, request));
}

export function installSession(app: FastifyInstance): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  /** The verdict once the session (if any) is known: signed out, only the public paths. */
  const admit = (request: FastifyRequest): Error | undefined => {
    if (request.user) return undefined;
    const query = request.url.indexOf("?");
    const path = query === -1 ? request.url : request.url.slice(0, query);
    return PUBLIC_API.some((pattern) => pattern.test(path)) ? undefined : unauthorized();
  };
  // A callback hook: a session in memory (most requests) is settled without a promise or a closure.
  app.addHook("onRequest", (request, reply, done) => {
    if (!isApiPath(request.url)) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done(admit(request));
    const cached = cachedSession(app.ctx, token);
    if (cached) {
      request.user = cached.user;
      request.sessionId = cached.sessionId;
      return done();
    }
    resolveSession(app.ctx, token).then((found) => {
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
        if (found.renewed) setSessionCookie(app, request, reply, { token, expiresAt: found.renewed });
      }
      done(admit(request));
    }, done);
  });
}

/**
 * The user of a request outside /api (a document), as the hook above settles an API request's: the
 * session in memory, else read (and renewed, its cookie sent again); null when there is none.
 */
export async function documentUser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const cached = cachedSession(app.ctx, token);
  if (cached) return cached.user;
  const found = await resolveSession(app.ctx, token);
  if (!found) return null;
  if (found.renewed) setSessionCookie(app, request, reply, { token, expiresAt: found.renewed });
  return found.user;
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
