import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { gradePick, type Market, type Side } from "../../src/domain/grading";
import { activity, contests, picks } from "../../src/server/db/schema";
import { as } from "../as";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * Races (docs/reliability.md, "Races"), on PGlite and (TEST_DB=postgres) on PostgreSQL: requests fired
 * together must leave the data as some one-at-a-time order would, with each event recorded once. Concurrent
 * picks and two players racing for a side are in src/server/routes/picks; proposals and bet changes accepted
 * twice are in their own route tests.
 */
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
let admin: SignedIn;
let otherAdmin: SignedIn;
let bob: SignedIn;
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 8);

async function pendingContest(name: string) {
  const created = await as(app, admin).post("/api/contests", {
    name,
    description: "",
    player2Email: bob.email,
    defaultBetAmount: 25,
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ id: string }>().id;
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  otherAdmin = await signUp(app, { email: "admin2@example.com" });
  bob = await signUp(app, { email: "bob@example.com" });
  await as(app, admin).put(`/api/users/${otherAdmin.id}`, {
    firstName: otherAdmin.firstName,
    lastName: otherAdmin.lastName,
    isAdmin: true,
  });
});

describe("races", () => {
  it("accept and reject at once: one wins, the other is told 409, one line in the log", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await pendingContest(`Race ${round}`);
      const [accept, reject] = await Promise.all([
        as(app, bob).patch(`/api/contests/${id}`, { status: "active" }),
        as(app, bob).patch(`/api/contests/${id}`, { status: "rejected" }),
      ]);
      expect([accept.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const winner = accept.statusCode === 200 ? "active" : "rejected";
      const [stored] = await db.select().from(contests).where(eq(contests.id, id));
      expect(stored!.status).toBe(winner);
      const lines = await db
        .select({ action: activity.action })
        .from(activity)
        .where(
          and(eq(activity.contestId, id), inArray(activity.action, ["contest.accepted", "contest.rejected"])),
        );
      expect(lines).toEqual([{ action: winner === "active" ? "contest.accepted" : "contest.rejected" }]);
    }
  });

  it("two admins scoring one game at once grade every pick once, the same way", async () => {
    const contestId = await pendingContest("Scored twice");
    await as(app, bob).patch(`/api/contests/${contestId}`, { status: "active" });
    const games = (await as(app, admin).get("/api/games/week/1/season/2025")).json<{ id: string }[]>();
    const game = games[2]!;
    // The admin is player 1 and picks first; bob picks the other sides.
    expect(
      (
        await as(app, admin).post("/api/picks/batch", {
          contestId,
          week: 1,
          round: 1,
          picks: [
            { gameId: game.id, market: "spread", side: "favorite" },
            { gameId: game.id, market: "total", side: "over" },
          ],
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await as(app, bob).post("/api/picks/batch", {
          contestId,
          week: 1,
          round: 1,
          picks: [
            { gameId: game.id, market: "spread", side: "underdog" },
            { gameId: game.id, market: "total", side: "under" },
          ],
        })
      ).statusCode,
    ).toBe(201);
    await as(app, admin).patch(`/api/games/${game.id}`, {
      status: "final",
      homeScore: 30,
      awayScore: 3,
      confirmFinalBeforeKickoff: true,
    });

    const calls = Array.from({ length: 10 }, (_, i) =>
      as(app, i % 2 ? otherAdmin : admin).post(`/api/games/${game.id}/score`),
    );
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const results = await db
      .select({ side: picks.side, result: picks.result })
      .from(picks)
      .where(eq(picks.gameId, game.id));
    expect(results).toHaveLength(4);
    // Opposite sides always get opposite results (or both push).
    const of = (side: string) => results.find((pick) => pick.side === side)!.result;
    expect(new Set([of("favorite"), of("underdog")])).toSatisfy(
      (set: Set<string>) => (set.has("win") && set.has("loss")) || (set.size === 1 && set.has("push")),
    );
    const scored = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(activity)
      .where(and(eq(activity.action, "game.scored"), sql`${activity.details} ->> 'graded' is not null`));
    expect(scored[0]!.n).toBeGreaterThanOrEqual(10);
  });

  it("a score correction during grading: the grades always match one score, never a mix", async () => {
    const contestId = await pendingContest("Corrected");
    await as(app, bob).patch(`/api/contests/${contestId}`, { status: "active" });
    const games = (await as(app, admin).get("/api/games/week/1/season/2025")).json<
      { id: string; spread: string | null; overUnder: string | null }[]
    >();
    const game = games.find((g, i) => i > 3 && g.spread !== null && g.overUnder !== null)!;
    await as(app, admin).post("/api/picks/batch", {
      contestId,
      week: 1,
      round: 1,
      picks: [
        { gameId: game.id, market: "spread", side: "underdog" },
        { gameId: game.id, market: "total", side: "under" },
      ],
    });
    const stored = await db.select().from(picks).where(eq(picks.gameId, game.id));
    const gradesFor = (homeScore: number, awayScore: number, home: string, away: string) =>
      stored
        .map((pick) =>
          gradePick(
            {
              market: pick.market as Market,
              side: pick.side as Side,
              lineSpread: pick.lineSpread === null ? null : Number(pick.lineSpread),
              lineFavorite: pick.lineFavorite,
              lineTotal: pick.lineTotal === null ? null : Number(pick.lineTotal),
            },
            { homeTeam: home, awayTeam: away, homeScore, awayScore },
          ),
        )
        .join(",");
    const full = (await as(app, admin).get("/api/games")).json<
      { id: string; homeTeam: string; awayTeam: string }[]
    >();
    const { homeTeam, awayTeam } = full.find((g) => g.id === game.id)!;
    const first = gradesFor(40, 0, homeTeam, awayTeam);
    const fixed = gradesFor(0, 40, homeTeam, awayTeam);
    expect(first).not.toBe(fixed);

    for (let round = 0; round < ROUNDS; round += 1) {
      await as(app, admin).patch(`/api/games/${game.id}`, {
        status: "final",
        homeScore: 40,
        awayScore: 0,
        confirmFinalBeforeKickoff: true,
      });
      await as(app, admin).post(`/api/games/${game.id}/score`);
      const [correction, scoring] = await Promise.all([
        as(app, otherAdmin).patch(`/api/games/${game.id}`, {
          status: "final",
          homeScore: 0,
          awayScore: 40,
          confirmFinalBeforeKickoff: true,
        }),
        as(app, admin).post(`/api/games/${game.id}/score`),
      ]);
      expect([correction.statusCode, scoring.statusCode]).toEqual([200, 200]);
      const now = (await db.select().from(picks).where(eq(picks.gameId, game.id)))
        .sort((a, b) => stored.findIndex((s) => s.id === a.id) - stored.findIndex((s) => s.id === b.id))
        .map((pick) => pick.result)
        .join(",");
      expect([first, fixed]).toContain(now);
      // Scoring again after the correction settles on the corrected score.
      await as(app, admin).post(`/api/games/${game.id}/score`);
      const settled = (await db.select().from(picks).where(eq(picks.gameId, game.id)))
        .sort((a, b) => stored.findIndex((s) => s.id === a.id) - stored.findIndex((s) => s.id === b.id))
        .map((pick) => pick.result)
        .join(",");
      expect(settled).toBe(fixed);
    }
  });
});
