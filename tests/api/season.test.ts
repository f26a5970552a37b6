import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { as as request } from "../as";
import { signUp } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * A whole season, as two players and an admin would play it through the API: the real 2025 results
 * where the shipped data has them (weeks 1 to 14), made-up lines and scores for the rest, the clock
 * stepping week by week. Checked against a count made here, independently of the app's grading.
 */
const shipped = parse(readFileSync("data-seed/nfl-2025-schedule.csv"), { columns: true }) as Record<
  string,
  string
>[];
const result = (home: string, away: string, week: number) => {
  const row = shipped.find((r) => Number(r.week) === week && r.homeTeam === home && r.awayTeam === away);
  return row?.status === "final"
    ? { home: Number(row.homeScore), away: Number(row.awayScore) }
    : { home: 27, away: 20 };
};

const { app, clock } = await createTestApp({ now: "2025-09-03T12:00:00Z" });

interface Game {
  id: string;
  week: number;
  homeTeam: string;
  awayTeam: string;
  gameDate: string;
  spread: string | null;
  overUnder: string | null;
  favoriteTeam: string | null;
}

describe("a full 2025 season", () => {
  it("settles every week, keeps the money straight and completes the contest", async () => {
    const admin = await signUp(app, { email: "admin@example.com" });
    const alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
    const bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
    const as = (who: typeof admin) => request(app, who);
    await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
    const contest = (
      await as(alice).post("/api/contests", {
        name: "Season",
        player2Email: "bob@example.com",
        defaultBetAmount: 10,
        contestCreationPassword: "pw",
      })
    ).json();
    await as(bob).patch(`/api/contests/${contest.id}`, { status: "active" });

    const expected: { week: number; alice: number; bob: number }[] = [];
    for (let week = 1; week <= 18; week += 1) {
      const games: Game[] = (await as(alice).get(`/api/games/week/${week}/season/2025`)).json();
      // The week's Wednesday noon: picks are open, no game has started.
      const firstKickoff = new Date(Math.min(...games.map((g) => new Date(g.gameDate).getTime())));
      clock.set(new Date(firstKickoff.getTime() - 30 * 3_600_000));
      expect((await as(alice).get("/api/season")).json().currentWeek).toBe(week);

      const [g1, g2, g3] = games;
      for (const game of [g1!, g2!, g3!]) {
        if (game.spread === null) {
          const patched = await as(admin).patch(`/api/games/${game.id}`, { spread: "-3", overUnder: "44" });
          Object.assign(game, patched.json());
        }
      }
      const first = week % 2 === 1 ? alice : bob;
      const second = first === alice ? bob : alice;
      const firstPicks = [
        { gameId: g1!.id, market: "spread", side: "favorite" },
        { gameId: g2!.id, market: "total", side: "over" },
      ];
      const secondPicks = [
        { gameId: g1!.id, market: "spread", side: "underdog" },
        { gameId: g3!.id, market: "total", side: "under" },
      ];
      expect(
        (
          await as(first).post("/api/picks/batch", {
            contestId: contest.id,
            week,
            round: 1,
            picks: firstPicks,
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await as(second).post("/api/picks/batch", {
            contestId: contest.id,
            week,
            round: 1,
            picks: secondPicks,
          })
        ).statusCode,
      ).toBe(201);

      // Results come in; the admin enters them and scores the games.
      const wins = { first: 0, second: 0 };
      for (const game of [g1!, g2!, g3!]) {
        const score = result(game.homeTeam, game.awayTeam, week);
        await as(admin).patch(`/api/games/${game.id}`, {
          homeScore: score.home,
          awayScore: score.away,
          status: "final",
          // The test's clock stays at the start of the season.
          confirmFinalBeforeKickoff: true,
        });
        expect((await as(admin).post(`/api/games/${game.id}/score`)).statusCode).toBe(200);
        const spread = Number(game.spread);
        const favoriteIsHome = game.favoriteTeam ? game.favoriteTeam === game.homeTeam : spread < 0;
        const margin = (favoriteIsHome ? 1 : -1) * (score.home - score.away);
        const total = score.home + score.away;
        if (game === g1) {
          if (margin > Math.abs(spread)) wins.first += 1;
          if (margin < Math.abs(spread)) wins.second += 1;
        }
        if (game === g2 && total > Number(game.overUnder)) wins.first += 1;
        if (game === g3 && total < Number(game.overUnder)) wins.second += 1;
      }
      expected.push({
        week,
        alice: first === alice ? wins.first : wins.second,
        bob: first === bob ? wins.first : wins.second,
      });
    }

    clock.set("2026-01-10T12:00:00Z");
    const weekly = (await as(bob).get(`/api/contests/${contest.id}/weekly-results`)).json().weeklyResults;
    expect(weekly).toHaveLength(18);
    let money = 0;
    for (const [index, row] of weekly.entries()) {
      const want = expected[index]!;
      const winner = want.alice > want.bob ? "player1" : want.bob > want.alice ? "player2" : "tie";
      expect(row).toMatchObject({
        week: want.week,
        isSettled: true,
        player1Wins: want.alice,
        player2Wins: want.bob,
        weekWinner: winner,
        potAmount: 10,
      });
      money += winner === "player1" ? 10 : winner === "player2" ? -10 : 0;
    }

    // The season has variety: weeks won by each player and pushes.
    expect(new Set(weekly.map((row: { weekWinner: string }) => row.weekWinner))).toEqual(
      new Set(["player1", "player2", "tie"]),
    );

    const final = (await as(alice).get(`/api/contests/${contest.id}`)).json();
    const aliceWins = expected.reduce((sum, w) => sum + w.alice, 0);
    const bobWins = expected.reduce((sum, w) => sum + w.bob, 0);
    expect(final.status).toBe("completed");
    expect(final.winnerId).toBe(aliceWins > bobWins ? alice.id : bobWins > aliceWins ? bob.id : null);
    expect(final.standing.player1).toMatchObject({ wins: aliceWins, runningTotal: money });
    expect(final.standing.player2).toMatchObject({ wins: bobWins, runningTotal: -money });
    expect(final.standing.completedWeeks).toBe(18);
    // Weeks won and lost: each settled week once, a tied week neither's.
    const aliceWeeks = expected.filter((w) => w.alice > w.bob).length;
    const bobWeeks = expected.filter((w) => w.bob > w.alice).length;
    expect(final.standing.player1).toMatchObject({ weeksWon: aliceWeeks, weeksLost: bobWeeks });
    expect(final.standing.player2).toMatchObject({ weeksWon: bobWeeks, weeksLost: aliceWeeks });
    const late = await as(alice).post("/api/picks/batch", {
      contestId: contest.id,
      week: 18,
      round: 1,
      picks: [{ gameId: weekly[17].player1Picks[0].gameId, market: "total", side: "over" }],
    });
    expect(late.statusCode).toBe(409);
  }, 120_000);
});
