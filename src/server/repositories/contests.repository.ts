import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../db/client";
import { invalidate } from "../db/read-cache";
import { contests } from "../db/schema";

export type ContestRow = typeof contests.$inferSelect;

/** Not archived: what every contest read but the archive's own keeps to. */
export const live = isNull(contests.archivedAt);

export async function findContest(db: Executor, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(contests)
    .where(and(eq(contests.id, id), live));
  const [row] = await (options.forUpdate ? query.for("update") : query);
  return row;
}

export async function insertContest(db: Executor, values: typeof contests.$inferInsert): Promise<ContestRow> {
  const [row] = await db.insert(contests).values(values).returning();
  await invalidate(db, "contests");
  return row!;
}

export async function updateContest(
  db: Executor,
  id: string,
  values: Partial<typeof contests.$inferInsert>,
): Promise<ContestRow> {
  const [row] = await db
    .update(contests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contests.id, id))
    .returning();
  await invalidate(db, "contests");
  return row!;
}

/** Marks an active contest completed; undefined when it was not active any more. */
export async function completeContest(
  db: Executor,
  id: string,
  winnerId: string | null,
): Promise<ContestRow | undefined> {
  const [row] = await db
    .update(contests)
    .set({ status: "completed", winnerId, updatedAt: new Date() })
    .where(and(eq(contests.id, id), eq(contests.status, "active")))
    .returning();
  if (row) await invalidate(db, "contests");
  return row;
}
