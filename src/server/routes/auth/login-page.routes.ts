import { randomBytes } from "node:crypto";
import * as oidc from "openid-client";
import { oidcEnabled } from "../../env";
import { badRequest } from "../../errors";
import { clearCookie, setCookie } from "../../plugins/cookies";
import { setSessionCookie } from "../../plugins/session";
import { loginExternal } from "../../services/auth.service";
import type { App } from "../types";

const FLOW_COOKIE = "fp_oidc";
/** A password reset's page and an e-mail change's confirmation: their token is in the link's fragment. */
const ACCOUNT_PAGES = ["/reset-password", "/confirm-email"];

const isLoopback = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
};

/**
 * GET /signin (and /api/login, as the landing page's first links had it): our own sign-in page, or
 * with OpenID Connect configured, the provider's.
 * The provider sends the browser back to /api/callback, where the account is matched by e-mail.
 */
export async function loginPageRoutes(app: App) {
  const { env } = app.ctx;
  // The account pages a signed-out visitor opens from a link: the app without the landing page.
  for (const path of ACCOUNT_PAGES) {
    app.get(path, (request, reply) => {
      app.sendApp(reply, request, { landing: false });
    });
  }
  if (!oidcEnabled(env)) {
    app.get("/signin", (request, reply) => {
      app.sendApp(reply, request, { landing: false });
    });
    app.get("/api/login", (request, reply) => {
      app.sendApp(reply, request, { landing: false });
    });
    return;
  }

  let config: Promise<oidc.Configuration> | undefined;
  const provider = () =>
    (config ??= oidc
      .discovery(new URL(env.OIDC_ISSUER!), env.OIDC_CLIENT_ID!, env.OIDC_CLIENT_SECRET!, undefined, {
        // Plain http only for a provider on this machine (development, tests).
        execute: isLoopback(env.OIDC_ISSUER!) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error) => {
        config = undefined;
        throw error;
      }));
  const callbackUrl = (request: { protocol: string; host: string }) =>
    new URL("/api/callback", env.PUBLIC_URL ?? `${request.protocol}://${request.host}`);

  app.get("/signin", (_request, reply) => reply.redirect("/api/login"));
  app.get("/api/login", async (request, reply) => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = randomBytes(16).toString("base64url");
    const url = oidc.buildAuthorizationUrl(await provider(), {
      redirect_uri: callbackUrl(request).href,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
    });
    setCookie(reply, FLOW_COOKIE, `${state}.${verifier}`, {
      path: "/api/callback",
      httpOnly: true,
      sameSite: "lax",
      maxAge: 600,
    });
    return reply.redirect(url.href);
  });

  app.get("/api/callback", async (request, reply) => {
    const [state, verifier] = (request.cookies[FLOW_COOKIE] ?? "").split(".");
    if (!state || !verifier)
      throw badRequest("The sign-in took too long or was started elsewhere. Please sign in again.");
    const current = new URL(request.url, callbackUrl(request));
    const tokens = await oidc
      .authorizationCodeGrant(await provider(), current, { pkceCodeVerifier: verifier, expectedState: state })
      .catch((error: unknown) => {
        request.log.warn({ err: error }, "OpenID Connect callback refused");
        throw badRequest("The sign-in could not be completed. Please sign in again.");
      });
    const claims = tokens.claims();
    const email = typeof claims?.email === "string" ? claims.email : undefined;
    if (!email) throw badRequest("Your sign-in provider did not share an e-mail address.");
    const session = await loginExternal(
      app.ctx,
      {
        email,
        firstName: String(claims?.given_name ?? claims?.name ?? email.split("@")[0]),
        lastName: String(claims?.family_name ?? ""),
      },
      { userAgent: request.headers["user-agent"] },
    );
    clearCookie(reply, FLOW_COOKIE, { path: "/api/callback" });
    setSessionCookie(app, request, reply, session);
    return reply.redirect("/");
  });
}
