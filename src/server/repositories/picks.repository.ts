import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import { contestNotice, invalidate } from "../db/read-cache";
import { firstPickerAssignments, gameProposals, games, picks, users } from "../db/schema";
import { activityInsert, type ActivityEntry } from "./activity.repository";
import type { ContestRow } from "./contests.repository";

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
  await invalidate(db, "contests");
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
  await invalidate(db, "contests");
  await db
    .update(picks)
    .set({ result: "pending" })
    .where(and(eq(picks.gameId, gameId), sql`${picks.result} <> 'pending'`));
}

/**
 * What a pick submission is checked against, in one statement: the week's held picks, its saved
 * first picker, its accepted extra games and the two players' first names. Read it after locking the
 * contest row, in a statement of its own: a statement sees what was committed when it began, so a
 * read in the locking statement would miss the picks of the transaction it waited for.
 */
export async function pickingState(db: Executor, contest: ContestRow, week: number) {
  const [row] = await queryRows<{
    held: [string, string, PickRow["market"], PickRow["side"]][];
    saved_first_picker_id: string | null;
    extra_game_ids: string[];
    player1_name: string | null;
    player2_name: string | null;
  }>(
    db,
    sql`select
      coalesce((select json_agg(json_build_array(p.user_id, p.game_id, p.market, p.side))
        from ${picks} p where p.contest_id = ${contest.id} and p.week = ${week}), '[]'::json) as held,
      (select f.first_picker_id from ${firstPickerAssignments} f
        where f.contest_id = ${contest.id} and f.week = ${week}) as saved_first_picker_id,
      coalesce((select json_agg(gp.game_id) from ${gameProposals} gp
        where gp.contest_id = ${contest.id} and gp.week = ${week} and gp.status = 'accepted'), '[]'::json)
        as extra_game_ids,
      (select u.first_name from ${users} u where u.id = ${contest.player1Id}) as player1_name,
      (select u.first_name from ${users} u where u.id = ${contest.player2Id}) as player2_name`,
  );
  return {
    held: row!.held.map(([userId, gameId, market, side]) => ({ userId, gameId, market, side })),
    savedFirstPickerId: row!.saved_first_picker_id,
    extraGameIds: row!.extra_game_ids,
    player1Name: row!.player1_name,
    player2Name: row!.player2_name,
  };
}

export async function listHeldPicks(db: Executor, contestId: string, week: number) {
  return db
    .select({ userId: picks.userId, gameId: picks.gameId, market: picks.market, side: picks.side })
    .from(picks)
    .where(and(eq(picks.contestId, contestId), eq(picks.week, week)));
}

type RawPick = {
  [
    K in keyof PickRow as K extends
      "contestId" | "userId" | "gameId" | "lineSpread" | "lineFavorite" | "lineTotal" | "createdAt"
      ? never
      : K
  ]: PickRow[K];
} & {
  contest_id: string;
  user_id: string;
  game_id: string;
  line_spread: string | null;
  line_favorite: string | null;
  line_total: string | null;
  created_at: string | Date;
};

/**
 * Inserts one contest's picks and the activity line that records them, in one statement (the log's
 * insert runs as a WITH of the picks' insert); the contest's cached entries and the live-update
 * notice go with it.
 */
export async function insertPicks(
  db: Executor,
  contestId: string,
  rows: Omit<typeof picks.$inferInsert, "contestId">[],
  entry: ActivityEntry,
): Promise<PickRow[]> {
  const inserted = db
    .insert(picks)
    .values(rows.map((row) => ({ ...row, contestId })))
    .returning({ ...getTableColumns(picks), notified: contestNotice(contestId) });
  const stored = await queryRows<RawPick>(
    db,
    sql`with logged as (${activityInsert(db, entry).getSQL()}) ${inserted.getSQL()}`,
  );
  return stored.map((row) => ({
    id: row.id,
    contestId: row.contest_id,
    userId: row.user_id,
    gameId: row.game_id,
    week: row.week,
    round: row.round,
    market: row.market,
    side: row.side,
    lineSpread: row.line_spread,
    lineFavorite: row.line_favorite,
    lineTotal: row.line_total,
    result: row.result,
    createdAt: new Date(row.created_at),
  }));
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

/** Contests with picks on a game: the ones whose weeks may settle when it is scored. */
export async function contestsWithPicksOn(db: Executor, gameId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ contestId: picks.contestId })
    .from(picks)
    .where(eq(picks.gameId, gameId));
  return rows.map((row) => row.contestId);
}
