import { and, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client";
import { clearNow } from "../db/read-cache";
import { IDS_PER_STATEMENT, chunks } from "../db/chunks";
import { contests } from "../db/schema";

export type ContestRow = typeof contests.$inferSelect;

/** Not archived: what every contest read but the archive's own keeps to. */
export const live = isNull(contests.archivedAt);

/**
 * The contests a user sees: not archived, and they play in it or are invited to it by e-mail (no
 * player 2 yet). The one statement of the rule, for every read that needs it: `isUser` matches a
 * player's column and `isEmail` the invitation's e-mail in lower case, to one user's values, to a
 * batch's arrays or to an outer statement's columns.
 */
export function seenBy(isUser: (player: AnyPgColumn) => SQL, isEmail: (lowerEmail: SQL) => SQL): SQL {
  return and(
    live,
    or(
      isUser(contests.player1Id),
      isUser(contests.player2Id),
      and(isNull(contests.player2Id), isEmail(sql`lower(${contests.player2Email})`)),
    ),
  )!;
}

/** The contests this one user sees (`seenBy`). */
export const seenByUser = (userId: string, email: string): SQL =>
  seenBy(
    (player) => eq(player, userId),
    (lowerEmail) => sql`${lowerEmail} = ${email.toLowerCase()}`,
  );

/** The next revision: every change to a contest row moves it on. */
export const nextRevision = sql`${contests.revision} + 1`;

/**
 * A live contest. `forUpdate` locks its row for the transaction, for a change made under the lock,
 * and moves its revision on: a pick submission checked against the contest as it was is refused by
 * its write and checked again.
 */
export async function findContest(db: Executor, id: string, options: { forUpdate?: boolean } = {}) {
  const where = and(eq(contests.id, id), live);
  const [row] = options.forUpdate
    ? await db.update(contests).set({ revision: nextRevision }).where(where).returning()
    : await db.select().from(contests).where(where);
  return row;
}

/**
 * A new contest's time: the app's clock (`now`: a replay, APP_NOW, shows its own dates), or a
 * microsecond after the latest contest's, whichever is later. Lists show the newest first, and a
 * fixed clock would give every contest one moment.
 */
const nextCreatedAt = (now: Date) =>
  sql`greatest(${now.toISOString()}::timestamptz, (select max(${contests.createdAt}) from ${contests}) + interval '1 microsecond')`;

export async function insertContest(
  db: Executor,
  values: Omit<typeof contests.$inferInsert, "createdAt">,
  now: Date,
): Promise<ContestRow> {
  const [row] = await db
    .insert(contests)
    .values({ ...values, createdAt: nextCreatedAt(now) })
    .returning();
  await clearNow(db, "contests");
  return row!;
}

export async function updateContest(
  db: Executor,
  id: string,
  values: Partial<typeof contests.$inferInsert>,
): Promise<ContestRow> {
  const [row] = await db
    .update(contests)
    .set({ ...values, updatedAt: new Date(), revision: nextRevision })
    .where(eq(contests.id, id))
    .returning();
  await clearNow(db, "contests");
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
    .set({ status: "completed", winnerId, updatedAt: new Date(), revision: nextRevision })
    .where(and(eq(contests.id, id), eq(contests.status, "active")))
    .returning();
  if (row) await clearNow(db, "contests");
  return row;
}

/** Every active contest (not archived) with what its current week is worked out from (`contestWeek`). */
export function listActiveContests(db: Executor) {
  return db
    .select({
      id: contests.id,
      season: contests.season,
      startWeek: contests.startWeek,
      totalWeeks: contests.totalWeeks,
    })
    .from(contests)
    .where(and(eq(contests.status, "active"), live));
}

/**
 * Locks these contests' rows, in id order, in one statement (one per `IDS_PER_STATEMENT`, the
 * slices in the same order): two gradings locking overlapping sets never deadlock.
 */
export async function lockContests(tx: Executor, contestIds: readonly string[]): Promise<void> {
  // JavaScript's order of canonical (lowercase) uuids is PostgreSQL's.
  for (const ids of chunks([...contestIds].sort(), IDS_PER_STATEMENT)) {
    await tx
      .select({ id: contests.id })
      .from(contests)
      .where(inArray(contests.id, ids))
      .orderBy(contests.id)
      .for("update");
  }
}

/**
 * A contest's rematch as `contests_one_rematch_key` counts it: any not declined, archived or not.
 * Undefined when there is none (a declined one may be proposed again).
 */
export async function findOpenRematch(db: Executor, predecessorId: string) {
  const [row] = await db
    .select({ id: contests.id })
    .from(contests)
    .where(
      and(
        eq(contests.predecessorId, predecessorId),
        ne(contests.status, "rejected"),
        isNull(contests.archivedAt),
      ),
    );
  return row;
}
