import { eq, sql } from "drizzle-orm";
import { game as gameSchema } from "../../src/contracts/games";
import { pick as pickSchema, type Pick } from "../../src/contracts/picks";
import { describe, expect, it } from "vitest";
import { readCache } from "../../src/server/db/read-cache";
import { games, picks } from "../../src/server/db/schema";
import { findContestsWithPicks } from "../../src/server/repositories/contest-picks.repository";
import { findContestsWithResults } from "../../src/server/repositories/contest-results.repository";
import type { PickRow } from "../../src/server/repositories/picks.repository";
import { toGame } from "../../src/server/services/games.service";
import { compactLists, playerIndex } from "../../src/server/services/pick-lists";
import { pickHeadJson, toPick } from "../../src/server/services/pick-json";
import { as as request } from "../as";
import { acceptedContest, adminAliceAndBob } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * A contest's first weekly results read its whole season of picks as one text per contest, each
 * pick's JSON written by PostgreSQL (a crowd's cold reads; decision 036), and the week in
 * memory writes it by hand (`pickHeadJson`). Both must say exactly what the table holds and what
 * `JSON.stringify` of the API's pick says, whatever the lines and favorite hold.
 */
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });

describe("a contest's picks read for its weekly results", () => {
  it("are the table's rows, its tallies, and the API's JSON of each pick", async () => {
    const { admin, alice, bob } = await adminAliceAndBob(app);
    const id = await acceptedContest(app, alice, bob);
    const week1 = (await request(app, alice).get("/api/games/week/1/season/2025")).json<{ id: string }[]>();
    const pick = (game: number, market: "spread" | "total", side: string) => ({
      gameId: week1[game]!.id,
      market,
      side,
    });
    const submit = async (who: typeof alice, wishes: ReturnType<typeof pick>[]) => {
      const made = await request(app, who).post("/api/picks/batch", {
        contestId: id,
        week: 1,
        round: 1,
        picks: wishes,
      });
      expect(made.statusCode, made.body).toBe(201);
    };
    await submit(alice, [pick(0, "spread", "favorite"), pick(1, "total", "over")]);
    await submit(bob, [pick(0, "spread", "underdog"), pick(2, "spread", "favorite")]);
    // What no team abbreviation holds but the column allows: quotes, backslashes, the text's own
    // separators, characters beyond ASCII, and a line with no favorite (as an admin's edited pick
    // might).
    const [odd] = await db
      .update(picks)
      .set({ lineFavorite: 'K"C\\\u001f\u001e\né🏈', lineSpread: "-13.5", result: "win" })
      .where(eq(picks.gameId, week1[0]!.id))
      .returning();
    await db
      .update(picks)
      .set({ lineFavorite: null, lineSpread: null, result: "push" })
      .where(eq(picks.gameId, week1[2]!.id));
    await db.execute(
      sql`update picks set created_at = '2025-09-01 10:00:00.123999+00' where id = ${odd!.id}`,
    );
    // A grade writes the result alone (the pick's stored JSON leaves it out).
    await db.update(picks).set({ result: "loss" }).where(eq(picks.gameId, week1[1]!.id));

    // A pick of someone who is not one of the players (no route makes one): tallied under their id,
    // in no list.
    await db.insert(picks).values({
      contestId: id,
      userId: admin.id,
      gameId: week1[3]!.id,
      week: 1,
      market: "total",
      side: "under",
      lineTotal: "44.5",
      result: "win",
    });

    const [read] = (await findContestsWithPicks(db, [id])).values();
    const rows = await db.select().from(picks).where(eq(picks.contestId, id));
    const gameRows = await db.select().from(games);
    const gameOf = (row: PickRow) => gameRows.find((g) => g.id === row.gameId)!;
    // In week, kickoff and pick order, each with the API's JSON of it up to its game.
    const inOrder = rows.sort(
      (a, b) =>
        a.week - b.week ||
        gameOf(a).gameDate.getTime() - gameOf(b).gameDate.getTime() ||
        a.createdAt.getTime() - b.createdAt.getTime(),
    );
    // Each player's list of the week: their picks in kickoff and pick order, each with the API's JSON
    // of it up to its game.
    const { text, ends, gameIds, starts } = read!.picksJson;
    let oddRead = false;
    for (const [player, who] of [alice, bob].entries()) {
      const own = inOrder.filter((row) => row.userId === who.id);
      const slot = 2 * 1 + player; // week 1's list of this player
      const listed = Array.from({ length: starts[slot + 1]! - starts[slot]! }, (_, n) => starts[slot]! + n);
      expect(listed.map((at) => gameIds[at])).toEqual(own.map((row) => row.gameId));
      listed.forEach((at, n) => {
        const row = own[n]!;
        const head = text.slice(at === 0 ? 0 : ends[at - 1], ends[at]);
        const api = JSON.stringify(toPick(row, gameOf(row)));
        expect(`${head}${JSON.stringify(toGame(gameOf(row)))}}`).toBe(api);
        expect(`${pickHeadJson(row)}${JSON.stringify(toGame(gameOf(row)))}}`).toBe(api);
        if (row.id === odd!.id) {
          oddRead = true;
          expect(JSON.parse(`${head}null}`)).toMatchObject({
            lineFavorite: 'K"C\\\u001f\u001e\né🏈',
            lineSpread: "-13.5",
            isWin: true,
          });
        }
      });
    }
    expect(oddRead).toBe(true);
    // The same lists, to the slot, as the week in memory makes them from its picks (`compactLists`).
    const entries = inOrder.flatMap((row) => {
      const player = playerIndex(read!.contest, row.userId);
      return player === undefined
        ? []
        : [{ week: row.week, player, head: pickHeadJson(row), gameId: row.gameId }];
    });
    expect(read!.picksJson).toEqual(compactLists(entries));
    expect(read!.picksJson.gameIds).not.toContain(week1[3]!.id);
    expect(read!.tallies.toList()).toContainEqual({ week: 1, userId: admin.id, result: "win", count: 1 });

    const [results] = await findContestsWithResults(db, [id]);
    const tally = (t: { week: number; userId: string; result: string; count: number }) =>
      `${t.week}|${t.userId}|${t.result}|${t.count}`;
    expect(read!.tallies.toList().map(tally).sort()).toEqual(results!.tallies.toList().map(tally).sort());
    expect(read!.contest).toEqual(results!.contest);

    // And the weekly results answer them, each week's picks in kickoff order.
    readCache(app.ctx.database).clear();
    const weekly = await request(app, alice).get(`/api/contests/${id}/weekly-results`);
    expect(weekly.statusCode, weekly.body).toBe(200);
    const [week] = weekly.json<{ weeklyResults: { player1Picks: Pick[] }[] }>().weeklyResults;
    const alicePicks = inOrder.filter((row) => row.userId === alice.id);
    expect(week!.player1Picks.map((p) => p.id)).toEqual(alicePicks.map((row) => row.id));
    // Each pick and its game say the contract's fields, and nothing of the rows' own bookkeeping.
    for (const sent of week!.player1Picks) {
      // Every field of the contract but the lock's, which only a lock carries.
      const fields = Object.keys(pickSchema.shape).filter((key) => key !== "isLock");
      expect(Object.keys(sent).sort()).toEqual(fields.sort());
      expect(Object.keys(sent.game).sort()).toEqual(Object.keys(gameSchema.shape).sort());
    }
  });
});
