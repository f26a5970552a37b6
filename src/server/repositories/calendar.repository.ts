import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { CalendarContest, CalendarPick } from "@/domain/calendar";
import type { Executor } from "../db/client";
import { contests, picks, users } from "../db/schema";
import { live } from "./contests.repository";

/**
 * The calendar token is read and written here only, never from a cached user row (the sessions'
 * users may hold an older one: a change of token does not clear every session from memory).
 */

/** The user's token, made from `candidate` when they have none yet (two first asks agree on one). */
export async function ensureCalendarToken(db: Executor, userId: string, candidate: string): Promise<string> {
  const [row] = await db
    .update(users)
    .set({ calendarToken: sql`coalesce(${users.calendarToken}, ${candidate})` })
    .where(eq(users.id, userId))
    .returning({ token: users.calendarToken });
  return row!.token!;
}

/** A new token in place of the old one, which stops working at once. */
export async function replaceCalendarToken(db: Executor, userId: string, token: string): Promise<void> {
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
}

export async function findUserIdByCalendarToken(db: Executor, token: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.calendarToken, token));
  return row?.id;
}

/** Contests whose weeks the feed shows: active and completed ones the user plays in, not archived. */
const shown = (userId: string) =>
  and(
    or(eq(contests.player1Id, userId), eq(contests.player2Id, userId)),
    inArray(contests.status, ["active", "completed"]),
    live,
  );

export function listCalendarContests(db: Executor, userId: string): Promise<CalendarContest[]> {
  return db
    .select({
      id: contests.id,
      name: contests.name,
      season: contests.season,
      startWeek: contests.startWeek,
      totalWeeks: contests.totalWeeks,
      updatedAt: contests.updatedAt,
    })
    .from(contests)
    .where(shown(userId));
}

/** The user's picks in those contests (read beside them, not after: one round trip). */
export function listCalendarPicks(db: Executor, userId: string): Promise<CalendarPick[]> {
  return db
    .select({
      contestId: picks.contestId,
      gameId: picks.gameId,
      week: picks.week,
      market: picks.market,
      side: picks.side,
      lineSpread: picks.lineSpread,
      lineFavorite: picks.lineFavorite,
      lineTotal: picks.lineTotal,
      createdAt: picks.createdAt,
    })
    .from(picks)
    .innerJoin(contests, eq(contests.id, picks.contestId))
    .where(and(eq(picks.userId, userId), shown(userId)));
}
