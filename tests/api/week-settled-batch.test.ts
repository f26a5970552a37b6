import type { ActivityAction } from "@/contracts/constants";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { NotificationSettings } from "@/contracts/notifications";
import { activity, outbox } from "../../src/server/db/schema";
import { recordActivities } from "../../src/server/repositories/activity.repository";
import { EVENTS_CHANNEL } from "../../src/server/repositories/events.repository";
import { queueNotices, type Notice } from "../../src/server/services/queue-notices";
import { currentSeasonWeek } from "../../src/server/services/season.service";
import { announceAfterGrading } from "../../src/server/services/game-changes";
import { as as request } from "../as";
import { acceptedContest, adminAliceAndBob, signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * One grading settles the week of several contests at once (`announceWeeks`, set-based): each week
 * is told once, by one `week.settled` line of its own time, announced to open pages as one line of
 * the activity log is; each player gets one e-mail per contest and a push row per device, as their
 * settings say; a score correction tells nobody again. The mailer is not kicked: rows stay as queued.
 */
const { app, db, database } = await createTestApp({ mailer: { kicks: false, intervalMs: 0 } });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let dave: SignedIn;
let week1: { id: string }[];

/** The live events' payloads sent on the events channel, one per line. */
const payloads: string[] = [];
const subscription = await database.listen(EVENTS_CHANNEL, {
  onPayload: (payload) => payloads.push(...payload.split("\n")),
});
afterAll(() => subscription.close());

let device = 0;
const subscribe = (who: SignedIn) =>
  as(who).post("/api/push/subscriptions", {
    endpoint: `https://push.example.test/send/week-settled-${++device}`,
    expirationTime: null,
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  });

const pick = (who: SignedIn, contestId: string, games: number[]) =>
  as(who).post("/api/picks/batch", {
    contestId,
    week: 1,
    round: 1,
    picks: games.map((n) => ({ gameId: week1[n]!.id, market: "spread", side: "favorite" })),
  });

const final = (n: number, homeScore: number, awayScore: number) =>
  as(admin).patch(`/api/games/${week1[n]!.id}`, {
    status: "final",
    homeScore,
    awayScore,
    confirmFinalBeforeKickoff: true,
  });

/** The `week.settled` lines of these contests, with their exact times (microseconds), in time order. */
const settledLines = (contestIds: string[]) =>
  db
    .select({
      contestId: activity.contestId,
      details: activity.details,
      at: sql<string>`to_char(${activity.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    })
    .from(activity)
    .where(and(eq(activity.action, "week.settled"), inArray(activity.contestId, contestIds)))
    .orderBy(activity.createdAt);

const settledRows = () => db.select().from(outbox).where(eq(outbox.kind, "week-settled"));

beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  carol = await signUp(app, { email: "carol@example.com", firstName: "Carol" });
  dave = await signUp(app, { email: "dave@example.com", firstName: "Dave" });
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
  // Alice has two devices, Carol one; Bob and Dave none.
  for (const who of [alice, alice, carol]) expect((await subscribe(who)).statusCode).toBeLessThan(300);
  // Carol turned week results off for e-mail (push stays on).
  const settings = (await as(carol).get("/api/me/notifications")).json() as NotificationSettings;
  const saved = await as(carol).put("/api/me/notifications", {
    ...settings,
    email: { ...settings.email, "week-settled": false },
  });
  expect(saved.statusCode).toBe(200);
});

describe("a grading that settles several contests' weeks at once", () => {
  it("tells each week once, each player by e-mail and push as their settings say", async () => {
    // Three contests on the same four games: the first player of each picks games 0 and 1, the
    // second games 2 and 3 (two picks each, all used).
    const pairs: [SignedIn, SignedIn][] = [
      [alice, bob],
      [alice, carol],
      [dave, bob],
    ];
    const ids: string[] = [];
    for (const [first, second] of pairs) {
      const id = await acceptedContest(app, first, second);
      ids.push(id);
      expect((await pick(first, id, [0, 1])).statusCode).toBe(201);
      expect((await pick(second, id, [2, 3])).statusCode).toBe(201);
    }
    // Three finals: every week still waits for game 3.
    for (const n of [0, 1, 2]) expect((await final(n, 30, 3)).statusCode).toBe(200);
    expect(await settledLines(ids)).toEqual([]);
    expect(await settledRows()).toEqual([]);

    const [before] = await db
      .select({
        at: sql<string>`to_char(max(${activity.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      })
      .from(activity);
    // Game 3's final settles all three weeks, in one grading.
    expect((await final(3, 30, 3)).statusCode).toBe(200);

    const lines = await settledLines(ids);
    expect(lines.map((line) => line.contestId).sort()).toEqual([...ids].sort());
    expect(lines.every((line) => line.details.week === 1)).toBe(true);
    // Each line its own time, later than every line before it.
    const times = lines.map((line) => line.at);
    expect(new Set(times).size).toBe(times.length);
    expect(times.every((at) => at > before!.at)).toBe(true);
    expect([...times].sort()).toEqual(times);

    // Each announced to open pages as a line of the log is: the same fields, in the same order.
    await vi.waitFor(() => {
      expect(payloads.filter((payload) => payload.includes('"week.settled"'))).toHaveLength(3);
    });
    const notices = payloads
      .filter((payload) => payload.includes('"week.settled"'))
      .map((payload) => JSON.parse(payload) as Record<string, unknown>);
    for (const notice of notices)
      expect(Object.keys(notice)).toEqual(["action", "contestId", "actorId", "subjectUserId", "week"]);
    expect(notices.map((notice) => notice.contestId).sort()).toEqual([...ids].sort());
    for (const notice of notices) {
      expect(notice).toEqual({
        action: "week.settled",
        contestId: expect.any(String),
        actorId: null,
        subjectUserId: null,
        week: 1,
      });
    }

    // One e-mail per player and contest; none to Carol, who turned it off.
    const rows = await settledRows();
    const mails = rows.filter((row) => row.channel === "email");
    const mailsOf = (id: string) =>
      mails
        .filter((row) => row.body.includes(`/contests/${id}`))
        .map((row) => row.toAddress)
        .sort();
    expect(mailsOf(ids[0]!)).toEqual([alice.email, bob.email].sort());
    expect(mailsOf(ids[1]!)).toEqual([alice.email]);
    expect(mailsOf(ids[2]!)).toEqual([bob.email, dave.email].sort());
    expect(mails).toHaveLength(5);
    for (const mail of mails) expect(mail.subject).toMatch(/^Week 1 of .*: (You won|You lost|A push,) \d–\d/);

    // A push row per device: Alice's two in each of her contests, Carol's one.
    const pushes = rows.filter((row) => row.channel === "push");
    const pushesOf = (id: string) =>
      pushes
        .filter((row) => (row.payload as { tag?: string }).tag === `week-settled-${id}-1`)
        .map((row) => row.toAddress)
        .sort();
    expect(pushesOf(ids[0]!)).toEqual([alice.email, alice.email]);
    expect(pushesOf(ids[1]!)).toEqual([alice.email, alice.email, carol.email].sort());
    expect(pushesOf(ids[2]!)).toEqual([]);
    expect(new Set(pushes.map((row) => row.pushSubscriptionId)).size).toBe(3);
    expect(pushes).toHaveLength(5);

    // A score correction grades game 3 again: nobody is told again.
    expect((await final(3, 3, 30)).statusCode).toBe(200);
    expect(await settledLines(ids)).toHaveLength(3);
    expect(await settledRows()).toHaveLength(rows.length);
  });
});

describe("a grading that settles no week", () => {
  it("opens no transaction to look (on PGlite one holds every statement), and the last final tells", async () => {
    const id = await acceptedContest(app, carol, dave);
    expect((await pick(carol, id, [4, 5])).statusCode).toBe(201);
    expect((await pick(dave, id, [6, 7])).statusCode).toBe(201);
    for (const n of [4, 5, 6]) expect((await final(n, 30, 3)).statusCode).toBe(200);
    expect(await settledLines([id])).toEqual([]);

    const season = await currentSeasonWeek(app.ctx);
    const transaction = vi.spyOn(app.ctx.db, "transaction");
    try {
      // Game 6's grading looked at again: the week still waits for game 7, and nothing is opened.
      await announceAfterGrading(app.ctx, [week1[6]!.id], season);
      expect(transaction).not.toHaveBeenCalled();
      expect(await settledLines([id])).toEqual([]);
    } finally {
      transaction.mockRestore();
    }
    // Game 7's final settles it: told once, in the transaction that checks it again.
    expect((await final(7, 30, 3)).statusCode).toBe(200);
    expect(await settledLines([id])).toHaveLength(1);
  });
});

describe("batches larger than one statement takes", () => {
  it("write every line and outbox row, in order, each line a time of its own", async () => {
    const erin = await signUp(app, { email: "erin@example.com", firstName: "Erin" });
    expect((await subscribe(erin)).statusCode).toBeLessThan(300);
    const count = 1_234;
    // Each line a week of its own: identical notices in one transaction are sent once.
    await app.ctx.database.db.transaction(async (tx) => {
      await recordActivities(
        tx,
        Array.from({ length: count }, (_, n) => ({
          actorId: erin.id,
          action: "test.batch" as ActivityAction,
          details: { n, week: n },
        })),
      );
      const notices: Notice[] = Array.from({ length: count }, (_, n) => ({
        kind: "week-settled",
        to: { id: erin.id, email: erin.email },
        email: { subject: `batch ${n}`, text: `batch ${n}` },
        push: { title: `batch ${n}`, body: `batch ${n}`, url: "/", tag: `batch-${n}` },
      }));
      const sent = await queueNotices(app.ctx, tx, notices);
      expect(sent.every((one) => one.email && one.devices === 1)).toBe(true);
    });
    const lines = await db
      .select({
        n: sql<number>`(${activity.details} ->> 'n')::int`,
        at: sql<string>`to_char(${activity.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      })
      .from(activity)
      .where(eq(activity.action, "test.batch"))
      .orderBy(activity.createdAt);
    expect(lines.map((line) => line.n)).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(new Set(lines.map((line) => line.at)).size).toBe(count);
    await vi.waitFor(() => {
      expect(payloads.filter((payload) => payload.includes('"test.batch"'))).toHaveLength(count);
    });
    const first = JSON.parse(payloads.find((payload) => payload.includes('"test.batch"'))!) as unknown;
    expect(first).toEqual({
      action: "test.batch",
      contestId: null,
      actorId: erin.id,
      subjectUserId: null,
      week: 0,
    });

    const rows = await db.select().from(outbox).where(eq(outbox.toAddress, erin.email));
    expect(rows.filter((row) => row.channel === "email")).toHaveLength(count);
    expect(rows.filter((row) => row.channel === "push")).toHaveLength(count);
    expect(new Set(rows.map((row) => row.subject)).size).toBe(count);
  });
});
