import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { FixedClock } from "../../src/server/clock";
import { openDatabase } from "../../src/server/db/client";
import { contests, outbox, reminders } from "../../src/server/db/schema";
import { loadEnv } from "../../src/server/env";
import { notificationKinds } from "../../src/contracts/notifications";
import { as as request } from "../as";
import { acceptedContest, adminAliceAndBob, CREATION_PASSWORD, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";
import { SmtpSink } from "../smtp-sink";

/*
 * Week 1 of 2025: Thursday's hand-over is 2025-09-04T23:00Z (4:00 PM Pacific), the opener (DAL @
 * PHI) kicks off at 00:20Z on the 5th. The clock starts 25 hours before the hand-over.
 */
const HAND_OVER = new Date("2025-09-04T23:00:00Z");
const OPENER = new Date("2025-09-05T00:20:00Z");
const hoursBefore = (moment: Date, hours: number) => new Date(moment.getTime() - hours * 3_600_000);
const START = hoursBefore(HAND_OVER, 25);

const { app, db, clock, database } = await createTestApp({ now: START.toISOString() });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let week1: { id: string; homeTeam: string }[];

const newContest = () => acceptedContest(app, alice, bob);

const pick = (who: SignedIn, contestId: string, games: number[], side: string) =>
  as(who).post("/api/picks/batch", {
    contestId,
    week: 1,
    round: 1,
    picks: games.map((n) => ({ gameId: week1[n]!.id, market: "spread", side })),
  });

/** The reminder e-mails and push rows of a contest, as the outbox holds them. */
async function sentFor(contestId: string) {
  const rows = await db.select().from(outbox).where(eq(outbox.kind, "reminder"));
  return rows.filter(
    (row) => row.body.includes(contestId) || JSON.stringify(row.payload).includes(contestId),
  );
}

/** Notification settings with every kind on both channels, and these lead times. */
const settings = (reminderLeadMinutes: number[], email: Record<string, boolean> = {}) => {
  const on = Object.fromEntries(notificationKinds.map((kind) => [kind, true]));
  return { email: { ...on, ...email }, push: on, reminderLeadMinutes };
};

const remindersOf = (contestId: string) =>
  db.select().from(reminders).where(eq(reminders.contestId, contestId));

beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
  // Alice has a phone subscribed to push.
  const subscribed = await as(alice).post("/api/push/subscriptions", {
    endpoint: "https://push.example.test/send/alice-phone",
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  });
  expect(subscribed.statusCode).toBeLessThan(300);
});

describe("reminders before the deadline", () => {
  it("reminds the player on turn 24 hours before the hand-over, by e-mail and push, once", async () => {
    clock.set(START);
    const id = await newContest();
    // 25 hours before: nothing is due yet.
    expect((await app.reminders.run()).sent).toBe(0);
    expect(await sentFor(id)).toEqual([]);

    clock.set(hoursBefore(HAND_OVER, 24));
    expect((await app.reminders.run()).sent).toBeGreaterThanOrEqual(1);
    const sent = await sentFor(id);
    const mail = sent.find((row) => row.channel === "email")!;
    expect(mail.toAddress).toBe("alice@example.com");
    expect(mail.subject).toContain("are due in 24 hours");
    expect(mail.body).toContain(`/picks?contestId=${id}&week=1`);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<http.*\/api\/notifications\/unsubscribe\?/);
    const push = sent.find((row) => row.channel === "push")!;
    expect(push.payload).toMatchObject({ url: `/picks?contestId=${id}&week=1`, title: expect.any(String) });
    // Bob waits for Alice: nothing for him.
    expect(sent.some((row) => row.toAddress === "bob@example.com")).toBe(false);

    // Another pass, a restart, the same minute: never twice.
    await app.reminders.run();
    expect(await sentFor(id)).toHaveLength(sent.length);
  });

  it("stops once the player has picked, and reminds the opponent whose turn it is then", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const id = await newContest();
    clock.set(hoursBefore(HAND_OVER, 3));
    expect((await pick(alice, id, [0, 1], "favorite")).statusCode).toBe(201);
    // Two hours before the hand-over: Alice is done; Bob, on turn, is reminded (the 24-hour time
    // has passed as well: only the 2-hour one is sent).
    clock.set(hoursBefore(HAND_OVER, 2));
    await app.reminders.run();
    const sent = await sentFor(id);
    expect(sent.filter((row) => row.channel === "email").map((row) => row.toAddress)).toEqual([
      "bob@example.com",
    ]);
    const rows = await remindersOf(id);
    expect(rows.map((row) => `${row.leadMinutes}:${row.status}`).sort()).toEqual([
      "120:sent",
      "1440:skipped",
    ]);
  });

  it("sends no reminder already due when a hand-over told the player it was their turn", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const saved = await as(bob).put("/api/me/notifications", settings([1440, 30]));
    expect(saved.statusCode).toBe(200);
    try {
      const id = await newContest();
      // Alice picks an hour before the hand-over: Bob is told it is his turn. His 24-hour reminder
      // was due already (it would repeat the notice a moment later): it is never sent.
      clock.set(hoursBefore(HAND_OVER, 1));
      expect((await pick(alice, id, [0, 1], "favorite")).statusCode).toBe(201);
      const told = await db.select().from(outbox).where(eq(outbox.kind, "your-turn"));
      expect(told.some((row) => row.toAddress === "bob@example.com" && row.body.includes(id))).toBe(true);
      await app.reminders.run();
      expect(await sentFor(id)).toEqual([]);
      expect((await remindersOf(id)).map((row) => `${row.leadMinutes}:${row.status}`)).toEqual([
        "1440:skipped",
      ]);
      // His 30-minute reminder comes due after the notice: it is sent.
      clock.set(hoursBefore(HAND_OVER, 0.5));
      await app.reminders.run();
      const mails = (await sentFor(id)).filter((row) => row.channel === "email");
      expect(mails.map((row) => row.toAddress)).toEqual(["bob@example.com"]);
      expect(mails[0]!.subject).toContain("are due in 30 minutes");
    } finally {
      await as(bob).put("/api/me/notifications", settings([1440, 120]));
    }
  });

  it("still sends the reminder due at a hand-over to a player who turned 'your turn' off", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    await as(bob).put("/api/me/notifications", {
      ...settings([1440, 120]),
      email: { ...settings([]).email, "your-turn": false },
      push: { ...settings([]).push, "your-turn": false },
    });
    try {
      const id = await newContest();
      clock.set(hoursBefore(HAND_OVER, 1));
      expect((await pick(alice, id, [0, 1], "favorite")).statusCode).toBe(201);
      await app.reminders.run();
      const mails = (await sentFor(id)).filter((row) => row.channel === "email");
      expect(mails.map((row) => row.toAddress)).toEqual(["bob@example.com"]);
      expect(mails[0]!.subject).toContain("are due in 1 hour");
    } finally {
      await as(bob).put("/api/me/notifications", settings([1440, 120]));
    }
  });

  it("after the hand-over reminds each player with picks left of the first open kickoff", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const id = await newContest();
    // Nobody picked and the hand-over has passed: the opener, 80 minutes after it, locks next.
    clock.set(hoursBefore(OPENER, 1));
    await app.reminders.run();
    const mails = (await sentFor(id)).filter((row) => row.channel === "email");
    expect(mails.map((row) => row.toAddress).sort()).toEqual(["alice@example.com", "bob@example.com"]);
  });

  it("goes out at once when its time passed while the deadline has not (a contest begun late)", async () => {
    clock.set(hoursBefore(HAND_OVER, 1));
    const id = await newContest();
    await app.reminders.run();
    const mails = (await sentFor(id)).filter((row) => row.channel === "email");
    expect(mails.map((row) => row.toAddress)).toEqual(["alice@example.com"]);
    expect(mails[0]!.subject).toContain("are due in 1 hour");
  });

  it("follows each player's lead times, and none at all when they turned reminders off", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const saved = await as(alice).put("/api/me/notifications", settings([30]));
    expect(saved.statusCode).toBe(200);
    try {
      const id = await newContest();
      clock.set(hoursBefore(HAND_OVER, 2));
      await app.reminders.run();
      expect(await sentFor(id)).toEqual([]);
      clock.set(hoursBefore(HAND_OVER, 0.5));
      await app.reminders.run();
      expect((await sentFor(id)).filter((row) => row.channel === "email")).toHaveLength(1);

      await as(alice).put("/api/me/notifications", settings([]));
      clock.set(hoursBefore(HAND_OVER, 25));
      const quiet = await newContest();
      clock.set(hoursBefore(HAND_OVER, 1));
      await app.reminders.run();
      expect(await sentFor(quiet)).toEqual([]);
    } finally {
      await as(alice).put("/api/me/notifications", settings([1440, 120]));
    }
  });

  it("never reminds in a contest that is not active", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const created = await as(alice).post("/api/contests", {
      name: "Still pending",
      player2Email: "bob@example.com",
      defaultBetAmount: 10,
      maxPicksPerPlayer: 2,
      contestCreationPassword: CREATION_PASSWORD,
    });
    const pending = created.json().id as string;
    const completed = await newContest();
    await db.update(contests).set({ status: "completed" }).where(eq(contests.id, completed));
    clock.set(hoursBefore(HAND_OVER, 1));
    await app.reminders.run();
    expect(await sentFor(pending)).toEqual([]);
    expect(await sentFor(completed)).toEqual([]);
  });
});

describe("a week's result", () => {
  /** One spread pick of week 1's first round. */
  const pickOne = (who: SignedIn, contestId: string, gameId: string, side: string) =>
    as(who).post("/api/picks/batch", {
      contestId,
      week: 1,
      round: 1,
      picks: [{ gameId, market: "spread", side }],
    });
  /** The week-settled notices (e-mail and push) of one contest. */
  const toldOf = async (contestId: string) =>
    (await db.select().from(outbox).where(eq(outbox.kind, "week-settled"))).filter((row) =>
      row.body.includes(contestId),
    );

  it("is told when the week closes by its last kickoff, every pick graded before (the sweep)", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const id = await newContest();
    const opener = week1.find((game) => game.homeTeam === "PHI")!;
    const onOpener = (who: SignedIn, side: string) => pickOne(who, id, opener.id, side);
    // One pick each of two: Alice before the hand-over, Bob after it.
    expect((await onOpener(alice, "favorite")).statusCode).toBe(201);
    clock.set(new Date("2025-09-04T23:30:00Z"));
    expect((await onOpener(bob, "underdog")).statusCode).toBe(201);
    // The opener ends PHI 30, DAL 3: graded, but the week is still open (picks left, games to come).
    clock.set(new Date("2025-09-05T04:00:00Z"));
    const final = await as(admin).patch(`/api/games/${opener.id}`, {
      status: "final",
      homeScore: 30,
      awayScore: 3,
    });
    expect(final.statusCode).toBe(200);
    const told = () => toldOf(id);
    await app.reminders.run({ sweepNow: true });
    expect(await told()).toEqual([]);

    // Monday night's game has kicked off: nothing can be picked, every pick is graded.
    clock.set(new Date("2025-09-09T05:00:00Z"));
    await app.reminders.run({ sweepNow: true });
    const mails = (await told()).filter((row) => row.channel === "email");
    expect(mails.map((row) => row.toAddress).sort()).toEqual(["alice@example.com", "bob@example.com"]);
    expect(mails.find((row) => row.toAddress === "alice@example.com")!.body).toContain("You won 1–0 (+$20)");
    // Told once.
    await app.reminders.run({ sweepNow: true });
    expect((await told()).filter((row) => row.channel === "email")).toHaveLength(2);
  });

  it("of a week neither player picked in is told as no picks made, not a push", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const id = await newContest();
    clock.set(new Date("2025-09-09T05:00:00Z"));
    await app.reminders.run({ sweepNow: true });
    const mails = (await toldOf(id)).filter((row) => row.channel === "email");
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe("Week 1 of “Head to Head”: No picks made");
      expect(mail.body).not.toContain("push");
    }
  });

  it("of weeks settled while no sweep ran (a server down for weeks) is told once it runs again", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const id = await newContest();
    // Wednesday after week 4: weeks 1 to 4 closed by their last kickoffs, nobody told yet.
    clock.set(new Date("2025-10-01T12:00:00Z"));
    await app.reminders.run({ sweepNow: true });
    const mails = (await toldOf(id)).filter((row) => row.channel === "email");
    expect(mails.map((row) => row.subject.match(/^Week (\d+)/)![1]).sort()).toEqual([
      "1",
      "1",
      "2",
      "2",
      "3",
      "3",
      "4",
      "4",
    ]);
  });

  it("is not told by the sweep while a pick of the week waits for its game's score", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const id = await newContest();
    // A Sunday game no other test scores.
    const sunday = week1.find((game) => game.homeTeam !== "PHI")!;
    const onSunday = (who: SignedIn, side: string) => pickOne(who, id, sunday.id, side);
    expect((await onSunday(alice, "favorite")).statusCode).toBe(201);
    clock.set(new Date("2025-09-04T23:30:00Z"));
    expect((await onSunday(bob, "underdog")).statusCode).toBe(201);
    // Every game of the week has kicked off, and that game has no score yet: its picks are pending.
    clock.set(new Date("2025-09-09T05:00:00Z"));
    await app.reminders.run({ sweepNow: true });
    expect(await toldOf(id)).toEqual([]);
  });
});

describe("one-click unsubscribe", () => {
  it("turns reminder e-mails off from the link, by a mail program's POST, and push stays", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const id = await newContest();
    clock.set(hoursBefore(HAND_OVER, 24));
    await app.reminders.run();
    const mail = (await sentFor(id)).find((row) => row.channel === "email")!;
    const link = new URL(mail.headers!["List-Unsubscribe"]!.slice(1, -1));
    const path = `${link.pathname}${link.search}`;

    // Opened in a browser: a page with one button; nothing changes yet.
    const opened = await app.inject({ method: "GET", url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toContain("text/html");
    // A page: the app's policy (its form posts to the app), not the API's (which allows nothing).
    expect(opened.headers["content-security-policy"]).toContain("form-action 'self'");
    expect(opened.body).toContain("Unsubscribe");
    expect((await as(alice).get("/api/me/notifications")).json().email.reminder).not.toBe(false);

    // A forged link is refused.
    const forged = await app.inject({ method: "POST", url: path.replace(/t=[^&]+/, "t=forged") });
    expect(forged.statusCode).toBe(404);

    const posted = await app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain("You are unsubscribed");
    expect(posted.headers["content-security-policy"]).toContain("style-src 'self' 'unsafe-inline'");
    expect((await as(alice).get("/api/me/notifications")).json().email.reminder).toBe(false);

    // The next reminder: push only.
    clock.set(hoursBefore(HAND_OVER, 2));
    await app.reminders.run();
    const later = (await sentFor(id)).filter((row) => row.createdAt > mail.createdAt);
    expect(later.map((row) => row.channel)).toEqual(["push"]);
    await as(alice).put("/api/me/notifications", settings([1440, 120]));
  });
});

describe("over SMTP", async () => {
  const sink = await SmtpSink.start();
  afterAll(() => sink.close());
  const smtp = await createTestApp({
    now: START.toISOString(),
    env: { SMTP_URL: sink.url, PUBLIC_URL: "https://pool.example.com" },
    mailer: { intervalMs: 0, kicks: false },
  });
  beforeAll(async () => {
    const players = await adminAliceAndBob(smtp.app);
    await acceptedContest(smtp.app, players.alice, players.bob);
    await smtp.app.mailer.flush();
  });

  it("a reminder reaches the mail program with its one-click unsubscribe headers", async () => {
    smtp.clock.set(hoursBefore(HAND_OVER, 24));
    expect((await smtp.app.reminders.run()).sent).toBe(1);
    await smtp.app.mailer.flush();

    const [reminder, ...others] = sink
      .to("alice@example.com")
      .filter((mail) => mail.subject.includes("are due in 24 hours"));
    expect(others).toEqual([]);
    expect(reminder!.headers["list-unsubscribe"]).toMatch(
      /^<https:\/\/pool\.example\.com\/api\/notifications\/unsubscribe\?u=[^>\s]+&k=reminder&t=[^>\s]+>$/,
    );
    expect(reminder!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // The link in the header is the one the app honours.
    const link = new URL(reminder!.headers["list-unsubscribe"]!.slice(1, -1));
    const posted = await smtp.app.inject({
      method: "POST",
      url: `${link.pathname}${link.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode).toBe(200);
    // Mail without such headers (the invitation) still goes, without them.
    const [invitation] = sink.to("bob@example.com");
    expect(invitation!.subject).not.toBe("");
    expect(invitation!.headers["list-unsubscribe"]).toBeUndefined();
  });
});

describe.skipIf(process.env.TEST_DB !== "postgres")("two instances on one PostgreSQL", () => {
  it("send each reminder once, passes running at the same moment", async () => {
    clock.set(hoursBefore(HAND_OVER, 25));
    const ids = [await newContest(), await newContest(), await newContest()];
    const other = await openDatabase({ url: (database as { url?: string }).url!, poolSize: 4 });
    const second = await buildApp({
      database: other,
      env: loadEnv({ NODE_ENV: "test", FEED_URL: "off" }),
      clock: new FixedClock(hoursBefore(HAND_OVER, 24)),
      clientRoot: "/nonexistent",
    });
    try {
      clock.set(hoursBefore(HAND_OVER, 24));
      const passes = await Promise.all([
        app.reminders.run(),
        second.reminders.run(),
        app.reminders.run(),
        second.reminders.run(),
      ]);
      expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(ids.length);
      for (const id of ids) {
        const mails = (await sentFor(id)).filter((row) => row.channel === "email");
        expect(mails).toHaveLength(1);
        const rows = await db
          .select()
          .from(reminders)
          .where(and(eq(reminders.contestId, id), eq(reminders.status, "sent")));
        expect(rows).toHaveLength(1);
      }
    } finally {
      await second.close();
      await other.close();
    }
  });
});
