// A contest's trash talk (docs/rules.md, "Trash talk"): its two players and the admins read and
// write; a message is its author's or an admin's to delete; the other player is told.
import type { ContestMessage, MessageList } from "@/contracts/messages";
import type { AppContext } from "../context";
import { conflict, forbidden, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import * as messagesRepo from "../repositories/messages.repository";
import type { MessageRow } from "../repositories/messages.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { visibleContest } from "./contests.service";
import { messageNotice } from "./message-notice";
import { queueNotice } from "./queue-notices";

/** The most messages a thread shows: its latest. */
export const THREAD_LENGTH = 200;
export const THREAD_CLOSED = "This contest was declined: its trash talk is closed.";
export const NOT_YOURS = "Only its author or an admin can delete a message.";
export const MESSAGE_NOT_FOUND = "Message not found.";

const toMessage = (row: MessageRow, viewer: UserRow): ContestMessage => ({
  id: row.id,
  contestId: row.contestId,
  authorId: row.authorId,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  canDelete: viewer.isAdmin || row.authorId === viewer.id,
});

/** GET /api/contests/{id}/messages: for its players and the admins (404 to anyone else). */
export async function listThread(ctx: AppContext, user: UserRow, contestId: string): Promise<MessageList> {
  await visibleContest(ctx.db, user, contestId);
  const rows = await messagesRepo.listMessages(ctx.db, contestId, THREAD_LENGTH);
  return { messages: rows.map((row) => toMessage(row, user)) };
}

/**
 * POST /api/contests/{id}/messages: a message, its log line (that one was posted, not its text) and
 * the other player's notice, in one transaction. A declined contest's thread is closed (409).
 */
export async function postMessage(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  body: string,
): Promise<ContestMessage> {
  const row = await ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, user, contestId);
    if (contest.status === "rejected") throw conflict(THREAD_CLOSED);
    const saved = await messagesRepo.insertMessage(tx, { contestId, authorId: user.id, body });
    await recordActivity(tx, { actorId: user.id, action: "message.posted", contestId });
    // The players other than the author: the opponent, or both when an admin writes.
    const others = [contest.player1Id, contest.player2Id].filter(
      (id): id is string => id !== null && id !== user.id,
    );
    for (const id of others) {
      const to = await findUserById(tx, id);
      if (to) await queueNotice(ctx, tx, messageNotice(ctx, { to, author: user, contest, body }));
    }
    return saved;
  });
  ctx.mailer.kick();
  return toMessage(row, user);
}

/** DELETE /api/contests/{id}/messages/{messageId}: its author's, or any admin's. */
export async function removeMessage(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  messageId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await visibleContest(tx, user, contestId);
    const row = await messagesRepo.findMessage(tx, contestId, messageId);
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    if (!user.isAdmin && row.authorId !== user.id) throw forbidden(NOT_YOURS);
    await messagesRepo.deleteMessage(tx, row.id);
    await recordActivity(tx, { actorId: user.id, action: "message.deleted", contestId });
  });
}
