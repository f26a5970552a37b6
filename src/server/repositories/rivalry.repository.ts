// A rivalry's contests and picks: every contest two players have played against each other, read
// in two statements whatever their number.
import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import type { Executor } from "../db/client";
import { contests, games, picks } from "../db/schema";
import { live } from "./contests.repository";

/** The contests the two have played each other (active or completed, not archived), oldest first. */
export async function rivalryContestIds(db: Executor, oneId: string, otherId: string): Promise<string[]> {
  const rows = await db
    .select({ id: contests.id })
    .from(contests)
    .where(
      and(
        live,
        inArray(contests.status, ["active", "completed"]),
        or(
          and(eq(contests.player1Id, oneId), eq(contests.player2Id, otherId)),
          and(eq(contests.player1Id, otherId), eq(contests.player2Id, oneId)),
        ),
      ),
    )
    .orderBy(asc(contests.season), asc(contests.createdAt));
  return rows.map((row) => row.id);
}

/** The graded picks of those contests, each with its game's teams and kickoff. */
export function gradedPicksOf(db: Executor, contestIds: readonly string[]) {
  if (contestIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      contestId: picks.contestId,
      userId: picks.userId,
      market: picks.market,
      side: picks.side,
      lineSpread: picks.lineSpread,
      lineFavorite: picks.lineFavorite,
      result: picks.result,
      homeTeam: games.homeTeam,
      awayTeam: games.awayTeam,
      kickoff: games.gameDate,
    })
    .from(picks)
    .innerJoin(games, eq(games.id, picks.gameId))
    .where(and(inArray(picks.contestId, [...contestIds]), ne(picks.result, "pending")));
}

/**
 * One contest's graded picks in kickoff order, each with its lock flag, its lines and its game's
 * teams: the season in review walks them. Games of one kickoff go by their home team's code, a
 * game's spread picks before its totals: the same order at every reading.
 */
export function gradedPicksInOrder(db: Executor, contestId: string) {
  return db
    .select({
      userId: picks.userId,
      week: picks.week,
      market: picks.market,
      side: picks.side,
      lineSpread: picks.lineSpread,
      lineFavorite: picks.lineFavorite,
      lineTotal: picks.lineTotal,
      isLock: picks.isLock,
      result: picks.result,
      homeTeam: games.homeTeam,
      awayTeam: games.awayTeam,
      kickoff: games.gameDate,
    })
    .from(picks)
    .innerJoin(games, eq(games.id, picks.gameId))
    .where(and(eq(picks.contestId, contestId), ne(picks.result, "pending")))
    .orderBy(asc(games.gameDate), asc(games.homeTeam), asc(picks.market), asc(picks.id));
}
