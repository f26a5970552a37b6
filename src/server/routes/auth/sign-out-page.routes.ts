import { clearSessionCookie, SESSION_COOKIE } from "../../plugins/session";
import * as auth from "../../services/auth.service";
import type { App } from "../types";
import { signOutPage } from "./sign-out-page";

/**
 * GET /api/logout changes nothing: any web page can make a browser open a link (an <a>, an <img>),
 * so it shows a Sign Out button. The button's form POSTs to /api/logout, which the security
 * plugin's Origin check refuses from another site's page (403); it ends the session and sends the
 * browser to sign in. The app itself signs out by POST /api/auth/logout (204).
 */
export async function signOutPageRoutes(app: App) {
  // The form sends an empty form-encoded body: nothing of it is read.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, _body, done) => done(null),
  );

  app.get("/api/logout", (request, reply) => {
    reply
      .asDocument()
      .header("cache-control", "no-store")
      // Not the app's no-referrer: under it a browser sends its form's POST with "Origin: null",
      // which the Origin check cannot tell from another site's.
      .header("referrer-policy", "same-origin")
      .type("text/html; charset=utf-8")
      .send(signOutPage(request.user));
  });

  app.post("/api/logout", async (request, reply) => {
    await auth.logout(app.ctx, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(app, request, reply);
    return reply.redirect("/signin", 303);
  });
}
