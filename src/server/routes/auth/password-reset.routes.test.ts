import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { RESET_LINK_SPENT, RESET_REQUESTED } from "@/contracts/auth";
import { as } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp, SEASON_2025_WEEK_1 } from "../../../../tests/setup/test-app";
import { activity, outbox, sessions, users } from "../../db/schema";
import { COMMON_PASSWORD_MESSAGE } from "../../services/password-policy";

const PUBLIC_URL = "https://pool.example.com";
const { app, db, clock } = await createTestApp({ env: { PUBLIC_URL } });

let admin: SignedIn;
let bea: SignedIn;
let cal: SignedIn;
beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  bea = await signUp(app, { email: "bea@example.com", firstName: "Bea", lastName: "Player" });
  cal = await signUp(app, { email: "cal@example.com", firstName: "Cal", lastName: "Player" });
});

const ROLES = () =>
  [
    ["signed out", null],
    ["the player", bea],
    ["another player", cal],
    ["an admin", admin],
  ] as const;

const cookieOf = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === "fp_session");
  return cookie?.value ? `fp_session=${cookie.value}` : undefined;
};

const mailsTo = (email: string) =>
  db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(desc(outbox.createdAt));

const tokenIn = (text: string) => /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** A reset link for an account, by mail: its token. */
async function mailedToken(email: string): Promise<string> {
  const response = await as(app, null).post("/api/auth/password-reset/request", { email });
  expect(response.statusCode).toBe(200);
  const token = tokenIn((await mailsTo(email))[0]!.body);
  expect(token).toBeDefined();
  return token!;
}

const signIn = (email: string, password: string) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("POST /api/auth/password-reset/request", () => {
  it("answers everyone the same sentence, and mails a link only to an account that has a password", async () => {
    for (const [, who] of ROLES()) {
      const before = (await mailsTo("bea@example.com")).length;
      const response = await as(app, who).post("/api/auth/password-reset/request", {
        email: "Bea@Example.com",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: RESET_REQUESTED });
      expect(await mailsTo("bea@example.com")).toHaveLength(before + 1);
    }
    const [mail] = await mailsTo("bea@example.com");
    expect(mail).toMatchObject({ kind: "password-reset", subject: "Choose a new Football Pool password" });
    expect(mail!.body).toContain("Hi Bea,");
    expect(mail!.body).toContain(`${PUBLIC_URL}/reset-password#token=`);
    expect(mail!.body).toContain("The link works once, for one hour.");
  });

  it("answers an unknown address the same, in at least the same time, and mails nothing", async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await as(app, null).post("/api/auth/password-reset/request", { email });
      return { response, ms: performance.now() - started };
    };
    const known = await timed("cal@example.com");
    const unknown = await timed("nobody@example.com");
    expect(unknown.response.statusCode).toBe(200);
    expect(unknown.response.body).toBe(known.response.body);
    // Both held to the same floor (password-reset.service.ts).
    expect(known.ms).toBeGreaterThanOrEqual(490);
    expect(unknown.ms).toBeGreaterThanOrEqual(490);
    expect(await mailsTo("nobody@example.com")).toHaveLength(0);
  });

  it("tells an account without a password how it signs in, with no link", async () => {
    const olive = await signUp(app, { email: "olive@example.com", firstName: "Olive" });
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, olive.id));
    const response = await as(app, null).post("/api/auth/password-reset/request", { email: olive.email });
    expect(response.json()).toEqual({ message: RESET_REQUESTED });
    const [mail] = await mailsTo(olive.email);
    expect(mail!.kind).toBe("password-reset");
    expect(mail!.body).toContain("Your account has no password");
    expect(mail!.body).toContain(`${PUBLIC_URL}/signin`);
    expect(tokenIn(mail!.body)).toBeUndefined();
  });

  it("sends nothing to a deleted account", async () => {
    const gone = await signUp(app, { email: "gone@example.com" });
    await db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, gone.id));
    const response = await as(app, null).post("/api/auth/password-reset/request", { email: gone.email });
    expect(response.json()).toEqual({ message: RESET_REQUESTED });
    expect(await mailsTo(gone.email)).toHaveLength(0);
  });

  it("refuses a malformed address with 400 and mails nothing", async () => {
    const response = await as(app, null).post("/api/auth/password-reset/request", {
      email: "not an address",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Please enter a valid email address");
  });

  it("keeps only the newest link working", async () => {
    const first = await mailedToken(cal.email);
    const second = await mailedToken(cal.email);
    const check = (token: string) => as(app, null).post("/api/auth/password-reset/check", { token });
    expect((await check(first)).json()).toEqual({ valid: false });
    expect((await check(second)).json()).toEqual({ valid: true });
  });
});

describe("POST /api/auth/password-reset/check", () => {
  it("says whether a link works, to everyone, without spending it", async () => {
    const token = await mailedToken(bea.email);
    for (const [, who] of ROLES()) {
      const response = await as(app, who).post("/api/auth/password-reset/check", { token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ valid: true });
    }
    const madeUp = await as(app, null).post("/api/auth/password-reset/check", { token: "x".repeat(43) });
    expect(madeUp.json()).toEqual({ valid: false });
    const garbage = await as(app, null).post("/api/auth/password-reset/check", { token: "not/a token" });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(RESET_LINK_SPENT);
  });

  it("says an expired link no longer works (one hour)", async () => {
    const token = await mailedToken(bea.email);
    try {
      clock.set(new Date(new Date(SEASON_2025_WEEK_1).getTime() + 59 * 60_000));
      expect((await as(app, null).post("/api/auth/password-reset/check", { token })).json().valid).toBe(true);
      clock.set(new Date(new Date(SEASON_2025_WEEK_1).getTime() + 60 * 60_000));
      expect((await as(app, null).post("/api/auth/password-reset/check", { token })).json().valid).toBe(
        false,
      );
      const reset = await as(app, null).post("/api/auth/password-reset", {
        token,
        password: "a new password",
      });
      expect(reset.statusCode).toBe(400);
    } finally {
      clock.set(SEASON_2025_WEEK_1);
    }
  });
});

describe("POST /api/auth/password-reset", () => {
  it("sets the password, ends every session, signs this device in and mails the account", async () => {
    const dan = await signUp(app, { email: "dan@example.com", firstName: "Dan" });
    const otherDevice = cookieOf(await signIn(dan.email, "correct horse battery"))!;
    const token = await mailedToken(dan.email);

    const response = await app.inject({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { token, password: "a brand new password" },
      headers: { "user-agent": "Reset Browser/1.0" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: dan.id, email: dan.email });
    const fresh = cookieOf(response)!;

    // Every earlier session is over; the new one works, named by its device.
    for (const cookie of [dan.cookie, otherDevice]) {
      expect((await app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie: fresh } })).statusCode).toBe(200);
    const left = await db.select().from(sessions).where(eq(sessions.userId, dan.id));
    expect(left.map((session) => session.userAgent)).toEqual(["Reset Browser/1.0"]);

    expect((await signIn(dan.email, "correct horse battery")).statusCode).toBe(401);
    expect((await signIn(dan.email, "a brand new password")).statusCode).toBe(200);

    const [changed] = await mailsTo(dan.email);
    expect(changed).toMatchObject({
      kind: "password-changed",
      subject: "Your Football Pool password was changed",
    });
    expect(changed!.body).toContain("If it was not, ask for a new link at once");
    expect(tokenIn(changed!.body)).toBeUndefined();

    // Spent: a second use changes nothing.
    const again = await as(app, null).post("/api/auth/password-reset", {
      token,
      password: "yet another one",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: RESET_LINK_SPENT,
      issues: [{ path: "token", message: RESET_LINK_SPENT }],
    });
    expect((await signIn(dan.email, "a brand new password")).statusCode).toBe(200);
  });

  it("works the same whoever's browser sends it, signing in the link's account", async () => {
    const ivy = await signUp(app, { email: "ivy@example.com" });
    for (const [, who] of ROLES()) {
      const token = await mailedToken(ivy.email);
      const response = await as(app, who).post("/api/auth/password-reset", {
        token,
        password: "ivy's new password",
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().id).toBe(ivy.id);
    }
  });

  it("refuses the sign-up's refused passwords at the field, leaving the link and the password as they were", async () => {
    const eve = await signUp(app, { email: "eve@example.com" });
    const token = await mailedToken(eve.email);
    const common = await as(app, null).post("/api/auth/password-reset", { token, password: "password1" });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      message: COMMON_PASSWORD_MESSAGE,
      issues: [{ path: "password", message: COMMON_PASSWORD_MESSAGE }],
    });
    const short = await as(app, null).post("/api/auth/password-reset", { token, password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([
      { path: "password", message: "Password must be at least 8 characters" },
    ]);

    expect((await as(app, null).post("/api/auth/password-reset/check", { token })).json().valid).toBe(true);
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie: eve.cookie } })).statusCode).toBe(
      200,
    );
    expect((await signIn(eve.email, "correct horse battery")).statusCode).toBe(200);
  });

  it("refuses a made-up token and the link of a deleted account", async () => {
    const madeUp = await as(app, null).post("/api/auth/password-reset", {
      token: "y".repeat(43),
      password: "a fine password",
    });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toBe(RESET_LINK_SPENT);

    const fay = await signUp(app, { email: "fay@example.com" });
    const token = await mailedToken(fay.email);
    await db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, fay.id));
    expect((await as(app, null).post("/api/auth/password-reset/check", { token })).json().valid).toBe(false);
    const response = await as(app, null).post("/api/auth/password-reset", {
      token,
      password: "a fine password",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(RESET_LINK_SPENT);
  });
});

describe("POST /api/users/:id/reset-link", () => {
  const make = (who: SignedIn | null, id: string) => as(app, who).post(`/api/users/${id}/reset-link`);

  it("is for admins only: 401 signed out, 403 to players (the player themself too)", async () => {
    expect((await make(null, bea.id)).statusCode).toBe(401);
    expect((await make(bea, bea.id)).statusCode).toBe(403);
    expect((await make(cal, bea.id)).statusCode).toBe(403);
  });

  it("gives an admin a one-hour link that signs the player in once, and logs it without the link", async () => {
    const gus = await signUp(app, { email: "gus@example.com", firstName: "Gus", lastName: "Player" });
    const mailed = await mailedToken(gus.email);
    const response = await make(admin, gus.id);
    expect(response.statusCode).toBe(201);
    const link = response.json<{ url: string; expiresAt: string }>();
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password#token=[A-Za-z0-9_-]{43}$`));
    expect(new Date(link.expiresAt).getTime() - clock.now().getTime()).toBe(60 * 60_000);
    const token = tokenIn(link.url)!;

    // The mailed link stops working: only the newest one does.
    expect((await as(app, null).post("/api/auth/password-reset/check", { token: mailed })).json().valid).toBe(
      false,
    );

    const [line] = await db
      .select()
      .from(activity)
      .where(and(eq(activity.action, "user.reset_link"), eq(activity.subjectUserId, gus.id)));
    expect(line).toMatchObject({ actorId: admin.id, details: {} });
    expect(JSON.stringify(line)).not.toContain(token);
    const log = await as(app, admin).get(`/api/admin/activity?userId=${gus.id}`);
    expect(log.json().entries[0].summary).toBe("Ada Admin made a password reset link for Gus Player");

    const reset = await as(app, null).post("/api/auth/password-reset", {
      token,
      password: "gus picks a password",
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(gus.email, "gus picks a password")).statusCode).toBe(200);
    expect(
      (await as(app, null).post("/api/auth/password-reset", { token, password: "again" })).statusCode,
    ).toBe(400);
  });

  it("lets an admin make one for themself", async () => {
    const response = await make(admin, admin.id);
    expect(response.statusCode).toBe(201);
  });

  it("answers 404 for a deleted account and an unknown id, and writes nothing", async () => {
    const hal = await signUp(app, { email: "hal@example.com" });
    await db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, hal.id));
    expect((await make(admin, hal.id)).statusCode).toBe(404);
    expect((await make(admin, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const lines = await db.select().from(activity).where(eq(activity.subjectUserId, hal.id));
    expect(lines.filter((line) => line.action === "user.reset_link")).toHaveLength(0);
  });
});

describe("limits", async () => {
  const limited = await createTestApp({ authLimits: { perIp: 6, perEmail: 2 } });
  const ask = (email: string) =>
    limited.app.inject({ method: "POST", url: "/api/auth/password-reset/request", payload: { email } });

  it("limits requests per e-mail address and per client address: 429 past them", async () => {
    await signUp(limited.app, { email: "limited@example.com" });
    expect((await ask("limited@example.com")).statusCode).toBe(200);
    expect((await ask("LIMITED@example.com")).statusCode).toBe(200);
    const third = await ask("limited@example.com");
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(third.headers["retry-after"]).toBeDefined();
    // An unknown address counts the same way.
    expect((await ask("unknown@example.com")).statusCode).toBe(200);
    expect((await ask("unknown@example.com")).statusCode).toBe(200);
    expect((await ask("unknown@example.com")).statusCode).toBe(429);
    // The client address's count covers checks and resets too: 6 calls, then 429.
    const check = () =>
      limited.app.inject({
        method: "POST",
        url: "/api/auth/password-reset/check",
        payload: { token: "z".repeat(43) },
      });
    expect((await check()).statusCode).toBe(429);
  });
});
