import type { OutboxEntry, OutboxPage, SendEmailBody } from "@/contracts/outbox";
import type { AppContext } from "../context";
import { conflict, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import * as outboxRepo from "../repositories/outbox.repository";
import type { OutboxRow } from "../repositories/outbox.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { queueAdminMessage } from "./notice-texts";

export function toOutboxEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    toAddress: row.toAddress,
    replyTo: row.replyTo,
    subject: row.subject,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === "queued" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** An admin's Send Email: queued with the change log line, delivered after the commit. */
export async function sendEmailToUser(
  ctx: AppContext,
  admin: UserRow,
  userId: string,
  body: SendEmailBody,
): Promise<OutboxEntry> {
  const row = await ctx.db.transaction(async (tx) => {
    const recipient = await findUserById(tx, userId);
    if (!recipient) throw notFound("Player not found.");
    const queued = await queueAdminMessage(ctx, tx, { to: recipient, admin, ...body });
    await recordActivity(tx, {
      actorId: admin.id,
      action: "user.emailed",
      subjectUserId: recipient.id,
      details: { subject: body.subject },
    });
    return queued;
  });
  ctx.mailer.kick();
  return toOutboxEntry(row);
}

/** The outbox, newest first, a page at a time. Admins only: the route checks. */
export async function listOutbox(
  ctx: AppContext,
  query: { limit: number; before?: string },
): Promise<OutboxPage> {
  // One row more than asked says whether an older page exists.
  const rows = await outboxRepo.listEmails(ctx.db, { ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(({ row }) => toOutboxEntry(row)),
    smtpConfigured: ctx.mailer.enabled,
    nextCursor: rows.length > query.limit ? page.at(-1)!.cursor : null,
  };
}

/** A failed mail goes back in the queue for a fresh series of attempts. */
export async function retryEmail(ctx: AppContext, admin: UserRow, id: string): Promise<OutboxEntry> {
  const row = await ctx.db.transaction(async (tx) => {
    const mail = await outboxRepo.findEmail(tx, id);
    if (!mail) throw notFound("E-mail not found.");
    if (!ctx.mailer.enabled) {
      throw conflict("E-mail is not being sent: SMTP_URL is not set, so mail is kept in the outbox.");
    }
    const requeued = await outboxRepo.requeueFailedEmail(tx, id, ctx.mailer.now());
    if (!requeued) throw conflict(`Only a failed e-mail can be retried: this one is ${mail.status}.`);
    await recordActivity(tx, {
      actorId: admin.id,
      action: "email.retried",
      details: { to: mail.toAddress, subject: mail.subject },
    });
    return requeued;
  });
  ctx.mailer.kick();
  return toOutboxEntry(row);
}
