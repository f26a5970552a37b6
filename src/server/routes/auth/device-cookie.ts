import type { FastifyReply, FastifyRequest } from "fastify";
import { setCookie } from "../../plugins/cookies";
import { cookieOptions } from "../../plugins/session";
import type { KnownDevice } from "../../services/sign-in-limits.service";
import type { App } from "../types";

/**
 * The cookie naming a device an account signed in on: a sign-in from it is not held by strangers'
 * guesses at the account's password. Sent only to the sign-in calls.
 */
export const DEVICE_COOKIE = "fp_device";

export function setDeviceCookie(app: App, request: FastifyRequest, reply: FastifyReply, device: KnownDevice) {
  // Max-Age, not Expires, as the session's: the app's clock may be fixed in the past (APP_NOW).
  const maxAge = Math.round((device.expiresAt.getTime() - app.ctx.clock.now().getTime()) / 1000);
  setCookie(reply, DEVICE_COOKIE, device.token, {
    ...cookieOptions(app, request),
    path: "/api/auth",
    maxAge,
  });
}
