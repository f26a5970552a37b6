import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { SmtpSink } from "../../../../tests/smtp-sink";
import type { OutboxEntry, OutboxPage } from "@/contracts/outbox";
import { outbox } from "../../db/schema";
import { queueInvitationEmail } from "../../services/notice-texts";

/**
 * E-mail goes out through a real SMTP server on loopback (smtp-server): each test reads what arrived.
 * Requests never wait for delivery; `app.mailer.flush()` runs the pass a commit kicks off.
 */
const PUBLIC_URL = "https://pool.example.com";
const sink = await SmtpSink.start();
afterAll(() => sink.close());
const { app, db } = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL } });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let week1: { id: string }[];

async function createContest(by: SignedIn, player2Email: string, extra: object = {}) {
  const created = await as(by).post("/api/contests", {
    name: `Sunday Showdown ${Math.random().toString(36).slice(2, 7)}`,
    description: "Loser buys the wings.",
    player2Email,
    defaultBetAmount: 25,
    maxPicksPerPlayer: 2,
    contestCreationPassword: "pw",
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; name: string };
}

async function outboxOf(who: SignedIn = admin, query = "") {
  const response = await as(who).get(`/api/admin/outbox${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OutboxPage;
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Archer" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Baker" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
});

describe("the invitation", () => {
  it("reaches player 2 with the link to sign in, and shows as sent in the outbox", async () => {
    const contest = await createContest(alice, "Newcomer@Example.com");
    await app.mailer.flush();

    const [mail, ...more] = sink.to("newcomer@example.com");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Alice Archer challenged you to “${contest.name}” on Football Pool`);
    expect(mail!.headers.from).toBe("Football Pool <no-reply@football-pool.local>");
    expect(mail!.text).toContain(`Alice Archer has challenged you to “${contest.name}”`);
    expect(mail!.text).toContain("Loser buys the wings.");
    expect(mail!.text).toContain("Bet: $25/week");
    expect(mail!.text).toContain(`${PUBLIC_URL}/api/login`);

    const [entry] = (await outboxOf()).entries;
    expect(entry).toMatchObject({
      kind: "invitation",
      toAddress: "newcomer@example.com",
      subject: mail!.subject,
      status: "sent",
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(entry!.sentAt).toEqual(expect.any(String));
  });

  it("says Free for a free contest", async () => {
    await createContest(alice, "freebie@example.com", { defaultBetAmount: 0 });
    await app.mailer.flush();
    expect(sink.to("freebie@example.com")[0]!.text).toContain("Bet: Free");
  });

  it("is sent by the request's commit, without a flush", async () => {
    await createContest(alice, "kicked@example.com");
    await expect.poll(() => sink.to("kicked@example.com").length, { timeout: 5000 }).toBe(1);
  });
});

describe("your turn to pick", () => {
  async function activeContest() {
    const contest = await createContest(alice, bob.email);
    expect((await as(bob).patch(`/api/contests/${contest.id}`, { status: "active" })).statusCode).toBe(200);
    await app.mailer.flush();
    return contest;
  }

  it("tells the second picker once the first picker's batch completes their picks", async () => {
    const contest = await activeContest();
    const before = sink.to(bob.email).length;
    const submitted = await as(alice).post("/api/picks/batch", {
      contestId: contest.id,
      week: 1,
      round: 1,
      picks: [
        { gameId: week1[0]!.id, market: "spread", side: "favorite" },
        { gameId: week1[1]!.id, market: "total", side: "over" },
      ],
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    await app.mailer.flush();

    const mails = sink.to(bob.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your turn to pick: week 1 of “${contest.name}”`);
    expect(mails[0]!.text).toContain("Hi Bob,");
    expect(mails[0]!.text).toContain(`Alice Archer has made their picks for week 1 of “${contest.name}”`);
    expect(mails[0]!.text).toContain("make your 2 picks");
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/picks?contestId=${contest.id}&week=1`);

    // The second picker's own picks tell nobody.
    const aliceBefore = sink.to(alice.email).length;
    const theirs = await as(bob).post("/api/picks/batch", {
      contestId: contest.id,
      week: 1,
      round: 1,
      picks: [
        { gameId: week1[2]!.id, market: "spread", side: "favorite" },
        { gameId: week1[3]!.id, market: "total", side: "under" },
      ],
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    await app.mailer.flush();
    expect(sink.to(alice.email).length).toBe(aliceBefore);
    expect(sink.to(bob.email).length).toBe(before + 1);
  });

  it("waits for the pick that completes the allowance when picks come one at a time", async () => {
    const contest = await activeContest();
    const before = sink.to(bob.email).length;
    const pick = (gameId: string) =>
      as(alice).post("/api/picks", {
        contestId: contest.id,
        week: 1,
        round: 1,
        gameId,
        market: "total",
        side: "over",
      });
    expect((await pick(week1[4]!.id)).statusCode).toBe(201);
    await app.mailer.flush();
    expect(sink.to(bob.email).length).toBe(before);
    expect((await pick(week1[5]!.id)).statusCode).toBe(201);
    await app.mailer.flush();
    expect(sink.to(bob.email).length).toBe(before + 1);
  });

  it("sends nothing for a refused submission", async () => {
    const contest = await activeContest();
    const before = sink.messages.length;
    const early = await as(bob).post("/api/picks/batch", {
      contestId: contest.id,
      week: 1,
      round: 1,
      picks: [
        { gameId: week1[0]!.id, market: "spread", side: "favorite" },
        { gameId: week1[1]!.id, market: "total", side: "over" },
      ],
    });
    expect(early.statusCode).toBe(409);
    await app.mailer.flush();
    expect(sink.messages.length).toBe(before);
  });
});

describe("Send Email (POST /api/users/{id}/email)", () => {
  const message = { subject: "Week 3 lines are in", message: "Hi Bob,\n\nThe lines for week 3 are up." };

  it("lets an admin write to a player: delivered with replies going to the admin, and logged", async () => {
    const sent = await as(admin).post(`/api/users/${bob.id}/email`, message);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({
      kind: "message",
      toAddress: bob.email,
      subject: message.subject,
      status: "queued",
    });
    await app.mailer.flush();

    const mail = sink.to(bob.email).at(-1)!;
    expect(mail.subject).toBe("Week 3 lines are in");
    expect(mail.headers["reply-to"]).toBe(admin.email);
    expect(mail.text).toContain("The lines for week 3 are up.");
    expect(mail.text).toContain("Sent by Ada Admin from Football Pool.");

    const log = (await as(admin).get(`/api/admin/activity?userId=${bob.id}&limit=1`)).json();
    expect(log.entries[0]).toMatchObject({
      action: "user.emailed",
      summary: "Ada Admin sent an e-mail to Bob Baker: “Week 3 lines are in”",
    });
  });

  it("is for admins only", async () => {
    const before = sink.messages.length;
    expect((await as(null).post(`/api/users/${bob.id}/email`, message)).statusCode).toBe(401);
    const player = await as(alice).post(`/api/users/${bob.id}/email`, message);
    expect(player.statusCode).toBe(403);
    expect(player.json().message).toBe("Only administrators can do that.");
    // A player's invalid body is still a 403: the role is checked first.
    expect((await as(alice).post(`/api/users/${bob.id}/email`, {})).statusCode).toBe(403);
    await app.mailer.flush();
    expect(sink.messages.length).toBe(before);
  });

  it("answers 404 for an unknown player and 400 for a bad message", async () => {
    const unknown = await as(admin).post("/api/users/00000000-0000-4000-8000-000000000000/email", message);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Player not found.");

    const cases: [object, string][] = [
      [{ message: "x" }, "Subject is required"],
      [{ subject: "  ", message: "x" }, "Subject is required"],
      [{ subject: "Hi" }, "Message is required"],
      [{ subject: "Hi", message: " " }, "Message is required"],
      [{ subject: "x".repeat(201), message: "x" }, "Subject must be 200 characters or fewer"],
      [{ subject: "Hi\r\nBcc: everyone@example.com", message: "x" }, "Subject must be one line"],
      [{ subject: "Hi", message: "x".repeat(10_001) }, "Message must be 10,000 characters or fewer"],
    ];
    for (const [body, expected] of cases) {
      const response = await as(admin).post(`/api/users/${bob.id}/email`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(expected);
    }
  });
});

describe("the outbox (GET /api/admin/outbox)", () => {
  it("lists mail newest first, a page at a time", async () => {
    for (const n of [1, 2, 3]) {
      await as(admin).post(`/api/users/${alice.id}/email`, { subject: `Page test ${n}`, message: "x" });
    }
    const first = await outboxOf(admin, "?limit=2");
    expect(first.smtpConfigured).toBe(true);
    expect(first.entries.map((entry) => entry.subject)).toEqual(["Page test 3", "Page test 2"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await outboxOf(admin, `?limit=2&before=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.entries[0]!.subject).toBe("Page test 1");
    expect(second.entries.map((entry) => entry.id)).not.toContain(first.entries[1]!.id);

    const everything: OutboxEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: OutboxPage = await outboxOf(
        admin,
        `?limit=3${cursor ? `&before=${encodeURIComponent(cursor)}` : ""}`,
      );
      everything.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    const all = await db.select({ id: outbox.id }).from(outbox);
    expect(everything.map((entry) => entry.id).sort()).toEqual(all.map((row) => row.id).sort());
  });

  it("is for admins only, and checks its query", async () => {
    expect((await as(null).get("/api/admin/outbox")).statusCode).toBe(401);
    expect((await as(alice).get("/api/admin/outbox")).statusCode).toBe(403);
    const bad = await as(admin).get("/api/admin/outbox?limit=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Limit must be between 1 and 100");
    expect((await as(admin).get("/api/admin/outbox?before=yesterday")).json().message).toBe("Invalid cursor");
  });

  it("retries only failed mail", async () => {
    const [sent] = (await outboxOf()).entries.filter((entry) => entry.status === "sent");
    const again = await as(admin).post(`/api/admin/outbox/${sent!.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Only a failed e-mail can be retried: this one is sent.");
    const unknown = await as(admin).post("/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry");
    expect(unknown.statusCode).toBe(404);
    expect((await as(alice).post(`/api/admin/outbox/${sent!.id}/retry`)).statusCode).toBe(403);
  });
});

describe("a change that rolls back", () => {
  it("sends nothing: the mail was queued in its transaction", async () => {
    const before = (await db.select({ id: outbox.id }).from(outbox)).length;
    const attempt = app.ctx.db.transaction(async (tx) => {
      await queueInvitationEmail(app.ctx, tx, {
        to: "rolled-back@example.com",
        inviter: { firstName: "Ada", lastName: "Admin", email: admin.email },
        contest: { id: "x", name: "Never", description: "", betAmount: 0, maxPicksPerPlayer: 2 },
      });
      throw new Error("the change failed");
    });
    await expect(attempt).rejects.toThrow("the change failed");
    await app.mailer.flush();
    expect((await db.select({ id: outbox.id }).from(outbox)).length).toBe(before);
    expect(sink.to("rolled-back@example.com")).toEqual([]);
  });
});
