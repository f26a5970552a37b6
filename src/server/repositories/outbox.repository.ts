import { isDeletedEmail } from "@/contracts/account-data";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { chunks } from "../db/chunks";
import { outbox } from "../db/schema";

export type OutboxRow = typeof outbox.$inferSelect;

export interface NewEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
  /** Extra headers (a reminder's List-Unsubscribe). */
  headers?: Record<string, string> | null;
}

export type OutboxChannel = "email" | "push";

/** A new mail's status: queued for the mailer, or kept (no SMTP server configured). */
export const outboxStatus = (deliver: boolean) => (deliver ? "queued" : "kept");

/**
 * Puts a mail in the outbox. Call it inside the transaction of the change that causes the mail, so a
 * rolled-back change sends nothing; kick the mailer once that transaction has committed. `deliver`
 * false (no SMTP configured) keeps the mail in the outbox for admins to read.
 */
export async function queueEmail(db: Executor, mail: NewEmail & { deliver: boolean }): Promise<OutboxRow> {
  const [row] = await db.insert(outbox).values(emailRow(mail)).returning();
  return row!;
}

/**
 * A new outbox row, e-mail or push (`emailRow`, `pushRow`), for `queueOutbox`: its kind, channel
 * and status said, the columns not here left to their defaults.
 */
export type NewOutboxRow = Required<Pick<typeof outbox.$inferInsert, "kind" | "channel" | "status">> &
  Pick<
    typeof outbox.$inferInsert,
    "pushSubscriptionId" | "payload" | "headers" | "toAddress" | "replyTo" | "subject" | "body"
  >;

/** `queueEmail`'s row. */
export function emailRow(mail: NewEmail & { deliver: boolean }): NewOutboxRow {
  return {
    kind: mail.kind,
    channel: "email",
    toAddress: mail.to,
    replyTo: mail.replyTo ?? null,
    headers: mail.headers ?? null,
    subject: mail.subject,
    body: mail.text,
    // A deleted account's address: the mail is kept, never sent.
    status: outboxStatus(mail.deliver && !isDeletedEmail(mail.to)),
  };
}

/**
 * Puts a push notification for one device in the outbox (always queued: push needs no SMTP). Its
 * subject and body repeat the payload's title and text for the record; `to` names the player.
 */
export async function queuePush(db: Executor, push: NewPush): Promise<OutboxRow> {
  const [row] = await db.insert(outbox).values(pushRow(push)).returning();
  return row!;
}

export interface NewPush {
  kind: string;
  to: string;
  subscriptionId: string;
  payload: Record<string, unknown> & { title: string; body: string };
}

/** `queuePush`'s row. */
export function pushRow(push: NewPush): NewOutboxRow {
  return {
    kind: push.kind,
    channel: "push",
    pushSubscriptionId: push.subscriptionId,
    payload: push.payload,
    toAddress: push.to,
    subject: push.payload.title,
    body: push.payload.body,
    status: "queued",
  };
}

/**
 * At most this many rows per insert (`queueOutbox`): however many rows, an insert is ten parameters
 * (its columns' arrays), and this keeps those arrays to some hundreds of kB a statement (an e-mail's
 * body is about a kB).
 */
const ROWS_PER_INSERT = 500;

/** A JSON column's value as text (cast to jsonb in the statement), or null. */
const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Puts many rows in the outbox, e-mails and pushes alike (`emailRow`, `pushRow`), in their order:
 * one insert per `ROWS_PER_INSERT` rows, one array per column (`unnest`): ten parameters, not ten
 * per row built one by one through Drizzle (building them would be most of a burst of reminders'
 * time; decision 037). Same rules as `queueEmail` and `queuePush`.
 */
export async function queueOutbox(db: Executor, rows: readonly NewOutboxRow[]): Promise<void> {
  for (const slice of chunks(rows, ROWS_PER_INSERT)) {
    const column = <T>(of: (row: NewOutboxRow) => T) => sql.param(slice.map(of));
    await db.execute(
      sql`insert into ${outbox}
        (kind, channel, push_subscription_id, payload, headers, to_address, reply_to, subject, body, status)
      select r.kind, r.channel, r.push_subscription_id, r.payload::jsonb, r.headers::jsonb,
        r.to_address, r.reply_to, r.subject, r.body, r.status
      from unnest(
        ${column((row) => row.kind)}::text[],
        ${column((row) => row.channel)}::text[],
        ${column((row) => row.pushSubscriptionId ?? null)}::uuid[],
        ${column((row) => jsonText(row.payload))}::text[],
        ${column((row) => jsonText(row.headers))}::text[],
        ${column((row) => row.toAddress)}::text[],
        ${column((row) => row.replyTo ?? null)}::text[],
        ${column((row) => row.subject)}::text[],
        ${column((row) => row.body)}::text[],
        ${column((row) => row.status)}::text[]
      ) as r(kind, channel, push_subscription_id, payload, headers, to_address, reply_to, subject, body, status)`,
    );
  }
}

/**
 * Claims up to `limit` queued mails that are due: counts the attempt and pushes their next attempt to
 * `leaseUntil`, so no other instance (nor a later pass) takes them while this one sends. SKIP LOCKED
 * lets several instances claim side by side; a crash mid-send leaves the mail to be retried after
 * the lease.
 */
export function claimDueEmails(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
  channel: OutboxChannel = "email",
) {
  // Due through the end of `now`'s millisecond: the database stamps a new row in microseconds, so a
  // row queued in this very millisecond (12:00:00.123456) is due at 12:00:00.123.
  const dueBefore = new Date(now.getTime() + 1);
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "queued"), lt(outbox.nextAttemptAt, dueBefore), eq(outbox.channel, channel)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(outbox.id, due))
    .returning();
}

/**
 * Gives back claimed mails that will not be sent under this claim (the mailer is stopping): due again
 * at once, the claim not counted as an attempt. Only rows still under that claim (their lease as the
 * claim set it) are touched.
 */
export async function releaseClaims(db: Executor, ids: string[], leaseUntil: Date, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: now })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, "queued"), eq(outbox.nextAttemptAt, leaseUntil)));
}

export async function markSent(db: Executor, id: string, sentAt: Date): Promise<void> {
  await db.update(outbox).set({ status: "sent", sentAt, lastError: null }).where(eq(outbox.id, id));
}

/** A failed attempt: tried again at `retryAt`, or given up (`failed`) when there is none. */
export async function markAttemptFailed(
  db: Executor,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(outbox)
    .set(
      retryAt
        ? { lastError: error, nextAttemptAt: retryAt }
        : { lastError: error, status: "failed" as const },
    )
    .where(eq(outbox.id, id));
}

export async function findEmail(db: Executor, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.channel, "email")));
  return row;
}

/** A failed mail back in the queue for a fresh series of attempts; undefined when it was not failed. */
export async function requeueFailedEmail(db: Executor, id: string, now: Date) {
  const [row] = await db
    .update(outbox)
    .set({ status: "queued", attempts: 0, nextAttemptAt: now })
    .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
    .returning();
  return row;
}

/** The time and id of a row, microseconds included: the cursor of the page after it. */
const cursorOf = sql<string>`to_char(${outbox.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || ${outbox.id}`;

/** One page of the outbox's e-mail, newest first; `before` is the cursor of the last row of the page before. */
export function listEmails(db: Executor, filter: { limit: number; before?: string }) {
  const [time, id] = filter.before?.split("|") ?? [];
  const older =
    time && id ? sql`(${outbox.createdAt}, ${outbox.id}) < (${time}::timestamptz, ${id}::uuid)` : undefined;
  return db
    .select({ row: outbox, cursor: cursorOf })
    .from(outbox)
    .where(and(eq(outbox.channel, "email"), older))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(filter.limit);
}

/**
 * What waits to go out (queued, due or not), by kind and channel: how many, and how long the oldest
 * has waited, in seconds on the database's clock (which stamps `created_at`). For the metrics.
 */
export function pendingByKind(db: Executor) {
  return db
    .select({
      kind: outbox.kind,
      channel: outbox.channel,
      depth: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`extract(epoch from now() - min(${outbox.createdAt}))::float8`,
    })
    .from(outbox)
    .where(eq(outbox.status, "queued"))
    .groupBy(outbox.kind, outbox.channel);
}
