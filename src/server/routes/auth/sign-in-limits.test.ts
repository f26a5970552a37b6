import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { outbox } from "../../db/schema";

/**
 * Guessing a password: a stranger's wrong passwords hold up sign-ins from devices the account does
 * not know, with a growing wait, but never the devices it signed in on before.
 */
const PUBLIC_URL = "https://pool.example.com";
const { app, clock, db } = await createTestApp({ env: { PUBLIC_URL } });
const limited = await createTestApp({ authLimits: { perIp: 3 } });
const PASSWORD = "correct horse battery";
const STRANGER = "203.0.113.7";
const HOME = "198.51.100.20";

type Response = Awaited<ReturnType<typeof app.inject>>;

const signIn = (email: string, password: string, options: { device?: string; from?: string } = {}) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: options.from ?? STRANGER,
    headers: options.device ? { cookie: `fp_device=${options.device}` } : {},
  });

const deviceCookie = (response: Response) => response.cookies.find((c) => c.name === "fp_device");
const retryAfter = (response: Response) => Number(response.headers["retry-after"]);
const later = (seconds: number) => clock.set(new Date(clock.now().getTime() + seconds * 1000));

/** A player and the device cookie of the browser they signed in on. */
async function playerAtHome(): Promise<SignedIn & { device: string }> {
  const player = await signUp(app, { password: PASSWORD });
  const home = await signIn(player.email, PASSWORD, { from: HOME });
  expect(home.statusCode).toBe(200);
  return { ...player, device: deviceCookie(home)!.value };
}

/**
 * `count` wrong passwords the server weighs, each wait waited out: the waits met on the way, in
 * seconds, in order.
 */
async function wrongPasswords(email: string, count: number, options: { device?: string } = {}) {
  const waits: number[] = [];
  for (let i = 0; i < count; i += 1) {
    let response = await signIn(email, `guess ${i}`, options);
    if (response.statusCode === 429) {
      waits.push(retryAfter(response));
      later(retryAfter(response));
      response = await signIn(email, `guess ${i}`, options);
    }
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().message).toBe("Invalid email or password.");
  }
  return waits;
}

const failureMails = (email: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, "sign-in-failures")));

describe("sign-in guessing limits", () => {
  it("gives the signed-in browser a long-lived HttpOnly device cookie holding only a random token", async () => {
    const player = await signUp(app, { password: PASSWORD });
    const response = await signIn(player.email, PASSWORD);
    const cookie = deviceCookie(response)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.path).toBe("/api/auth");
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.maxAge).toBe(365 * 86_400);
    // Signing in again from it keeps the same device.
    const again = await signIn(player.email, PASSWORD, { device: cookie.value });
    expect(deviceCookie(again)?.value).toBe(cookie.value);
  });

  it("knows the device an account was created on", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "new-here@example.com", password: PASSWORD, firstName: "N", lastName: "H" },
    });
    const device = deviceCookie(created)!.value;
    await wrongPasswords("new-here@example.com", 6);
    expect((await signIn("new-here@example.com", PASSWORD, { device })).statusCode).toBe(200);
  });

  it("lets the right password in from a device that signed in before, after a stranger's 11 wrong ones", async () => {
    const player = await playerAtHome();
    await wrongPasswords(player.email, 11);
    // The stranger is held...
    expect((await signIn(player.email, "guess", { from: STRANGER })).statusCode).toBe(429);
    // ...the player is not.
    const home = await signIn(player.email, PASSWORD, { device: player.device, from: HOME });
    expect(home.statusCode).toBe(200);
    expect(home.json().email).toBe(player.email);
  });

  it("holds a new device during the wait with 429 and Retry-After, and lets it in after", async () => {
    const player = await playerAtHome();
    await wrongPasswords(player.email, 6);
    const held = await signIn(player.email, PASSWORD, { from: HOME });
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(retryAfter(held)).toBe(10);
    later(9);
    expect((await signIn(player.email, PASSWORD, { from: HOME })).statusCode).toBe(429);
    later(1);
    const after = await signIn(player.email, PASSWORD, { from: HOME });
    expect(after.statusCode).toBe(200);
    expect(deviceCookie(after)).toBeDefined();
  });

  it("makes the wait grow with each failure, from 5 seconds doubling to 15 minutes, never a lock", async () => {
    const player = await playerAtHome();
    const waits = await wrongPasswords(player.email, 15);
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 900, 900]);
    const held = await signIn(player.email, "guess");
    expect(retryAfter(held)).toBe(900);
  });

  it("answers an unknown e-mail as it answers an account's: the same statuses, messages and waits", async () => {
    const player = await playerAtHome();
    const seen = async (email: string) => {
      const answers: string[] = [];
      for (let i = 0; i < 9; i += 1) {
        const response = await signIn(email, `guess ${i}`);
        answers.push(`${response.statusCode} ${response.json().message} ${response.headers["retry-after"]}`);
      }
      return answers;
    };
    const known = await seen(player.email);
    const unknown = await seen("nobody-here@example.com");
    expect(unknown).toEqual(known);
    expect(known.filter((answer) => answer.startsWith("429"))).toHaveLength(4);
  });

  it("counts a wrong password sent with a device cookie for that device only", async () => {
    const player = await playerAtHome();
    // Five wrong passwords from the player's own browser: the account is not held.
    await wrongPasswords(player.email, 5, { device: player.device });
    expect((await signIn(player.email, "guess")).statusCode).toBe(401);
    expect((await signIn(player.email, PASSWORD, { from: HOME })).statusCode).toBe(200);

    // With the account held by a stranger, that browser's own failures hold it, but not another.
    const tabs = await playerAtHome();
    const second = deviceCookie(await signIn(tabs.email, PASSWORD, { from: HOME }))!.value;
    await wrongPasswords(tabs.email, 8);
    await wrongPasswords(tabs.email, 5, { device: tabs.device });
    const heldDevice = await signIn(tabs.email, PASSWORD, { device: tabs.device, from: HOME });
    expect(heldDevice.statusCode).toBe(429);
    expect(retryAfter(heldDevice)).toBe(5);
    expect((await signIn(tabs.email, PASSWORD, { device: second, from: HOME })).statusCode).toBe(200);
  });

  it("does not let a device cookie of another account skip the wait", async () => {
    const player = await playerAtHome();
    const someoneElse = await playerAtHome();
    await wrongPasswords(player.email, 6);
    const response = await signIn(player.email, PASSWORD, { device: someoneElse.device });
    expect(response.statusCode).toBe(429);
    const made = await signIn(player.email, PASSWORD, { device: "made-up-device-token" });
    expect(made.statusCode).toBe(429);
  });

  it("clears the account's count and the device's with a sign-in", async () => {
    const player = await playerAtHome();
    await wrongPasswords(player.email, 7);
    later(3600);
    expect((await signIn(player.email, PASSWORD, { from: HOME })).statusCode).toBe(200);
    // Counted from nothing again: five failures pass without a wait.
    expect(await wrongPasswords(player.email, 5)).toEqual([]);
    expect((await signIn(player.email, "guess")).statusCode).toBe(429);

    // The device's own count: held after five failures, cleared by its sign-in after the wait.
    await wrongPasswords(player.email, 5, { device: player.device });
    const held = await signIn(player.email, PASSWORD, { device: player.device, from: HOME });
    expect(held.statusCode).toBe(429);
    later(retryAfter(held));
    expect((await signIn(player.email, PASSWORD, { device: player.device, from: HOME })).statusCode).toBe(
      200,
    );
    await wrongPasswords(player.email, 7);
    await wrongPasswords(player.email, 4, { device: player.device });
    expect((await signIn(player.email, PASSWORD, { device: player.device, from: HOME })).statusCode).toBe(
      200,
    );
  });

  it("mails the player once when a day sees ten failures, with how many and when, and again the next day", async () => {
    const player = await playerAtHome();
    await wrongPasswords(player.email, 9);
    expect(await failureMails(player.email)).toHaveLength(0);
    await wrongPasswords(player.email, 1);
    const [mail, ...more] = await failureMails(player.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Failed sign-ins to your Football Pool account");
    expect(mail!.body).toContain("10 attempts to sign in to your Football Pool account failed");
    expect(mail!.body).toMatch(/between .+ PT and .+ PT/);
    expect(mail!.body).toContain("your password is safe as long as it is not guessed");
    expect(mail!.body).toContain(`${PUBLIC_URL}/settings`);
    expect(mail!.body).toContain(`${PUBLIC_URL}/signin?tab=forgot`);
    expect(mail!.body).not.toContain(STRANGER);

    // The player's sign-in in between does not start the day's count again, nor allow a second mail.
    later(3600);
    expect((await signIn(player.email, PASSWORD, { device: player.device, from: HOME })).statusCode).toBe(
      200,
    );
    await wrongPasswords(player.email, 12);
    expect(await failureMails(player.email)).toHaveLength(1);

    later(86_400);
    await wrongPasswords(player.email, 10);
    const mails = await failureMails(player.email);
    expect(mails).toHaveLength(2);
    await app.mailer.flush();
  });

  it("mails nobody for failures on an e-mail no account uses", async () => {
    await wrongPasswords("nobody-else@example.com", 12);
    expect(await failureMails("nobody-else@example.com")).toHaveLength(0);
  });
});

describe("the limit per client address", () => {
  it("holds an address past its attempts, and not another address", async () => {
    const player = await signUp(limited.app, { password: PASSWORD });
    const attempt = (from: string) =>
      limited.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: player.email, password: "guess" },
        remoteAddress: from,
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt(STRANGER)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt(HOME)).statusCode).toBe(401);
  });
});
