import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { GameState } from "@/contracts/events";
import type { Executor } from "../db/client";
import { contests, gameProposals, picks } from "../db/schema";

/** The PostgreSQL channel every instance listens on for changes (so that any instance may hold a page's stream). */
export const EVENTS_CHANNEL = "fp_events";

/** What one change tells the other instances: who did what to which contest. Small: NOTIFY caps at 8 kB. */
export interface ChangeNotice {
  action: string;
  contestId: string | null;
  actorId: string | null;
  subjectUserId: string | null;
  week: number | null;
  /** A score update (a sync that changed only live state): the games' new states. */
  games?: GameState[];
  /** With `games`: the games that went final (their picks graded), whose contests' standings moved. */
  graded?: string[];
}

/**
 * Announces a change. Inside a transaction PostgreSQL (and PGlite) deliver it only at commit, once,
 * to every listening instance; a rolled-back change announces nothing.
 */
export async function notifyChange(db: Executor, notice: ChangeNotice): Promise<void> {
  await db.execute(sql`select ${notifyChangeSql(notice)}`);
}

/** The announcement as an expression, to ride on another statement (an insert's RETURNING). */
export function notifyChangeSql(notice: ChangeNotice) {
  return sql<string>`pg_notify(${EVENTS_CHANNEL}, ${changeNoticePayload(notice)})::text`;
}

/** What `notifyChangeSql` sends, for a statement that notifies itself (a prepared one). */
export function changeNoticePayload(notice: ChangeNotice): string {
  return JSON.stringify(notice);
}

/** The players of these contests, archived or not, by contest id: who an event about each is for. */
export async function findContestAudiences(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, ContestAudience>();
  const rows = await db
    .select({
      id: contests.id,
      player1Id: contests.player1Id,
      player2Id: contests.player2Id,
      player2Email: contests.player2Email,
    })
    .from(contests)
    .where(inArray(contests.id, [...ids]));
  return new Map<string, ContestAudience>(rows.map(({ id, ...players }) => [id, players]));
}

/**
 * The contests whose standings these games decide, with their players: a pick on a game of
 * `picksOn`, or a game of `picksOn` or `extrasOn` accepted as an extra game (whether it is still
 * open counts in the allowances). Who is told that a final moved their standings.
 */
export async function findContestsOnGames(
  db: Executor,
  games: { picksOn: readonly string[]; extrasOn?: readonly string[] },
) {
  const extras = [...new Set([...games.picksOn, ...(games.extrasOn ?? [])])];
  if (extras.length === 0) return new Map<string, ContestAudience>();
  const withPicks = games.picksOn.length > 0 && [...games.picksOn];
  const rows = await db
    .select({
      id: contests.id,
      player1Id: contests.player1Id,
      player2Id: contests.player2Id,
      player2Email: contests.player2Email,
    })
    .from(contests)
    .where(
      or(
        withPicks
          ? inArray(
              contests.id,
              db.select({ id: picks.contestId }).from(picks).where(inArray(picks.gameId, withPicks)),
            )
          : undefined,
        inArray(
          contests.id,
          db
            .select({ id: gameProposals.contestId })
            .from(gameProposals)
            .where(and(inArray(gameProposals.gameId, extras), eq(gameProposals.status, "accepted"))),
        ),
      ),
    );
  return new Map<string, ContestAudience>(rows.map(({ id, ...players }) => [id, players]));
}

/** What `isPlayer` reads of a contest. */
export type ContestAudience = Pick<typeof contests.$inferSelect, "player1Id" | "player2Id" | "player2Email">;

/**
 * The contests with options of play that run in one of these weeks (a season's week), with their
 * players and plans: the caller keeps those that play the tiebreaker that week.
 */
export async function findRuledContestsInWeeks(
  db: Executor,
  weeks: readonly { season: number; week: number }[],
) {
  if (weeks.length === 0) return [];
  const inWeek = weeks.map(
    ({ season, week }) =>
      sql`(${contests.season} = ${season} and ${contests.startWeek} <= ${week} and ${contests.totalWeeks} >= ${week})`,
  );
  const rows = await db
    .select({
      id: contests.id,
      season: contests.season,
      startWeek: contests.startWeek,
      totalWeeks: contests.totalWeeks,
      rulePlans: contests.rulePlans,
      player1Id: contests.player1Id,
      player2Id: contests.player2Id,
      player2Email: contests.player2Email,
    })
    .from(contests)
    .where(
      and(isNotNull(contests.rulePlans), inArray(contests.status, ["active", "completed"]), or(...inWeek)),
    );
  return rows;
}
