import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import type { NotificationSettings } from "@/contracts/notifications";
import { outbox, pushSubscriptions, systemConfig } from "../../db/schema";
import { VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY, vapidKeys } from "../../services/vapid";

/**
 * The push and notification-settings endpoints through app.inject, for each role. Delivery to a real
 * push service is tests/api/push-delivery.test.ts; here the mailer is not kicked, so rows stay queued.
 */
const { app, db } = await createTestApp({ mailer: { kicks: false, intervalMs: 0 } });
const as = (who: SignedIn | null) => request(app, who);
const del = (who: SignedIn | null, payload: object) =>
  app.inject({
    method: "DELETE",
    url: "/api/push/subscriptions",
    payload,
    headers: who ? { cookie: who.cookie } : {},
  });

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let n = 0;

/** A subscription as a browser gives it (keys are a real P-256 point and 16 random bytes). */
function subscription(endpoint = `https://push.example.com/send/${++n}`) {
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  };
}

const devicesOf = (userId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const pushRowsTo = (email: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, "push"), eq(outbox.toAddress, email)));

beforeAll(async () => {
  admin = await signUp(app, { email: "push-admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "push-alice@example.com", firstName: "Alice", lastName: "Archer" });
  bob = await signUp(app, { email: "push-bob@example.com", firstName: "Bob", lastName: "Baker" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
});

describe("signed out", () => {
  it("answers 401 everywhere", async () => {
    expect((await as(null).get("/api/push/vapid-public-key")).statusCode).toBe(401);
    expect((await as(null).post("/api/push/subscriptions", subscription())).statusCode).toBe(401);
    expect((await del(null, { endpoint: "https://push.example.com/x" })).statusCode).toBe(401);
    expect((await as(null).get("/api/me/notifications")).statusCode).toBe(401);
    expect((await as(null).put("/api/me/notifications", {})).statusCode).toBe(401);
    expect((await as(null).post("/api/me/notifications/test")).statusCode).toBe(401);
  });
});

describe("the VAPID public key", () => {
  it.each([
    ["a player", () => alice],
    ["an admin", () => admin],
  ])("is given to %s, the same every time, and the private key's value is never listed", async (_, who) => {
    const first = await as(who()).get("/api/push/vapid-public-key");
    expect(first.statusCode).toBe(200);
    const { key } = first.json() as { key: string };
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await as(who()).get("/api/push/vapid-public-key")).json()).toEqual({ key });
    const config = (await as(admin).get("/api/system-config")).json() as { key: string; value: string }[];
    // Kept by the server: the admin is told they are set, never their values.
    expect(config).toContainEqual({ key: "vapid_public_key", value: "set" });
    expect(config).toContainEqual({ key: "vapid_private_key", value: "set" });
  });
});

describe("subscriptions", () => {
  it("stores a device, several per player, and removes one", async () => {
    const phone = subscription();
    const laptop = subscription();
    expect((await as(alice).post("/api/push/subscriptions", phone)).statusCode).toBe(204);
    expect((await as(alice).post("/api/push/subscriptions", laptop)).statusCode).toBe(204);
    // Sent again (the page subscribes at each visit): still one row.
    expect((await as(alice).post("/api/push/subscriptions", phone)).statusCode).toBe(204);
    expect((await devicesOf(alice.id)).map((d) => d.endpoint).sort()).toEqual(
      [phone.endpoint, laptop.endpoint].sort(),
    );
    expect((await del(alice, { endpoint: phone.endpoint })).statusCode).toBe(204);
    expect((await devicesOf(alice.id)).map((d) => d.endpoint)).toEqual([laptop.endpoint]);
  });

  it("refuses a malformed subscription with 400", async () => {
    const good = subscription();
    const bad = [
      { ...good, endpoint: "http://push.example.com/insecure" },
      { ...good, endpoint: "not a url" },
      { endpoint: good.endpoint },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, keys: { ...good.keys, auth: "not base64url!" } },
      { ...good, keys: { ...good.keys, p256dh: "" } },
      {},
    ];
    for (const body of bad) {
      const response = await as(bob).post("/api/push/subscriptions", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await del(bob, { endpoint: "http://push.example.com/x" })).statusCode).toBe(400);
    expect(await devicesOf(bob.id)).toEqual([]);
  });

  it("never removes another player's device; an endpoint subscribed again moves to its new player", async () => {
    const shared = subscription();
    await as(alice).post("/api/push/subscriptions", shared);
    expect((await del(bob, { endpoint: shared.endpoint })).statusCode).toBe(404);
    expect((await del(admin, { endpoint: shared.endpoint })).statusCode).toBe(404);
    expect((await devicesOf(alice.id)).map((d) => d.endpoint)).toContain(shared.endpoint);

    // The browser is now Bob's (Alice signed out, Bob signed in on it).
    expect((await as(bob).post("/api/push/subscriptions", shared)).statusCode).toBe(204);
    expect((await devicesOf(alice.id)).map((d) => d.endpoint)).not.toContain(shared.endpoint);
    expect((await devicesOf(bob.id)).map((d) => d.endpoint)).toEqual([shared.endpoint]);
    expect((await del(bob, { endpoint: shared.endpoint })).statusCode).toBe(204);
  });
});

describe("settings", () => {
  it("start with every kind on for both channels (but messages by e-mail) and reminders 24 h and 2 h before", async () => {
    const response = await as(bob).get("/api/me/notifications");
    expect(response.statusCode).toBe(200);
    const settings = response.json() as NotificationSettings;
    const { messages, ...emailKinds } = settings.email;
    expect(messages).toBe(false);
    expect(Object.values(emailKinds).every(Boolean)).toBe(true);
    expect(Object.values(settings.push).every(Boolean)).toBe(true);
    expect(Object.keys(settings.push).sort()).toEqual(
      [
        "challenge",
        "messages",
        "opponent-picks",
        "proposals",
        "reminder",
        "week-recap",
        "week-settled",
        "your-turn",
      ].sort(),
    );
    expect(settings.reminderLeadMinutes).toEqual([1440, 120]);
  });

  it("are saved per player", async () => {
    const settings = (await as(admin).get("/api/me/notifications")).json() as NotificationSettings;
    const changed = {
      ...settings,
      email: { ...settings.email, "week-settled": false },
      reminderLeadMinutes: [60, 2880],
    };
    const saved = await as(admin).put("/api/me/notifications", changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...changed, reminderLeadMinutes: [2880, 60] });
    expect((await as(admin).get("/api/me/notifications")).json()).toEqual(saved.json());
    // Bob's are his own.
    expect(
      ((await as(bob).get("/api/me/notifications")).json() as NotificationSettings).email["week-settled"],
    ).toBe(true);
  });

  it("refuse lead times out of range, repeated or too many, and missing kinds", async () => {
    const settings = (await as(bob).get("/api/me/notifications")).json() as NotificationSettings;
    for (const reminderLeadMinutes of [[10], [7 * 24 * 60 + 1], [60, 60], [15, 30, 60, 120, 240], [1.5]]) {
      const response = await as(bob).put("/api/me/notifications", { ...settings, reminderLeadMinutes });
      expect(response.statusCode, JSON.stringify(reminderLeadMinutes)).toBe(400);
    }
    const { challenge: _, ...missing } = settings.push;
    expect((await as(bob).put("/api/me/notifications", { ...settings, push: missing })).statusCode).toBe(400);
    // No reminders at all is allowed.
    expect(
      (await as(bob).put("/api/me/notifications", { ...settings, reminderLeadMinutes: [] })).statusCode,
    ).toBe(200);
  });
});

describe("the test notification", () => {
  it("goes to the player's devices and e-mail; 409 with nothing enabled", async () => {
    const carol = await signUp(app, { email: "push-carol@example.com" });
    const settings = (await as(carol).get("/api/me/notifications")).json() as NotificationSettings;
    const off = Object.fromEntries(Object.keys(settings.email).map((kind) => [kind, false]));
    await as(carol).put("/api/me/notifications", { ...settings, email: off });
    const nothing = await as(carol).post("/api/me/notifications/test");
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toMatch(/Nothing to send/);

    await as(carol).post("/api/push/subscriptions", subscription());
    const sent = await as(carol).post("/api/me/notifications/test");
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ email: false, devices: 1 });
    const [row, ...more] = await pushRowsTo(carol.email);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ kind: "test", channel: "push", status: "queued" });
    expect(row!.payload).toEqual({
      title: "Football Pool",
      body: "This is a test: notifications work on this device.",
      url: "/settings/notifications",
      tag: "test",
    });

    await as(carol).put("/api/me/notifications", settings);
    expect((await as(carol).post("/api/me/notifications/test")).json()).toEqual({ email: true, devices: 1 });
  });
});

describe("notifications of the game", () => {
  it("tell the creator a challenge was answered, and the second picker it is their turn, by push per settings", async () => {
    const dave = await signUp(app, { email: "push-dave@example.com", firstName: "Dave" });
    const erin = await signUp(app, { email: "push-erin@example.com", firstName: "Erin" });
    await as(dave).post("/api/push/subscriptions", subscription());
    await as(erin).post("/api/push/subscriptions", subscription());
    const created = await as(dave).post("/api/contests", {
      name: "Push Bowl",
      player2Email: erin.email,
      defaultBetAmount: 0,
      maxPicksPerPlayer: 2,
      contestCreationPassword: "pw",
    });
    expect(created.statusCode, created.body).toBe(201);
    const contest = created.json() as { id: string };
    expect((await pushRowsTo(erin.email)).map((row) => row.payload)).toEqual([
      expect.objectContaining({ title: "New challenge", url: "/contests" }),
    ]);

    expect((await as(erin).patch(`/api/contests/${contest.id}`, { status: "active" })).statusCode).toBe(200);
    expect((await pushRowsTo(dave.email)).map((row) => row.payload)).toEqual([
      {
        title: "Challenge accepted",
        body: expect.stringContaining("accepted “Push Bowl”"),
        url: `/contests/${contest.id}`,
        tag: `challenge-${contest.id}`,
      },
    ]);

    // Erin turns "your turn" off for push: no push row for it, e-mail still.
    const settings = (await as(erin).get("/api/me/notifications")).json() as NotificationSettings;
    await as(erin).put("/api/me/notifications", {
      ...settings,
      push: { ...settings.push, "your-turn": false },
    });
    const week1 = (await as(dave).get("/api/games/week/1/season/2025")).json() as { id: string }[];
    // Dave made the contest: player 1, the first picker of week 1; Erin picks second.
    const [first, second] = [dave, erin];
    const submitted = await as(first).post("/api/picks/batch", {
      contestId: contest.id,
      week: 1,
      round: 1,
      picks: [
        { gameId: week1[0]!.id, market: "spread", side: "favorite" },
        { gameId: week1[1]!.id, market: "total", side: "over" },
      ],
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const turnRows = (await pushRowsTo(second.email)).filter((row) => row.kind === "your-turn");
    expect(turnRows).toHaveLength(0);
    const mails = await db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.channel, "email"), eq(outbox.kind, "your-turn"), eq(outbox.toAddress, second.email)),
      );
    expect(mails).toHaveLength(1);

    // The second picker's picks end the week's turns: the first picker hears of them, by push only.
    const theirs = await as(second).post("/api/picks/batch", {
      contestId: contest.id,
      week: 1,
      round: 1,
      picks: [
        { gameId: week1[2]!.id, market: "spread", side: "favorite" },
        { gameId: week1[3]!.id, market: "total", side: "under" },
      ],
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const told = (await pushRowsTo(first.email)).filter((row) => row.kind === "opponent-picks");
    expect(told.map((row) => row.payload)).toEqual([
      expect.objectContaining({
        title: "Your opponent made picks",
        url: `/picks?contestId=${contest.id}&week=1`,
      }),
    ]);
    const opponentMails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "email"), eq(outbox.kind, "opponent-picks")));
    expect(opponentMails).toEqual([]);

    // The admin enters the four finals: the week is settled, and each player hears their result, once.
    const final = (gameId: string, homeScore: number, awayScore: number) =>
      as(admin).patch(`/api/games/${gameId}`, {
        status: "final",
        homeScore,
        awayScore,
        confirmFinalBeforeKickoff: true,
      });
    for (const game of week1.slice(0, 4)) {
      const response = await final(game.id, 30, 3);
      expect(response.statusCode, response.body).toBe(200);
    }
    const settledTo = async (who: SignedIn) =>
      (await pushRowsTo(who.email)).filter((row) => row.kind === "week-settled").map((row) => row.payload);
    for (const who of [dave, erin]) {
      expect(await settledTo(who)).toEqual([
        {
          title: "Week 1 settled",
          body: expect.stringMatching(/^“Push Bowl”: (You won|You lost|A push,) \d–\d\.$/),
          url: `/contests/${contest.id}`,
          tag: `week-settled-${contest.id}-1`,
        },
      ]);
    }
    const settledMail = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "email"), eq(outbox.kind, "week-settled")));
    expect(settledMail.map((row) => row.toAddress).sort()).toEqual([dave.email, erin.email].sort());
    // A score correction grades again: nobody is told twice.
    expect((await final(week1[0]!.id, 3, 30)).statusCode).toBe(200);
    expect(await settledTo(dave)).toHaveLength(1);
    expect(await settledTo(erin)).toHaveLength(1);
  });

  it("keeps push rows out of the admin's e-mail outbox", async () => {
    const page = (await as(admin).get("/api/admin/outbox?limit=100")).json() as {
      entries: { kind: string }[];
    };
    expect(page.entries.length).toBeGreaterThan(0);
    expect((await db.select().from(outbox).where(eq(outbox.channel, "push"))).length).toBeGreaterThan(0);
    const pushIds = new Set(
      (await db.select().from(outbox).where(eq(outbox.channel, "push"))).map((r) => r.id),
    );
    expect((page.entries as unknown as { id: string }[]).filter((entry) => pushIds.has(entry.id))).toEqual(
      [],
    );
  });
});

describe("VAPID keys", () => {
  it("are one pair when two instances make them at once", async () => {
    await db.delete(systemConfig).where(inArray(systemConfig.key, [VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY]));
    // Two instances: two caches (keyed by their database handle), one database.
    const [first, second] = await Promise.all([
      vapidKeys(Object.create(db) as typeof db, app.ctx.env),
      vapidKeys(Object.create(db) as typeof db, app.ctx.env),
    ]);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second).toEqual(first);
    const stored = await db.select().from(systemConfig).where(eq(systemConfig.key, VAPID_PRIVATE_KEY));
    expect(stored.map((row) => row.value)).toEqual([first.privateKey]);
  });

  it("come from the environment when given", async () => {
    const keys = { publicKey: "B".padEnd(87, "A"), privateKey: "k".padEnd(43, "A") };
    const vapid = await vapidKeys(Object.create(db) as typeof db, {
      ...app.ctx.env,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "mailto:ops@example.com",
    });
    expect(vapid).toEqual({ ...keys, subject: "mailto:ops@example.com" });
  });
});
