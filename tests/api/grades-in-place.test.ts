import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { games, picks } from "../../src/server/db/schema";
import { gradePicksOnGame } from "../../src/server/services/game-changes";
import { acceptedContest, adminAliceAndBob } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * A final's grades are written where the picks are (decision 047): the picks' pages are inserted
 * half full, so that each graded pick fits on its own page as a heap-only tuple, with no new entry in
 * any of the table's indexes. A Sunday's first finals grade thousands of picks in the feed's sync.
 */
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });

describe("grading a week's finals", () => {
  it("writes every grade beside its pick, touching no index", async () => {
    const { alice, bob } = await adminAliceAndBob(app);
    const contestId = await acceptedContest(app, alice, bob);
    const week1 = await db.select().from(games).where(eq(games.week, 1));
    // Both players on both sides of every game of the week, inserted together, so that they fill
    // their pages as far as the table lets them (a few pages: the grades must find room on each).
    const rows = week1.flatMap((game) =>
      (["favorite", "underdog", "over", "under"] as const).map((side, k) => ({
        contestId,
        userId: k % 2 === 0 ? alice.id : bob.id,
        gameId: game.id,
        week: 1,
        market: k < 2 ? ("spread" as const) : ("total" as const),
        side,
        lineSpread: k < 2 ? "-3.5" : null,
        lineFavorite: k < 2 ? game.homeTeam : null,
        lineTotal: k < 2 ? null : "44.5",
      })),
    );
    await db.insert(picks).values(rows);
    const finals = await db
      .update(games)
      .set({ status: "final", homeScore: 27, awayScore: 20 })
      .where(eq(games.week, 1))
      .returning();

    const { graded, hot } = await db.transaction(async (tx) => {
      let graded = 0;
      for (const game of finals) graded += await gradePicksOnGame(tx, game);
      // This transaction's own count of its updates of the table written as heap-only tuples.
      const [row] = await queryRows<{ hot: number }>(
        tx,
        sql`select pg_stat_get_xact_tuples_hot_updated('picks'::regclass)::int as hot`,
      );
      return { graded, hot: row!.hot };
    });
    expect(graded).toBe(rows.length);
    expect(hot).toBe(rows.length);
    const results = await db
      .select({ result: picks.result })
      .from(picks)
      .where(eq(picks.contestId, contestId));
    expect(results.filter((row) => row.result === "pending")).toEqual([]);
  });
});
