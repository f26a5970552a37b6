import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../../tests/setup/test-app";
import { readCache } from "../../db/read-cache";
import { sessionIdOf } from "../../services/auth.service";
import { signUp } from "../../../../tests/factories";

const { app, clock } = await createTestApp({ env: { ADMIN_EMAILS: ["boss@example.com"] } });

const sessionCookie = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === "fp_session");
  return cookie ? `fp_session=${cookie.value}` : undefined;
};

describe("accounts", () => {
  it("makes the first account an admin and later ones players", async () => {
    const first = await signUp(app, { email: "first@example.com" });
    const second = await signUp(app, { email: "second@example.com" });
    expect(first.isAdmin).toBe(true);
    expect(second.isAdmin).toBe(false);
  });

  it("makes accounts listed in ADMIN_EMAILS admins", async () => {
    const boss = await signUp(app, { email: "Boss@Example.com" });
    expect(boss.isAdmin).toBe(true);
    expect(boss.email).toBe("boss@example.com");
  });

  it("answers the signed-in user with the session cookie, 401 without", async () => {
    const player = await signUp(app, { firstName: "Pat", lastName: "Jones" });
    const me = await app.inject({ url: "/api/auth/user", headers: { cookie: player.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: player.id, firstName: "Pat", lastName: "Jones", isAdmin: false });
    expect(Object.keys(me.json()).sort()).toEqual([
      "createdAt",
      "email",
      "firstName",
      "id",
      "isAdmin",
      "lastName",
    ]);
    expect((await app.inject({ url: "/api/auth/user" })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: "/api/auth/user", headers: { cookie: "fp_session=forged" } })).statusCode,
    ).toBe(401);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie holding only a random token", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "cookie@example.com", password: "long enough", firstName: "C", lastName: "K" },
    });
    const cookie = response.cookies.find((c) => c.name === "fp_session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.value).not.toContain(response.json().id);
    // Relative, so a browser keeps it even when the app's clock is fixed in the past.
    expect(cookie.maxAge).toBe(30 * 86_400);
    expect(cookie.expires).toBeUndefined();
  });

  it("refuses a second account on the same e-mail, whatever its case", async () => {
    await signUp(app, { email: "taken@example.com" });
    const again = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "TAKEN@example.com", password: "long enough", firstName: "A", lastName: "B" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
  });

  it.each([
    [
      { email: "not-an-email", password: "long enough", firstName: "A", lastName: "B" },
      "Please enter a valid email address",
    ],
    [
      { email: "a@example.com", password: "short", firstName: "A", lastName: "B" },
      "Password must be at least 8 characters",
    ],
    [
      { email: "a@example.com", password: "long enough", firstName: " ", lastName: "B" },
      "First name is required",
    ],
    [
      { email: "a@example.com", password: "long enough", firstName: "A", lastName: "" },
      "Last name is required",
    ],
  ])("rejects an invalid registration with its message (%#)", async (payload, message) => {
    const response = await app.inject({ method: "POST", url: "/api/auth/register", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each(["password1", "Football", "QWERTYUIOP", "iloveyou", "12345678"])(
    "refuses a common password (%s) with 400 at the password field, and creates no account",
    async (password) => {
      const email = `common-${password.toLowerCase()}@example.com`;
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email, password, firstName: "C", lastName: "P" },
      });
      expect(response.statusCode).toBe(400);
      const message = "This password is too common and easy to guess. Please choose another.";
      expect(response.json()).toEqual({ message, issues: [{ path: "password", message }] });
      expect(response.cookies.find((c) => c.name === "fp_session")).toBeUndefined();
      // No account was made: the same e-mail signs up with a better password.
      await signUp(app, { email, password: `${password} but longer` });
    },
  );

  it("signs in with the right password and gives one message for any failure", async () => {
    await signUp(app, { email: "login@example.com", password: "the right one" });
    const ok = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "LOGIN@example.com", password: "the right one" },
    });
    expect(ok.statusCode).toBe(200);
    expect(sessionCookie(ok)).toBeDefined();
    const wrong = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "login@example.com", password: "wrong" },
    });
    const unknown = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.com", password: "wrong" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it("holds sign-ins at an e-mail address after five failures in a row (the rest: sign-in-limits.test.ts)", async () => {
    await signUp(app, { email: "limited@example.com" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "limited@example.com", password: "guess" },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  it("ends the session on logout (204)", async () => {
    const player = await signUp(app);
    const out = await app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: player.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie: player.cookie } })).statusCode).toBe(
      401,
    );
  });

  it("expires a session after 30 days without use, and rolls it forward with use", async () => {
    const start = clock.now();
    const player = await signUp(app);
    clock.set(new Date(start.getTime() + 20 * 86_400_000));
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie: player.cookie } })).statusCode).toBe(
      200,
    );
    clock.set(new Date(start.getTime() + 45 * 86_400_000));
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie: player.cookie } })).statusCode).toBe(
      200,
    );
    clock.set(new Date(start.getTime() + 80 * 86_400_000));
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie: player.cookie } })).statusCode).toBe(
      401,
    );
    clock.set(start);
  });

  it("renews one session without sending anyone else's back to the database", async () => {
    const start = clock.now();
    const [renewing, other] = [await signUp(app), await signUp(app)];
    for (const player of [renewing, other])
      await app.inject({ url: "/api/auth/user", headers: { cookie: player.cookie } });
    const otherId = sessionIdOf(other.cookie.slice("fp_session=".length));
    expect(readCache(app.ctx.database).get("sessions", otherId)).toBeDefined();
    clock.set(new Date(start.getTime() + 2 * 86_400_000));
    const renewed = await app.inject({ url: "/api/auth/user", headers: { cookie: renewing.cookie } });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers["set-cookie"]).toBeDefined();
    expect(readCache(app.ctx.database).get("sessions", otherId)).toBeDefined();
    clock.set(start);
  });

  it("answers a crowd's first requests, their sessions read together, each with its own account", async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => signUp(app)));
    readCache(app.ctx.database).clear();
    const answers = await Promise.all(
      players.map((player) => app.inject({ url: "/api/auth/user", headers: { cookie: player.cookie } })),
    );
    expect(answers.map((answer) => (answer.json() as { id: string }).id)).toEqual(
      players.map((player) => player.id),
    );
  });

  it("refuses state-changing requests from another origin", async () => {
    const player = await signUp(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: player.cookie, origin: "https://evil.example", host: "localhost:5000" },
    });
    expect(response.statusCode).toBe(403);
    const same = await app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: player.cookie, origin: "http://localhost:5000", host: "localhost:5000" },
    });
    expect(same.statusCode).toBe(204);
  });

  it("serves the sign-in page at /api/login to signed-out visitors", async () => {
    const response = await app.inject({ url: "/api/login" });
    // This suite runs without a built client: the page route exists and says so.
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/not built/);
  });
});

describe("signed-out access", () => {
  it.each(["/api/teams", "/api/season", "/api/games/week/1/season/2025", "/api/anything-else"])(
    "%s is 401",
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBeTruthy();
    },
  );

  it.each(["/API/teams", "/Api/season", "/API/games/week/1/season/2025", "/aPi/contests/"])(
    "%s is 401 too: the router takes any spelling of /api, and so does the gate",
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBeTruthy();
    },
  );

  it("answers health without a session", async () => {
    const response = await app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
