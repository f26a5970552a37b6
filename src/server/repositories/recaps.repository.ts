// The weeks' recaps (docs/rules.md, "Week recap"): the picks a recap is made from, the recaps
// written once, and a player's latest. Not cached: nothing to clear.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../db/client";
import { IDS_PER_STATEMENT, chunks } from "../db/chunks";
import { contests, games, picks, weekRecaps } from "../db/schema";

/** The picks of these contests' weeks, each with its game's teams and score. */
export async function picksOfWeeks(db: Executor, weeks: readonly { contestId: string; week: number }[]) {
  const numbers = [...new Set(weeks.map((row) => row.week))];
  const rows = [];
  for (const ids of chunks([...new Set(weeks.map((row) => row.contestId))], IDS_PER_STATEMENT)) {
    rows.push(
      ...(await db
        .select({
          contestId: picks.contestId,
          week: picks.week,
          userId: picks.userId,
          market: picks.market,
          side: picks.side,
          lineSpread: picks.lineSpread,
          lineFavorite: picks.lineFavorite,
          lineTotal: picks.lineTotal,
          result: picks.result,
          isLock: picks.isLock,
          homeTeam: games.homeTeam,
          awayTeam: games.awayTeam,
          homeScore: games.homeScore,
          awayScore: games.awayScore,
        })
        .from(picks)
        .innerJoin(games, eq(games.id, picks.gameId))
        .where(and(inArray(picks.contestId, ids), inArray(picks.week, numbers)))
        .orderBy(games.gameDate, picks.createdAt)),
    );
  }
  return rows;
}

export type RecapRow = typeof weekRecaps.$inferInsert;

/** Each week's recaps, once: a week recapped before keeps its own. */
export async function insertRecaps(db: Executor, rows: readonly RecapRow[]): Promise<void> {
  for (const batch of chunks(rows, 1_000)) {
    await db.insert(weekRecaps).values(batch).onConflictDoNothing();
  }
}

/** A player's latest recap of each contest they play that is active. */
export async function latestRecapsOf(db: Executor, userId: string) {
  return db
    .selectDistinctOn([weekRecaps.contestId], { body: weekRecaps.body })
    .from(weekRecaps)
    .innerJoin(contests, eq(contests.id, weekRecaps.contestId))
    .where(and(eq(weekRecaps.userId, userId), eq(contests.status, "active"), isNull(contests.archivedAt)))
    .orderBy(weekRecaps.contestId, desc(weekRecaps.week));
}
