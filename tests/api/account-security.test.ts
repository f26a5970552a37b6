import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * Accounts (docs/reliability.md, "Accounts"): passwords never leave the server, the session id is new at
 * every sign-in (no fixation), sign-out ends the session on the server, brute force gets 429 with
 * Retry-After, and every answer carries the security headers.
 */
const { app } = await createTestApp();
const PASSWORD = "correct horse battery";
let admin: SignedIn;
let player: SignedIn;
let contestId: string;

const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === "fp_session")?.value;

const login = (email: string, cookie?: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: PASSWORD },
    headers: cookie ? { cookie: `fp_session=${cookie}` } : {},
  });

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  player = await signUp(app, { email: "player@example.com" });
  const created = await app.inject({
    method: "POST",
    url: "/api/contests",
    headers: { cookie: admin.cookie },
    payload: { name: "Headers", description: "", player2Email: player.email, defaultBetAmount: 25 },
  });
  contestId = created.json<{ id: string }>().id;
});

describe("account security", () => {
  it("never sends a password or its hash, on any route that answers a GET", async () => {
    const gets = app.routeCatalog.filter(
      // Not the stream, not the sign-out link (it would end the sessions used below), and not the API's
      // description, which names the request fields (`password` among them) and holds no data.
      (r) =>
        r.method === "GET" &&
        r.url.startsWith("/api/") &&
        !["/api/events", "/api/logout", "/api/openapi.json"].includes(r.url),
    );
    expect(gets.length).toBeGreaterThan(10);
    let checked = 0;
    for (const route of gets) {
      const url = route.url
        .replace(/:(contestId|id)\b/, contestId)
        .replace(":userId", player.id)
        .replace(/:(week|round)\b/g, "1")
        .replace(":season", "2025")
        .replace(/:[a-zA-Z]+/g, "1");
      for (const who of [admin, player]) {
        const response = await app.inject({ url, headers: { cookie: who.cookie } });
        checked += 1;
        expect(response.body, url).not.toMatch(/\$argon2/);
        expect(response.body, url).not.toMatch(/"password(Hash)?"\s*:/i);
        expect(response.body, url).not.toContain(PASSWORD);
      }
    }
    expect(checked).toBe(gets.length * 2);
  });

  it("gives a new session id at every sign-in, never the one the client brought", async () => {
    const first = cookieOf(await login(player.email));
    const second = cookieOf(await login(player.email, first));
    const planted = "attacker-chosen-session-id-0000000000000000";
    const third = cookieOf(await login(player.email, planted));
    expect(new Set([player.cookie.split("=")[1], first, second, third, planted]).size).toBe(5);
    const withPlanted = await app.inject({
      url: "/api/auth/user",
      headers: { cookie: `fp_session=${planted}` },
    });
    expect(withPlanted.statusCode).toBe(401);
  });

  it("ends the session on the server at sign-out: the old cookie no longer works", async () => {
    const session = cookieOf(await login(player.email))!;
    const headers = { cookie: `fp_session=${session}` };
    expect((await app.inject({ url: "/api/auth/user", headers })).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: "/api/auth/logout", headers })).statusCode).toBe(204);
    // Replaying the cookie the browser was told to forget: the server has ended it.
    expect((await app.inject({ url: "/api/auth/user", headers })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/contests", headers })).statusCode).toBe(401);
  });

  it("slows brute force: 429 with a Retry-After header", async () => {
    const target = await signUp(app, { email: "target@example.com" });
    let limited;
    for (let i = 0; i < 10 && !limited; i += 1) {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: target.email, password: `guess ${i}` },
      });
      if (response.statusCode === 429) limited = response;
      else expect(response.statusCode).toBe(401);
    }
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited!.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited!.json().message).toMatch(/Too many attempts/);
    // Even the right password waits, from a browser that never signed in to the account.
    expect((await login(target.email)).statusCode).toBe(429);
  });

  it("refuses a cross-site write and allows the app's own origin", async () => {
    const write = (origin: string) =>
      app.inject({
        method: "PUT",
        url: `/api/users/${player.id}`,
        headers: { cookie: player.cookie, origin, host: "pool.example.com" },
        payload: { firstName: "Pat", lastName: "Doe" },
      });
    const evil = await write("https://evil.example.com");
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toBe("Cross-site requests are not allowed.");
    expect((await write("http://pool.example.com")).statusCode).toBe(200);
  });

  it("sends the security headers, and an answer that is not a page a policy that allows nothing", async () => {
    // Pages' own policy (scripts, styles, the app's fetches): src/server/plugins/client.test.ts.
    const response = await app.inject({ url: "/api/health" });
    expect(response.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers["strict-transport-security"]).toBeDefined();
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });
});
