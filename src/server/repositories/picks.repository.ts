import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { games, picks } from "../db/schema";

export type PickRow = typeof picks.$inferSelect;

export async function countPicksOnGame(db: Executor, gameId: string): Promise<number> {
  return db.$count(picks, eq(picks.gameId, gameId));
}

/** The distinct lines picks on a game were made at: grading works per line, not per pick. */
export function distinctLinesOnGame(db: Executor, gameId: string) {
  return db
    .selectDistinct({
      market: picks.market,
      side: picks.side,
      lineSpread: picks.lineSpread,
      lineFavorite: picks.lineFavorite,
      lineTotal: picks.lineTotal,
    })
    .from(picks)
    .where(eq(picks.gameId, gameId));
}

export interface LineGrade {
  market: string;
  side: string;
  lineSpread: string | null;
  lineFavorite: string | null;
  lineTotal: string | null;
  result: "win" | "loss" | "push" | "pending";
}

/** Sets every pick on a game to the grade of its line, in one statement however many picks there are. */
export async function setGradesOnGame(db: Executor, gameId: string, grades: LineGrade[]): Promise<number> {
  if (grades.length === 0) return 0;
  const values = sql.join(
    grades.map(
      (g) =>
        sql`(${g.market}, ${g.side}, ${g.lineSpread}::numeric, ${g.lineFavorite}::text, ${g.lineTotal}::numeric, ${g.result})`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    update ${picks} p set result = v.result
    from (values ${values}) as v(market, side, line_spread, line_favorite, line_total, result)
    where p.game_id = ${gameId}
      and p.market = v.market and p.side = v.side
      and p.line_spread is not distinct from v.line_spread
      and p.line_favorite is not distinct from v.line_favorite
      and p.line_total is not distinct from v.line_total`);
  return (
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (result as { rowCount?: number }).rowCount ??
    0
  );
}

export async function resetGradesOnGame(db: Executor, gameId: string): Promise<void> {
  await db
    .update(picks)
    .set({ result: "pending" })
    .where(and(eq(picks.gameId, gameId), sql`${picks.result} <> 'pending'`));
}

export async function listHeldPicks(db: Executor, contestId: string, week: number) {
  return db
    .select({ userId: picks.userId, gameId: picks.gameId, market: picks.market, side: picks.side })
    .from(picks)
    .where(and(eq(picks.contestId, contestId), eq(picks.week, week)));
}

export async function insertPicks(db: Executor, rows: (typeof picks.$inferInsert)[]): Promise<PickRow[]> {
  return db.insert(picks).values(rows).returning();
}

/** Picks with their games, for one contest, optionally one player and one week. */
export async function listPicksWithGames(
  db: Executor,
  filter: { contestId: string; userId?: string; week?: number },
) {
  return db
    .select({ pick: picks, game: games })
    .from(picks)
    .innerJoin(games, eq(games.id, picks.gameId))
    .where(
      and(
        eq(picks.contestId, filter.contestId),
        filter.userId ? eq(picks.userId, filter.userId) : undefined,
        filter.week ? eq(picks.week, filter.week) : undefined,
      ),
    )
    .orderBy(picks.week, games.gameDate, picks.createdAt);
}

/** Per contest, week, player and result: how many picks. Feeds every contest card in one query. */
export async function pickTallies(db: Executor, contestIds: string[]) {
  if (contestIds.length === 0) return [];
  return db
    .select({
      contestId: picks.contestId,
      week: picks.week,
      userId: picks.userId,
      result: picks.result,
      count: sql<number>`count(*)::int`,
    })
    .from(picks)
    .where(inArray(picks.contestId, contestIds))
    .groupBy(picks.contestId, picks.week, picks.userId, picks.result);
}

/** Contests with picks on a game: the ones whose weeks may settle when it is scored. */
export async function contestsWithPicksOn(db: Executor, gameId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ contestId: picks.contestId })
    .from(picks)
    .where(eq(picks.gameId, gameId));
  return rows.map((row) => row.contestId);
}
