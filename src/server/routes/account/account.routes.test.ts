import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import type { DeviceSession, SignInMethod } from "@/contracts/account";
import { accountTokens, activity, contests, outbox, pushSubscriptions, users } from "../../db/schema";
import { findOrCreateUser, sessionIdOf, startSession } from "../../services/auth.service";
import { COMMON_PASSWORD_MESSAGE } from "../../services/password-policy";

const { app, db } = await createTestApp();
const as = (who: SignedIn | null) => request(app, who);

const PASSWORD = "correct horse battery";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
/** An account made through the OpenID Connect provider: no password. */
let olive: SignedIn;

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Able" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Baker" });
  const { user } = await findOrCreateUser(app.ctx, {
    email: "olive@example.com",
    firstName: "Olive",
    lastName: "Oidc",
    passwordHash: null,
  });
  const session = await startSession(app.ctx, user.id);
  olive = { ...user, cookie: `fp_session=${session.token}` };
});

/** A new session of the same person (another device), signed in with a password. */
async function anotherDevice(
  who: SignedIn,
  userAgent = SAFARI_IPHONE,
  password = PASSWORD,
): Promise<SignedIn> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: who.email, password },
    headers: { "user-agent": userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === "fp_session")!;
  return { ...who, cookie: `fp_session=${cookie.value}` };
}

const signedIn = async (who: SignedIn) => (await as(who).get("/api/auth/user")).statusCode === 200;
const devices = async (who: SignedIn) => (await as(who).get("/api/account/sessions")).json<DeviceSession[]>();
const mails = (to: string) => db.select().from(outbox).where(eq(outbox.toAddress, to));

describe("GET /api/account/sign-in", () => {
  it("is 401 signed out", async () => {
    expect((await as(null).get("/api/account/sign-in")).statusCode).toBe(401);
  });

  it("tells each signed-in person their own address and whether they have a password", async () => {
    for (const who of [alice, bob, admin]) {
      const response = await as(who).get("/api/account/sign-in");
      expect(response.statusCode).toBe(200);
      expect(response.json<SignInMethod>()).toEqual({
        email: who.email,
        hasPassword: true,
        pendingEmail: null,
      });
    }
    expect((await as(olive).get("/api/account/sign-in")).json()).toMatchObject({ hasPassword: false });
  });
});

describe("POST /api/account/email", () => {
  const ask = (who: SignedIn | null, newEmail: string, currentPassword = PASSWORD) =>
    as(who).post("/api/account/email", { newEmail, currentPassword });

  it("is 401 signed out", async () => {
    expect((await ask(null, "x@example.com")).statusCode).toBe(401);
  });

  it("refuses a wrong current password at its field, and changes nothing", async () => {
    const response = await ask(bob, "bob.new@example.com", "not my password");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Your current password is not correct.",
      issues: [{ path: "currentPassword", message: "Your current password is not correct." }],
    });
    expect(await mails("bob.new@example.com")).toHaveLength(0);
  });

  it("refuses today's address and another account's, whatever their case", async () => {
    const same = await ask(bob, "BOB@example.com");
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toEqual([{ path: "newEmail", message: "This is already your address." }]);
    for (const taken of ["Alice@Example.com", "admin@example.com", "olive@example.com"]) {
      const response = await ask(bob, taken);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: "An account with this email already exists.",
        issues: [{ path: "newEmail" }],
      });
    }
  });

  it("tells an account without a password that its address comes from its provider", async () => {
    const response = await ask(olive, "olive.new@example.com", "anything");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/sign-in service, so it cannot be changed here/);
  });

  it("sends a link to the new address and a notice to the old one; nothing changes yet", async () => {
    const response = await ask(alice, "Alice.New@Example.com");
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      message: "We sent a link to alice.new@example.com. Your address changes when you open it.",
      pendingEmail: "alice.new@example.com",
    });
    const [link] = await mails("alice.new@example.com");
    expect(link).toMatchObject({ kind: "email-change", status: "kept" });
    expect(link!.body).toMatch(/\/confirm-email#token=[\w-]{43}\n/);
    const [notice] = await mails("alice@example.com");
    expect(notice).toMatchObject({ kind: "email-change-notice" });
    expect(notice!.body).toContain("alice.new@example.com");
    expect(notice!.body).not.toContain("token=");

    expect((await as(alice).get("/api/auth/user")).json().email).toBe("alice@example.com");
    expect((await as(alice).get("/api/account/sign-in")).json().pendingEmail).toBe("alice.new@example.com");
    const [token] = await db.select().from(accountTokens).where(eq(accountTokens.userId, alice.id));
    // One day to open it.
    expect(token!.expiresAt.getTime() - app.ctx.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);
  });

  it("answers 429 after ten tries of a password in five minutes", async () => {
    const carl = await signUp(app, { email: "carl@example.com" });
    for (let i = 0; i < 10; i += 1)
      expect((await ask(carl, "carl@example.com", "wrong")).statusCode).toBe(400);
    const refused = await ask(carl, "carl.new@example.com");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // Another person's tries are their own.
    expect((await ask(bob, "bob@example.com")).statusCode).toBe(400);
  });
});

/** The token of the latest e-mail change link mailed to this address. */
async function linkTokenSentTo(address: string): Promise<string> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, address), eq(outbox.kind, "email-change")));
  const body = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!.body;
  return /#token=([\w-]+)/.exec(body)![1]!;
}

describe("POST /api/auth/email-change/confirm", () => {
  const confirm = (who: SignedIn | null, token: string) =>
    as(who).post("/api/auth/email-change/confirm", { token });

  it("refuses a made-up or empty token", async () => {
    const made = await confirm(null, "x".repeat(43));
    expect(made.statusCode).toBe(400);
    expect(made.json().message).toBe(
      "This link has expired or was already used. Ask for a new one in Settings.",
    );
    expect((await confirm(null, "")).statusCode).toBe(400);
  });

  it("moves the account once, opened signed out; only the newest link works", async () => {
    const dana = await signUp(app, { email: "dana@example.com", firstName: "Dana" });
    expect(
      (
        await as(dana).post("/api/account/email", {
          newEmail: "dana.1@example.com",
          currentPassword: PASSWORD,
        })
      ).statusCode,
    ).toBe(202);
    const first = await linkTokenSentTo("dana.1@example.com");
    await as(dana).post("/api/account/email", { newEmail: "dana.2@example.com", currentPassword: PASSWORD });
    const second = await linkTokenSentTo("dana.2@example.com");
    expect((await confirm(null, first)).statusCode).toBe(400);

    const confirmed = await confirm(null, second);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: "dana.2@example.com" });
    // The session's cached user is the new one at once.
    expect((await as(dana).get("/api/auth/user")).json().email).toBe("dana.2@example.com");
    expect((await as(dana).get("/api/account/sign-in")).json().pendingEmail).toBeNull();
    expect((await confirm(null, second)).statusCode).toBe(400);
    const [line] = await db.select().from(activity).where(eq(activity.subjectUserId, dana.id));
    expect(line).toMatchObject({ action: "user.updated", actorId: dana.id, details: { changed: "email" } });
    // The new address signs in; the old one no longer does.
    const login = (email: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: PASSWORD } });
    expect((await login("dana.2@example.com")).statusCode).toBe(200);
    expect((await login("dana@example.com")).statusCode).toBe(401);
  });

  it("moves only the token's account, whoever opens it", async () => {
    const erin = await signUp(app, { email: "erin@example.com" });
    await as(erin).post("/api/account/email", {
      newEmail: "erin.new@example.com",
      currentPassword: PASSWORD,
    });
    const opened = await confirm(bob, await linkTokenSentTo("erin.new@example.com"));
    expect(opened.statusCode).toBe(200);
    expect((await as(bob).get("/api/auth/user")).json().email).toBe("bob@example.com");
    expect((await as(erin).get("/api/auth/user")).json().email).toBe("erin.new@example.com");
  });

  it("is 409 when the address was taken meanwhile, and leaves the link unspent", async () => {
    const fay = await signUp(app, { email: "fay@example.com" });
    await as(fay).post("/api/account/email", { newEmail: "fay.new@example.com", currentPassword: PASSWORD });
    const token = await linkTokenSentTo("fay.new@example.com");
    await signUp(app, { email: "FAY.NEW@example.com" });
    const refused = await confirm(null, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("An account with this email already exists.");
    const [row] = await db.select().from(accountTokens).where(eq(accountTokens.userId, fay.id));
    expect(row!.usedAt).toBeNull();
    expect((await as(fay).get("/api/auth/user")).json().email).toBe("fay@example.com");
  });

  it("joins the invitations already sent to the new address to the account", async () => {
    const gus = await signUp(app, { email: "gus@example.com" });
    await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
    const created = await as(bob).post("/api/contests", {
      name: "For Gus",
      player2Email: "gus.new@example.com",
      defaultBetAmount: 10,
      contestCreationPassword: "pw",
    });
    expect(created.statusCode).toBe(201);
    await as(gus).post("/api/account/email", { newEmail: "gus.new@example.com", currentPassword: PASSWORD });
    expect((await confirm(null, await linkTokenSentTo("gus.new@example.com"))).statusCode).toBe(200);
    const [contest] = await db.select().from(contests).where(eq(contests.id, created.json().id));
    expect(contest!.player2Id).toBe(gus.id);
    expect((await as(gus).get("/api/contests")).json()).toHaveLength(1);
  });
});

describe("POST /api/account/password", () => {
  const change = (who: SignedIn | null, body: object) => as(who).post("/api/account/password", body);

  it("is 401 signed out", async () => {
    expect(
      (await change(null, { currentPassword: PASSWORD, newPassword: "a new long one" })).statusCode,
    ).toBe(401);
  });

  it("refuses a wrong current password, a short one and a common one, each at its field", async () => {
    const wrong = await change(bob, { currentPassword: "nope", newPassword: "a new long one" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      { path: "currentPassword", message: "Your current password is not correct." },
    ]);
    const short = await change(bob, { currentPassword: PASSWORD, newPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([
      { path: "newPassword", message: "Password must be at least 8 characters" },
    ]);
    const common = await change(bob, { currentPassword: PASSWORD, newPassword: "Password1" });
    expect(common.statusCode).toBe(400);
    expect(common.json().issues).toEqual([{ path: "newPassword", message: COMMON_PASSWORD_MESSAGE }]);
    expect(await signedIn(bob)).toBe(true);
  });

  it("refuses an account without a password, saying so", async () => {
    const response = await change(olive, { currentPassword: "x", newPassword: "a new long one" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "Your account has no password: you sign in through your organization's sign-in service.",
    );
  });

  it("stores the new one, ends every other session, cancels waiting links and mails the account", async () => {
    const hank = await signUp(app, { email: "hank@example.com", firstName: "Hank" });
    const phone = await anotherDevice(hank);
    const tablet = await anotherDevice(hank);
    await as(hank).post("/api/account/email", {
      newEmail: "hank.new@example.com",
      currentPassword: PASSWORD,
    });

    const changed = await change(hank, { currentPassword: PASSWORD, newPassword: "a brand new phrase" });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await signedIn(hank)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(alice)).toBe(true);

    const [user] = await db.select().from(users).where(eq(users.id, hank.id));
    expect(user!.passwordHash).toMatch(/^\$argon2/);
    await anotherDevice(hank, CHROME_MAC, "a brand new phrase");
    const old = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: hank.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);

    expect((await as(hank).get("/api/account/sign-in")).json().pendingEmail).toBeNull();
    const notices = (await mails("hank@example.com")).filter((mail) => mail.kind === "password-changed");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain("your other devices were signed out");
  });
});

describe("signed-in devices", () => {
  let ivy: SignedIn;
  let ivyPhone: SignedIn;

  beforeAll(async () => {
    ivy = await signUp(app, { email: "ivy@example.com", firstName: "Ivy" });
    ivy = await anotherDevice(ivy, CHROME_MAC);
    ivyPhone = await anotherDevice(ivy, SAFARI_IPHONE);
  });

  it("are 401 signed out", async () => {
    expect((await as(null).get("/api/account/sessions")).statusCode).toBe(401);
    expect((await as(null).delete("/api/account/sessions/0123456789abcdef")).statusCode).toBe(401);
    expect((await as(null).post("/api/account/sessions/sign-out-others")).statusCode).toBe(401);
  });

  it("lists the person's own live sessions, named by device, this one first, without session ids", async () => {
    const list = await devices(ivy);
    // The sign-up's session, the desktop's, the phone's.
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, browser: "Chrome 126", system: "macOS" });
    expect(list.filter((device) => device.current)).toHaveLength(1);
    expect(list).toContainEqual(
      expect.objectContaining({ current: false, browser: "Safari 17", system: "iPhone · iOS 17.5" }),
    );
    const phoneSession = sessionIdOf(ivyPhone.cookie.slice("fp_session=".length));
    for (const device of list) {
      expect(device.id).toMatch(/^[0-9a-f]{16}$/);
      expect(phoneSession.startsWith(device.id)).toBe(false);
      expect(device.signedInAt).toMatch(/Z$/);
    }
    const bobs = await devices(bob);
    expect(bobs.map((device) => device.id)).not.toContain(list[1]!.id);
  });

  it("signs another device out at once, its push subscription with it; never another player's", async () => {
    const subscribed = await as(ivyPhone).post("/api/push/subscriptions", {
      endpoint: "https://push.example.com/ivy-phone",
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
    const phoneSession = sessionIdOf(ivyPhone.cookie.slice("fp_session=".length));
    const [subscription] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, "https://push.example.com/ivy-phone"));
    expect(subscription!.sessionId).toBe(phoneSession);

    const phone = (await devices(ivy)).find((device) => device.browser === "Safari 17")!;
    for (const other of [bob, admin]) {
      expect((await as(other).delete(`/api/account/sessions/${phone.id}`)).statusCode).toBe(404);
    }
    expect(await signedIn(ivyPhone)).toBe(true);
    expect((await as(ivy).delete("/api/account/sessions/0123456789abcdef")).statusCode).toBe(404);
    expect((await as(ivy).delete("/api/account/sessions/not-an-id")).statusCode).toBe(400);

    expect((await as(ivy).delete(`/api/account/sessions/${phone.id}`)).statusCode).toBe(204);
    expect(await signedIn(ivyPhone)).toBe(false);
    expect(await signedIn(ivy)).toBe(true);
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscription!.id)),
    ).toEqual([]);
    expect((await devices(ivy)).map((device) => device.id)).not.toContain(phone.id);
    expect((await as(ivy).delete(`/api/account/sessions/${phone.id}`)).statusCode).toBe(404);
  });

  it("does not sign out the device asking (that is Sign Out)", async () => {
    const [current] = await devices(ivy);
    const response = await as(ivy).delete(`/api/account/sessions/${current!.id}`);
    expect(response.statusCode).toBe(400);
    expect(await signedIn(ivy)).toBe(true);
  });

  it("signs out every other device of the person, and nobody else's", async () => {
    const laptop = await anotherDevice(ivy, CHROME_MAC);
    const bobPhone = await anotherDevice(bob);
    expect((await as(ivy).post("/api/account/sessions/sign-out-others")).statusCode).toBe(204);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(ivy)).toBe(true);
    expect(await signedIn(bobPhone)).toBe(true);
    expect((await devices(ivy)).map((device) => device.current)).toEqual([true]);
  });

  it("works the same for an admin, on their own devices only", async () => {
    const adminPhone = await anotherDevice(admin);
    const list = await devices(admin);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect((await as(admin).post("/api/account/sessions/sign-out-others")).statusCode).toBe(204);
    expect(await signedIn(adminPhone)).toBe(false);
    expect(await signedIn(bob)).toBe(true);
  });
});
