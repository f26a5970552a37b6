// A contest's trash talk (docs/rules.md, "Trash talk"). Not cached: nothing to clear.
import { and, asc, desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { contestMessages } from "../db/schema";

export type MessageRow = typeof contestMessages.$inferSelect;

/** The thread's last `limit` messages, oldest first. */
export async function listMessages(db: Executor, contestId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(contestMessages)
    .where(eq(contestMessages.contestId, contestId))
    .orderBy(desc(contestMessages.createdAt), desc(contestMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function insertMessage(
  db: Executor,
  values: { contestId: string; authorId: string; body: string },
): Promise<MessageRow> {
  const [row] = await db.insert(contestMessages).values(values).returning();
  return row!;
}

export async function findMessage(
  db: Executor,
  contestId: string,
  id: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(contestMessages)
    .where(and(eq(contestMessages.contestId, contestId), eq(contestMessages.id, id)));
  return row;
}

export async function deleteMessage(db: Executor, id: string): Promise<void> {
  await db.delete(contestMessages).where(eq(contestMessages.id, id));
}

/** A person's own messages, oldest first (their data's download). */
export function messagesBy(db: Executor, authorId: string) {
  return db
    .select({
      contestId: contestMessages.contestId,
      body: contestMessages.body,
      createdAt: contestMessages.createdAt,
    })
    .from(contestMessages)
    .where(eq(contestMessages.authorId, authorId))
    .orderBy(asc(contestMessages.createdAt));
}

/** A person's messages, removed with their account. */
export async function deleteMessagesBy(db: Executor, authorId: string): Promise<void> {
  await db.delete(contestMessages).where(eq(contestMessages.authorId, authorId));
}
