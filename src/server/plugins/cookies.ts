import { parseCookie, stringifySetCookie, type SetCookie } from "cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The request's cookies, read from its Cookie header when asked for. */
    readonly cookies: Record<string, string | undefined>;
  }
}

export type CookieOptions = Omit<SetCookie, "name" | "value">;

/**
 * Cookies without @fastify/cookie (decision 020): its hooks run at every request (the header parsed
 * into a new object and a new Map made when the request starts, one more step when the answer is
 * sent). Here the header is parsed when `request.cookies` is read (the session hook reads it once),
 * and a cookie set goes straight into the reply's Set-Cookie header.
 */
export function installCookies(app: FastifyInstance): void {
  app.decorateRequest("cookies", {
    getter(this: FastifyRequest) {
      const header = this.headers.cookie;
      return header ? parseCookie(header) : {};
    },
  });
}

/** The cookies a reply sets, by name, domain and path: a later one replaces an earlier one, as before. */
const replyCookies = new WeakMap<FastifyReply, Map<string, string>>();

/** Sets a cookie on the reply (SameSite=Lax unless the options say otherwise). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  let cookies = replyCookies.get(reply);
  if (!cookies) {
    cookies = new Map();
    replyCookies.set(reply, cookies);
  }
  const key = `${name};${options.domain};${options.path || "/"}`;
  cookies.set(key, stringifySetCookie({ sameSite: "lax", ...options, name, value }));
  const values = [...cookies.values()];
  reply.removeHeader("set-cookie");
  reply.header("set-cookie", values.length === 1 ? values[0] : values);
}

/** Tells the browser to drop a cookie: empty, expired, at the path it was set on (default /). */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions): void {
  setCookie(reply, name, "", { path: "/", ...options, expires: new Date(0), maxAge: 0 });
}
