import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { SmtpSink } from "../../../../tests/smtp-sink";
import type { OutboxEntry, OutboxPage } from "@/contracts/outbox";
import { outbox } from "../../db/schema";
import { queueEmail } from "../../repositories/outbox.repository";
import { Mailer, RETRY_DELAYS_MS } from "../../services/mailer.service";

/**
 * Delivery when things go wrong: the SMTP server down or slow, no SMTP at all, several instances.
 * The mailer reads real time; the tests move it forward with `later` to make retries come due.
 */
let later = 0;
const now = () => new Date(Date.now() + later);

async function latestMail(app: Awaited<ReturnType<typeof createTestApp>>["app"], who: SignedIn) {
  const page = (await request(app, who).get("/api/admin/outbox?limit=1")).json() as OutboxPage;
  return page.entries[0] as OutboxEntry;
}

describe("when the SMTP server is down", async () => {
  const port = await SmtpSink.freePort();
  const { app } = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    // Only the test's flushes deliver: each says what it did.
    mailer: { now, intervalMs: 0, kicks: false },
  });
  let sink: SmtpSink | undefined;
  afterAll(() => sink?.close());
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signUp(app, { firstName: "Ada", lastName: "Admin" });
  });

  it("the request still succeeds; the mail waits with its error and goes out once the server is up", async () => {
    const created = await request(app, admin).post("/api/contests", {
      name: "Down Bowl",
      player2Email: "down@example.com",
      defaultBetAmount: 10,
    });
    expect(created.statusCode, created.body).toBe(201);

    expect(await app.mailer.flush()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = await latestMail(app, admin);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, toAddress: "down@example.com" });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    const retryIn = new Date(waiting.nextAttemptAt!).getTime() - now().getTime();
    expect(retryIn).toBeGreaterThan(RETRY_DELAYS_MS[0]! - 5_000);
    expect(retryIn).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]!);

    sink = await SmtpSink.start({ port });
    // Not due yet: the back-off holds.
    expect(await app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    later += RETRY_DELAYS_MS[0]!;
    expect(await app.mailer.flush()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sink.to("down@example.com")).toHaveLength(1);
    expect(await latestMail(app, admin)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives up after five attempts; an admin's Retry sends it once the server is back", async () => {
    await sink!.close();
    sink = undefined;
    const bob = await signUp(app, { email: "bob-down@example.com" });
    const sent = await request(app, admin).post(`/api/users/${bob.id}/email`, {
      subject: "Hello",
      message: "Hi",
    });
    expect(sent.statusCode).toBe(202);

    for (const delay of RETRY_DELAYS_MS) {
      expect(await app.mailer.flush()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      later += delay;
    }
    expect(await app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const failed = await latestMail(app, admin);
    expect(failed).toMatchObject({ status: "failed", attempts: 5, nextAttemptAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    later += 24 * 60 * 60_000;
    expect(await app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    sink = await SmtpSink.start({ port });
    const retried = await request(app, admin).post(`/api/admin/outbox/${failed.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: "queued", attempts: 0, lastError: failed.lastError });
    await app.mailer.flush();
    expect(sink.to(bob.email).map((mail) => mail.subject)).toEqual(["Hello"]);
    expect(await latestMail(app, admin)).toMatchObject({ status: "sent", attempts: 1 });

    const log = (await request(app, admin).get("/api/admin/activity?limit=1")).json();
    expect(log.entries[0].summary).toBe(`Ada Admin retried the e-mail “Hello” to ${bob.email}`);
  });
});

describe("when the SMTP server is slow", async () => {
  const sink = await SmtpSink.start({ delayMs: 3_000 });
  afterAll(() => sink.close());
  const { app } = await createTestApp({ env: { SMTP_URL: sink.url } });

  it("the request does not wait for it", async () => {
    const admin = await signUp(app);
    const started = performance.now();
    const created = await request(app, admin).post("/api/contests", {
      name: "Slow Bowl",
      player2Email: "slow@example.com",
      defaultBetAmount: 10,
    });
    expect(created.statusCode).toBe(201);
    expect(performance.now() - started).toBeLessThan(2_000);
    await app.mailer.flush();
    expect(sink.to("slow@example.com")).toHaveLength(1);
  });
});

describe("without SMTP_URL", async () => {
  const { app, db } = await createTestApp();

  it("keeps mail in the outbox for admins to read", async () => {
    const admin = await signUp(app);
    const created = await request(app, admin).post("/api/contests", {
      name: "Kept Bowl",
      player2Email: "kept@example.com",
      defaultBetAmount: 10,
    });
    expect(created.statusCode).toBe(201);
    expect(await app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const page = (await request(app, admin).get("/api/admin/outbox")).json() as OutboxPage;
    expect(page.smtpConfigured).toBe(false);
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      kind: "invitation",
      toAddress: "kept@example.com",
      status: "kept",
      attempts: 0,
      sentAt: null,
      nextAttemptAt: null,
    });
    expect(page.entries[0]!.body).toContain("http://localhost:5000/api/login");

    // A failed mail (from when SMTP was set) cannot be retried while nothing sends it.
    const failed = await queueEmail(db, {
      kind: "message",
      to: "x@example.com",
      subject: "s",
      text: "t",
      deliver: true,
    });
    await db.update(outbox).set({ status: "failed" }).where(eq(outbox.id, failed.id));
    const retry = await request(app, admin).post(`/api/admin/outbox/${failed.id}/retry`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(
      "E-mail is not being sent: SMTP_URL is not set, so mail is kept in the outbox.",
    );
  });
});

describe("several instances sharing one database", async () => {
  const sink = await SmtpSink.start();
  afterAll(() => sink.close());
  const { app, db } = await createTestApp({ env: { SMTP_URL: sink.url }, mailer: { intervalMs: 0 } });

  it("deliver each mail once", async () => {
    const subjects = Array.from({ length: 45 }, (_, n) => `Mail ${n}`);
    for (const subject of subjects) {
      await queueEmail(db, { kind: "message", to: "many@example.com", subject, text: "x", deliver: true });
    }
    const other = new Mailer({ db, smtpUrl: sink.url, from: "Other <other@example.com>" });
    const results = await Promise.all([app.mailer.flush(), other.flush(), app.mailer.flush(), other.flush()]);
    await other.stop();
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(45);
    expect(results.every((result) => result.retrying === 0 && result.failed === 0)).toBe(true);
    const received = sink.to("many@example.com").map((mail) => mail.subject);
    expect(received.sort()).toEqual([...subjects].sort());
  });
});

describe("when the server stops in the middle of a pass", async () => {
  const { db } = await createTestApp();
  const slow = await SmtpSink.start({ delayMs: 800 });
  const stuck = await SmtpSink.start({ delayMs: 5_000 });
  afterAll(() => Promise.all([slow.close(), stuck.close()]));

  async function queue(prefix: string, count: number) {
    const rows = [];
    for (let n = 0; n < count; n += 1) {
      rows.push(
        await queueEmail(db, {
          kind: "message",
          to: `${prefix}${n}@example.com`,
          subject: "s",
          text: "t",
          deliver: true,
        }),
      );
    }
    return rows.map((row) => row.id);
  }
  /** The rows tried first (a claim's rows come in no particular order). */
  const sentFirst = <T extends { attempts: number }>(rows: T[]) =>
    rows.sort((a, b) => b.attempts - a.attempts);
  const rowsOf = async (ids: string[]) =>
    Promise.all(ids.map(async (id) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0]!));

  it("finishes the mail under way and gives back the others claimed: due at once, no attempt counted", async () => {
    const ids = await queue("stop", 5);
    const mailer = new Mailer({ db, smtpUrl: slow.url, from: "Pool <pool@example.com>", intervalMs: 0 });
    const pass = mailer.flush();
    await expect.poll(() => slow.messages.length).toBe(1);
    await mailer.stop();
    expect(await pass).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [sent, ...rest] = sentFirst(await rowsOf(ids));
    expect(sent).toMatchObject({ status: "sent", attempts: 1, toAddress: slow.messages[0]!.to[0] });
    for (const row of rest) {
      expect(row).toMatchObject({ status: "queued", attempts: 0 });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(slow.messages).toHaveLength(1);
  });

  it("stops within its wait when the SMTP server hangs: that mail keeps its lease, the others go at once elsewhere", async () => {
    await db.delete(outbox);
    const ids = await queue("hang", 3);
    const mailer = new Mailer({ db, smtpUrl: stuck.url, from: "Pool <pool@example.com>", intervalMs: 0 });
    const pass = mailer.flush();
    await expect.poll(() => stuck.messages.length).toBe(1);
    const stopping = performance.now();
    await mailer.stop();
    expect(performance.now() - stopping).toBeLessThan(4_000);
    const [tried, ...rest] = sentFirst(await rowsOf(ids));
    // Maybe sent, not known yet: tried again after its lease (10 minutes) unless marked sent by then.
    expect(tried).toMatchObject({ status: "queued", attempts: 1, toAddress: stuck.messages[0]!.to[0] });
    expect(tried!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    for (const row of rest) expect(row).toMatchObject({ status: "queued", attempts: 0 });

    // Another instance (or the next start) sends the two given back at once.
    const other = new Mailer({ db, smtpUrl: slow.url, from: "Pool <pool@example.com>", intervalMs: 0 });
    expect(await other.flush()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    await other.stop();
    // The hung server answers in the end: the first mail is recorded as sent, once.
    expect(await pass).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await rowsOf(ids)).map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
  }, 20_000);
});

describe("a mail's own headers", async () => {
  const sink = await SmtpSink.start();
  afterAll(() => sink.close());
  const { app, db } = await createTestApp({
    env: { SMTP_URL: sink.url },
    mailer: { intervalMs: 0, kicks: false },
  });
  const queue = (to: string, headers?: Record<string, string>) =>
    queueEmail(db, { kind: "message", to, subject: "s", text: "t", headers, deliver: true });

  it("are sent as headers; mail without any still goes", async () => {
    await queue("with@example.com", {
      "List-Unsubscribe": "<https://pool.example.com/api/notifications/unsubscribe?u=1&k=reminder&t=x>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    await queue("without@example.com");
    expect(await app.mailer.flush()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const [withHeaders] = sink.to("with@example.com");
    expect(withHeaders!.headers).toMatchObject({
      "list-unsubscribe": "<https://pool.example.com/api/notifications/unsubscribe?u=1&k=reminder&t=x>",
      "list-unsubscribe-post": "List-Unsubscribe=One-Click",
    });
    const [plain] = sink.to("without@example.com");
    expect(plain!.text).toBe("t");
    expect(plain!.headers["list-unsubscribe"]).toBeUndefined();
  });

  it("cannot start a header or a recipient of their own with a line break", async () => {
    await queue("inject@example.com", {
      "List-Unsubscribe": "<https://pool.example.com/x>\r\nBcc: thief@example.com\r\nX-Injected: yes",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click\nX-Other: yes",
    });
    expect(await app.mailer.flush()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [mail] = sink.to("inject@example.com");
    expect(mail!.to).toEqual(["inject@example.com"]);
    expect(sink.to("thief@example.com")).toEqual([]);
    for (const name of ["bcc", "x-injected", "x-other"]) expect(mail!.headers[name]).toBeUndefined();
    // The value stays one header, its line breaks turned to spaces.
    expect(mail!.headers["list-unsubscribe"]).toMatch(/^<https:\/\/pool\.example\.com\/x>\s+Bcc:/);
    expect(mail!.raw).not.toMatch(/\r\n(Bcc|X-Injected|X-Other):/i);
  });
});
