import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../../tests/setup/test-app";
import { signUp } from "../../../../tests/factories";

const { app } = await createTestApp();

/** A browser on the app's own address: its form posts carry this Origin. */
const HOST = "pool.example.com";
const OWN_ORIGIN = `http://${HOST}`;

const signedIn = async (cookie: string) =>
  (await app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode;

/** What a browser sends when the page's Sign Out button is pressed. */
const pressSignOut = (cookie: string | undefined, origin: string | undefined) =>
  app.inject({
    method: "POST",
    url: "/api/logout",
    headers: {
      host: HOST,
      "content-type": "application/x-www-form-urlencoded",
      ...(origin ? { origin } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: "",
  });

describe("GET /api/logout: a page, never a sign-out", () => {
  it("shows a signed-in player a Sign Out button that posts to /api/logout, and changes nothing", async () => {
    const player = await signUp(app, { firstName: "Pat", lastName: "<b>Jones</b>" });
    const page = await app.inject({ url: "/api/logout", headers: { cookie: player.cookie, host: HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["set-cookie"]).toBeUndefined();
    // It names the player: no cache keeps it.
    expect(page.headers["cache-control"]).toBe("no-store");
    // A page: the app's policy, which lets its form post to the app only, and no framing.
    expect(page.headers["content-security-policy"]).toContain("form-action 'self'");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    // Under the app's no-referrer a browser would send the button's POST with "Origin: null".
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    expect(page.body).toMatch(/<form method="post" action="\/api\/logout">/);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Sign Out<\/button>/);
    // The name as text, never as markup.
    expect(page.body).toContain("Pat &lt;b&gt;Jones&lt;/b&gt;");
    expect(page.body).not.toContain("<b>Jones</b>");
    expect(await signedIn(player.cookie)).toBe(200);
    // Opened again (another site's link or image, a prefetch): still signed in.
    await app.inject({ url: "/api/logout", headers: { cookie: player.cookie } });
    await app.inject({ method: "HEAD", url: "/api/logout", headers: { cookie: player.cookie } });
    expect(await signedIn(player.cookie)).toBe(200);
  });

  it("tells a signed-out visitor they are signed out, with a link to sign in", async () => {
    const page = await app.inject({ url: "/api/logout" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("You are signed out");
    expect(page.body).toMatch(/<a [^>]*href="\/signin"[^>]*>Sign In<\/a>/);
    expect(page.body).not.toContain("<form");
  });
});

describe("POST /api/logout: the page's Sign Out button", () => {
  it("ends the session from the app's own page and sends the browser to sign in (303)", async () => {
    const player = await signUp(app);
    const out = await pressSignOut(player.cookie, OWN_ORIGIN);
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/signin");
    expect(out.cookies.find((cookie) => cookie.name === "fp_session")).toMatchObject({ value: "" });
    expect(await signedIn(player.cookie)).toBe(401);
  });

  it("refuses another site's form (403) and the session goes on", async () => {
    const player = await signUp(app);
    const refused = await pressSignOut(player.cookie, "https://evil.example");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Cross-site requests are not allowed." });
    expect(refused.headers["set-cookie"]).toBeUndefined();
    expect(await signedIn(player.cookie)).toBe(200);
    // "null": a sandboxed frame or a page opened from a file.
    expect((await pressSignOut(player.cookie, "null")).statusCode).toBe(403);
    expect(await signedIn(player.cookie)).toBe(200);
  });

  it("sends a visitor who is already signed out to sign in as well", async () => {
    const out = await pressSignOut(undefined, OWN_ORIGIN);
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/signin");
  });

  it("keeps POST /api/auth/logout, the app's own sign-out, at 204", async () => {
    const player = await signUp(app);
    const out = await app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: player.cookie, host: HOST, origin: OWN_ORIGIN },
    });
    expect(out.statusCode).toBe(204);
    expect(await signedIn(player.cookie)).toBe(401);
  });
});
