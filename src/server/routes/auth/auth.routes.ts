import { loginBody, registerBody } from "@/contracts/auth";
import { attemptsLimit, tooManyAttempts } from "../attempts-limit";
import { clearSessionCookie, requireUser, setSessionCookie, SESSION_COOKIE } from "../../plugins/session";
import * as auth from "../../services/auth.service";
import type { App } from "../types";
import { DEVICE_COOKIE, setDeviceCookie } from "./device-cookie";

const JSON_TYPE = "application/json; charset=utf-8";

export interface AuthLimits {
  /** Attempts per client address per window, for sign-in and for registration. */
  perIp: number;
  /**
   * Requests for a password-reset link per e-mail address per window. Sign-ins per address are held
   * by their failures instead (services/sign-in-limits.service.ts).
   */
  perEmail: number;
  windowMs: number;
}

export async function authRoutes(app: App, limits: AuthLimits) {
  const perIp = attemptsLimit(app, { max: limits.perIp, timeWindow: limits.windowMs });

  app.post(
    "/api/auth/register",
    { schema: { body: registerBody }, onRequest: perIp },
    async (request, reply) => {
      const { user, session, knownDevice } = await auth.register(app.ctx, request.body, {
        userAgent: request.headers["user-agent"],
      });
      setSessionCookie(app, request, reply, session);
      setDeviceCookie(app, request, reply, knownDevice);
      return reply.code(201).send(user);
    },
  );

  app.post("/api/auth/login", { schema: { body: loginBody }, onRequest: perIp }, async (request, reply) => {
    const signedIn = await auth.login(app.ctx, request.body, {
      userAgent: request.headers["user-agent"],
      deviceToken: request.cookies[DEVICE_COOKIE],
    });
    if ("waitMs" in signedIn) throw tooManyAttempts(reply, Math.ceil(signedIn.waitMs / 1000));
    setSessionCookie(app, request, reply, signedIn.session);
    setDeviceCookie(app, request, reply, signedIn.knownDevice);
    return signedIn.user;
  });

  app.post("/api/auth/logout", async (request, reply) => {
    await auth.logout(app.ctx, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(app, request, reply);
    return reply.code(204).send();
  });

  // Every page asks for it: answered at once, without a promise, its JSON made once per user row.
  app.get("/api/auth/user", (request, reply) => {
    reply.type(JSON_TYPE).send(auth.toUserJson(requireUser(request)));
  });
}
