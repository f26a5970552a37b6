import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { outbox, pushSubscriptions, reminders } from "../../src/server/db/schema";
import { emailRow, pushRow, queueOutbox } from "../../src/server/repositories/outbox.repository";
import { deleteSubscription, subscriptionsOf } from "../../src/server/repositories/push.repository";
import { insertReminders } from "../../src/server/repositories/reminders.repository";
import { acceptedContest, adminAliceAndBob, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * Rows written with one array per column (`unnest`, decision 037) are the rows given, to the byte:
 * text that an array literal must escape (quotes, backslashes, braces, commas, newlines, "NULL"),
 * nulls, JSON, times; on both databases.
 */
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const awkward = [
  'He said "pick the \\"over\\"", {then} left, NULL',
  "Line one\nline two\ttabbed, ünïcödé ✓ and 'quotes'",
  "NULL",
  "",
];

let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  ({ alice, bob } = await adminAliceAndBob(app));
});

describe("array inserts", () => {
  it("puts outbox rows in as given, e-mails and pushes alike", async () => {
    const [device] = await db
      .insert(pushSubscriptions)
      .values({ userId: alice.id, endpoint: "https://push.example.test/x", p256dh: "k", auth: "a" })
      .returning();
    const rows = [
      ...awkward.map((text, at) =>
        emailRow({
          kind: "reminder",
          to: `player${at}@example.test`,
          subject: text,
          text: `${text}\n— Football Pool`,
          replyTo: at % 2 === 0 ? null : `reply${at}@example.test`,
          headers: at % 2 === 0 ? { "List-Unsubscribe": `<https://x.test/u?t=${at}&q="a,b">` } : null,
          deliver: at !== 3,
        }),
      ),
      pushRow({
        kind: "reminder",
        to: alice.email,
        subscriptionId: device!.id,
        payload: { title: awkward[0]!, body: awkward[1]!, url: "/picks?a=1&b={2}", nested: { n: [1, null] } },
      }),
    ];
    await db.transaction((tx) => queueOutbox(tx, rows));
    // The device is made up (its keys are not a real browser's): gone before others notify Alice.
    onTestFinished(() =>
      db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.id, device!.id))
        .then(() => {}),
    );
    const stored = await db
      .select()
      .from(outbox)
      .where(inArray(outbox.kind, ["reminder"]));
    expect(stored).toHaveLength(rows.length);
    for (const row of rows) {
      const found = stored.find(
        (candidate) => candidate.subject === row.subject && candidate.channel === row.channel,
      );
      expect(found, row.subject).toMatchObject({
        kind: "reminder",
        channel: row.channel,
        toAddress: row.toAddress,
        replyTo: row.replyTo ?? null,
        body: row.body,
        status: row.status,
        headers: row.headers ?? null,
        payload: row.payload ?? null,
        pushSubscriptionId: row.pushSubscriptionId ?? null,
        attempts: 0,
      });
    }
  });

  it("writes reminders once per player, contest, week and lead, answering the statuses written", async () => {
    const contestId = await acceptedContest(app, alice, bob);
    const deadline = new Date("2025-09-05T00:20:00.123Z");
    const row = (userId: string, leadMinutes: number, status: "planned" | "skipped") => ({
      userId,
      contestId,
      week: 1,
      about: "picks" as const,
      leadMinutes,
      dueAt: new Date(deadline.getTime() - leadMinutes * 60_000),
      deadlineAt: deadline,
      status,
    });
    const first = await insertReminders(db, [row(alice.id, 60, "planned"), row(alice.id, 1440, "skipped")]);
    expect(first.map((written) => written.status).sort()).toEqual(["planned", "skipped"]);
    // Written before: not again; a new one (Bob's) is.
    const second = await insertReminders(db, [row(alice.id, 60, "planned"), row(bob.id, 60, "planned")]);
    expect(second).toEqual([{ status: "planned" }]);
    const stored = await db.select().from(reminders).where(eq(reminders.contestId, contestId));
    expect(stored).toHaveLength(3);
    const alices = stored.find((candidate) => candidate.userId === alice.id && candidate.leadMinutes === 60)!;
    expect(alices.dueAt.toISOString()).toBe("2025-09-04T23:20:00.123Z");
    expect(alices.deadlineAt.toISOString()).toBe(deadline.toISOString());
    expect(await insertReminders(db, [])).toEqual([]);
  });
});

describe.skipIf(process.env.TEST_DB !== "postgres")(
  "a device removed while a notice to it is written",
  () => {
    it("waits for the notice's transaction, then takes its rows with it (no failed change)", async () => {
      const [device] = await db
        .insert(pushSubscriptions)
        .values({ userId: bob.id, endpoint: "https://push.example.test/gone", p256dh: "k", auth: "a" })
        .returning();
      let removed = false;
      let removal: Promise<void> = Promise.resolve();
      await db.transaction(async (tx) => {
        const [read] = await subscriptionsOf(tx, [bob.id]);
        expect(read?.id).toBe(device!.id);
        // The mailer removes it now, on another connection: it waits for this transaction.
        removal = deleteSubscription(db, device!.id).then(() => void (removed = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(removed).toBe(false);
        await queueOutbox(tx, [
          pushRow({
            kind: "test",
            to: bob.email,
            subscriptionId: read!.id,
            payload: { title: "t", body: "b" },
          }),
        ]);
      });
      await removal;
      expect(removed).toBe(true);
      const left = await db.select().from(outbox).where(eq(outbox.pushSubscriptionId, device!.id));
      expect(left).toEqual([]);
    });
  },
);
