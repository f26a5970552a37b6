import { and, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { preparedPer } from "../db/prepared";
import { clearNow } from "../db/read-cache";
import { sessions, users } from "../db/schema";
import { visibleContestIdsOfUser } from "./contest-results.repository";
import type { UserRow } from "./users.repository";

export async function insertSession(
  db: Executor,
  id: string,
  userId: string,
  expiresAt: Date,
  device: { userAgent: string | null; createdAt: Date; lastSeenAt: Date },
): Promise<void> {
  await db.insert(sessions).values({ id, userId, expiresAt, ...device });
}

/**
 * Sessions by id with their expiry and users, many at once (first sights of a crowd), live or not;
 * with the ids of the contests each user sees (null for an admin: every contest), which a signed-in
 * page reads first.
 */
export async function findSessionsById(
  db: Executor,
  ids: string[],
): Promise<Map<string, { expiresAt: Date; user: UserRow; contestIds: string[] | null }>> {
  const rows =
    ids.length === 1
      ? await sessionById(db).execute({ id: ids[0] })
      : await sessionsSelect(db).where(inArray(sessions.id, ids));
  return new Map(rows.map(({ id, ...found }) => [id, found]));
}

const sessionsSelect = (db: Executor) =>
  db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      user: users,
      contestIds: visibleContestIdsOfUser,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId));

/**
 * One session, the usual look (a player's first request on an instance, most often alone): its plan
 * is kept (`preparedPer`): parsing and planning it anew would be most of the look's time in
 * PostgreSQL (decision 058).
 */
const sessionById = preparedPer((db) =>
  sessionsSelect(db)
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare("session_by_id"),
);

/** The sessions still live among these, with their users as they are now (open event streams). */
export async function findLiveSessions(
  db: Executor,
  ids: string[],
  now: Date,
): Promise<{ id: string; user: UserRow }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, now)));
}

/** Pushes a session's expiry forward; `seenAt` is its request, the device's last sight. */
export async function extendSession(db: Executor, id: string, expiresAt: Date, seenAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt, lastSeenAt: seenAt }).where(eq(sessions.id, id));
  await clearNow(db, { session: id });
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
  await clearNow(db, { session: id });
}

/** Ends every session of a user but the one given (after a password or role change). */
export async function deleteOtherSessions(
  db: Executor,
  userId: string,
  keepId: string | null,
): Promise<void> {
  await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
  await clearNow(db, "sessions");
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await clearNow(db, "sessions");
}

export type DeviceRow = Pick<typeof sessions.$inferSelect, "id" | "createdAt" | "userAgent" | "lastSeenAt">;

/** A user's live sessions (not expired at `now`), the last seen first. */
export function listLiveSessions(db: Executor, userId: string, now: Date): Promise<DeviceRow[]> {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      userAgent: sessions.userAgent,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(sql`${sessions.lastSeenAt} desc nulls last`, desc(sessions.createdAt));
}
