import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { PlayerRecord } from "@/contracts/users";
import type { Executor } from "../db/client";
import { clearNow } from "../db/read-cache";
import { contests, picks, users } from "../db/schema";
import { nextRevision, seenByUser } from "./contests.repository";

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Serialises first-account creation so exactly one account becomes the first admin. */
export async function lockUserCreation(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('football-pool:user-creation'))`);
}

export async function anyUserExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function setAdmin(db: Executor, id: string, isAdmin: boolean): Promise<void> {
  await db.update(users).set({ isAdmin }).where(eq(users.id, id));
  // Sessions are cached with their users.
  await clearNow(db, "sessions");
}

/** Links pending invitations sent to this e-mail before the account existed. */
export async function linkInvitations(db: Executor, userId: string, email: string): Promise<void> {
  await db
    .update(contests)
    .set({ player2Id: userId, revision: nextRevision })
    .where(sql`${contests.player2Id} is null and lower(${contests.player2Email}) = ${email.toLowerCase()}`);
  await clearNow(db, "contests");
}

/**
 * The contests a player plays: not archived, not rejected, theirs as player 1 or 2 (`player` an id,
 * or the users' id column of an outer query). The user's contest count and their record count these.
 */
const playedBy = (player: string | typeof users.id) =>
  and(
    isNull(contests.archivedAt),
    ne(contests.status, "rejected"),
    or(eq(contests.player1Id, player), eq(contests.player2Id, player)),
  );

// Each user's count, in the list's select: a subquery on the outer query's row.
const contestsCount = sql<number>`(
  select count(*) from ${contests} where ${playedBy(users.id)}
)::int`;

const listedColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
  contestsCount,
};

export function listAllUsers(db: Executor) {
  return db.select(listedColumns).from(users).orderBy(users.lastName, users.firstName);
}

/**
 * Whether the user sees a contest that `otherId` plays in (`seenBy`: not archived; an invitation by
 * e-mail counts).
 */
export async function sharesAContest(
  db: Executor,
  user: { id: string; email: string },
  otherId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: contests.id })
    .from(contests)
    .where(
      and(
        seenByUser(user.id, user.email),
        or(eq(contests.player1Id, otherId), eq(contests.player2Id, otherId)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The user's graded picks won and lost in the contests they play (`playedBy`, those `contestsCount`
 * counts); a push is neither, and a lock of the week counts twice.
 */
export async function pickRecord(db: Executor, userId: string): Promise<PlayerRecord> {
  const [row] = await db
    .select({
      wins: sql<number>`coalesce(sum(case when ${picks.isLock} then 2 else 1 end)
        filter (where ${picks.result} = 'win'), 0)::int`,
      losses: sql<number>`coalesce(sum(case when ${picks.isLock} then 2 else 1 end)
        filter (where ${picks.result} = 'loss'), 0)::int`,
    })
    .from(picks)
    .innerJoin(contests, eq(contests.id, picks.contestId))
    .where(and(eq(picks.userId, userId), playedBy(userId)));
  return { wins: row?.wins ?? 0, losses: row?.losses ?? 0 };
}

/** Users by id, many at once; missing ids are left out. */
export async function findUsersByIds(db: Executor, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/** Users by id as lists show them, many at once (a crowd's first pages): missing ids are left out. */
export async function findListedUsers(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select(listedColumns)
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export async function findListedUser(db: Executor, id: string) {
  const [row] = await db.select(listedColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
  await clearNow(db, "sessions");
  // Contests' weeks in memory carry proposers' names.
  if (values.firstName !== undefined || values.lastName !== undefined) await clearNow(db, "picking");
}

/**
 * When a user was last active (a sign-in, a session's daily renewal): not cached anywhere it is
 * read (Player Management reads it afresh), so no cache is cleared. Clearing the sessions here sent
 * every signed-in request of every instance to the database each time someone's session was renewed.
 */
export async function touchUser(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(users).set({ lastActiveAt: at }).where(eq(users.id, id));
}

/** Locks the admin rows, so two admins demoting each other at once cannot leave none. */
export async function lockAdmins(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for("update");
  return rows.map((row) => row.id);
}

/** A user row that exists and whose account was not deleted. */
export const isLiveUser = (user: UserRow | undefined): user is UserRow =>
  user !== undefined && user.deletedAt === null;
