import { beforeAll, describe, expect, it } from "vitest";
import type { Rivalry } from "../../src/contracts/rivalry";
import { contests, games, picks } from "../../src/server/db/schema";
import { NO_OPPONENT_YET } from "../../src/server/services/rivalry.service";
import { as as request } from "../as";
import { acceptedContest, adminAliceAndBob, signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * The rivalry page's answer (docs/rules.md, "The rivalry"): Alice and Bob's two finished seasons,
 * 2023 (Bob player 1, won by him) and 2024 (Alice player 1, won by her), read from the 2025 contest
 * they play now, from either side and an admin's. Their games and graded picks are written as the
 * seasons left them; a contest of Alice's against Carol, and an archived one, are not theirs.
 */
const { app, db } = await createTestApp({ now: "2025-11-20T12:00:00Z" });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let current: string;

type Played = { spread: "favorite" | "underdog"; total: "over" | "under"; wins: boolean };

/**
 * A finished season's contest of one game a week: each week player 1 takes `one`'s sides, player 2
 * the others; who wins both picks of a week takes it.
 */
async function season(options: {
  season: number;
  player1: SignedIn;
  player2: SignedIn;
  bet: number;
  winner: SignedIn;
  game: { home: string; away: string; spread: string; favorite: string; kickoff: (week: number) => Date };
  weeks: Played[];
  archived?: boolean;
}) {
  const [contest] = await db
    .insert(contests)
    .values({
      name: `Season ${options.season}`,
      status: "completed",
      player1Id: options.player1.id,
      player2Id: options.player2.id,
      player2Email: options.player2.email,
      betAmount: options.bet,
      season: options.season,
      startWeek: 1,
      totalWeeks: options.weeks.length,
      maxPicksPerPlayer: 2,
      winnerId: options.winner.id,
      archivedAt: options.archived ? new Date() : null,
    })
    .returning();
  for (const [at, played] of options.weeks.entries()) {
    const week = at + 1;
    const [game] = await db
      .insert(games)
      .values({
        season: options.season,
        week,
        homeTeam: options.game.home,
        awayTeam: options.game.away,
        gameDate: options.game.kickoff(week),
        spread: options.game.spread,
        favoriteTeam: options.game.favorite,
        overUnder: "45.5",
        status: "final",
        homeScore: 0,
        awayScore: 0,
      })
      .onConflictDoNothing()
      .returning();
    const gameId =
      game?.id ??
      (await db.query.games.findFirst({
        where: (row, { and, eq }) => and(eq(row.season, options.season), eq(row.week, week)),
      }))!.id;
    const other = { favorite: "underdog", underdog: "favorite", over: "under", under: "over" } as const;
    const line = { lineSpread: options.game.spread, lineFavorite: options.game.favorite, lineTotal: "45.5" };
    const pick = (who: SignedIn, market: "spread" | "total", side: keyof typeof other, win: boolean) => ({
      contestId: contest!.id,
      userId: who.id,
      gameId,
      week,
      market,
      side,
      ...line,
      result: win ? ("win" as const) : ("loss" as const),
    });
    await db
      .insert(picks)
      .values([
        pick(options.player1, "spread", played.spread, played.wins),
        pick(options.player1, "total", played.total, played.wins),
        pick(options.player2, "spread", other[played.spread], !played.wins),
        pick(options.player2, "total", other[played.total], !played.wins),
      ]);
  }
  return contest!.id;
}

const won = (times: number): Played[] =>
  Array.from({ length: times }, () => ({ spread: "favorite", total: "over", wins: true }));
const lost = (times: number): Played[] =>
  Array.from({ length: times }, () => ({ spread: "favorite", total: "over", wins: false }));
const DAY = 24 * 60 * 60 * 1000;

const rivalryOf = async (who: SignedIn, id = current) => {
  const response = await as(who).get(`/api/contests/${id}/rivalry`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Rivalry>();
};

beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  carol = await signUp(app, { email: "carol@example.com", firstName: "Carol" });
  // 2023, $15 a week: Bob (player 1) backs Buffalo, 7-point favorites at New England on Sunday
  // nights, and takes the over; both weeks his.
  await season({
    season: 2023,
    player1: bob,
    player2: alice,
    bet: 15,
    winner: bob,
    game: {
      home: "NE",
      away: "BUF",
      spread: "7.0",
      favorite: "BUF",
      kickoff: (week) => new Date(Date.UTC(2023, 8, 11, 0, 20) + (week - 1) * 7 * DAY),
    },
    weeks: won(2),
  });
  // 2024, $10 a week: Alice (player 1) backs Denver, 3.5-point favorites at home to Kansas City on
  // Sunday afternoons, and the over: she wins weeks 1 to 4, loses 5 and 6.
  await season({
    season: 2024,
    player1: alice,
    player2: bob,
    bet: 10,
    winner: alice,
    game: {
      home: "DEN",
      away: "KC",
      spread: "-3.5",
      favorite: "DEN",
      kickoff: (week) => new Date(Date.UTC(2024, 8, 8, 17, 0) + (week - 1) * 7 * DAY),
    },
    weeks: [...won(4), ...lost(2)],
  });
  // Neither counts: another opponent's, and an archived one.
  const otherGame = {
    home: "MIA",
    away: "NYJ",
    spread: "-1.0",
    favorite: "MIA",
    kickoff: (week: number) => new Date(Date.UTC(2022, 8, 11, 17, 0) + (week - 1) * 7 * DAY),
  };
  await season({
    season: 2022,
    player1: alice,
    player2: carol,
    bet: 50,
    winner: alice,
    game: otherGame,
    weeks: won(1),
  });
  await season({
    season: 2022,
    player1: alice,
    player2: bob,
    bet: 50,
    winner: alice,
    game: otherGame,
    weeks: won(1),
    archived: true,
  });
  current = await acceptedContest(app, alice, bob, { name: "2025 rivalry" });
});

describe("GET /api/contests/:id/rivalry", () => {
  it("counts every season the two have played, from the viewer's side, whichever player they were", async () => {
    const rivalry = await rivalryOf(alice);
    expect(rivalry).toMatchObject({
      contestId: current,
      youId: alice.id,
      opponentId: bob.id,
      viewerPlays: true,
      weeks: { won: 4, lost: 4, pushed: 0 },
      picks: { won: 8, lost: 8 },
      money: { won: 40, lost: 50, net: -10 },
      contests: { won: 1, lost: 1, pushed: 0 },
    });
    expect(rivalry.seasons.map((one) => [one.season, one.name, one.result, one.money])).toEqual([
      [2023, "Season 2023", "lost", -30],
      [2024, "Season 2024", "won", 20],
      [2025, "2025 rivalry", "in-progress", 0],
    ]);
  });

  it("runs the streaks across seasons, and finds the best and worst weeks", async () => {
    const rivalry = await rivalryOf(alice);
    expect(rivalry.currentStreak).toMatchObject({
      holder: "opponent",
      weeks: 2,
      from: { season: 2024, week: 5 },
    });
    expect(rivalry.longestStreak.you).toMatchObject({ weeks: 4, from: { season: 2024, week: 1 } });
    // Bob's two in 2023 came first.
    expect(rivalry.longestStreak.opponent).toMatchObject({ weeks: 2, from: { season: 2023, week: 1 } });
    expect(rivalry.bestWeek).toMatchObject({ season: 2024, week: 4, yourWins: 2, opponentWins: 0, pot: 10 });
    // The $15 weeks of 2023 cost more than those of 2024.
    expect(rivalry.worstWeek).toMatchObject({ season: 2023, week: 2, pot: 15 });
  });

  it("draws each player's tendencies all time and in this contest, no rate from fewer than five picks", async () => {
    const { tendencies } = await rivalryOf(alice);
    const you = tendencies.allTime.you;
    expect(you.picks).toBe(16);
    expect(you.rides).toEqual([
      { key: "DEN", label: "DEN", picks: 6, wins: 4, losses: 2, pushes: 0, winRate: 4 / 6 },
    ]);
    expect(you.fades.map((figure) => [figure.key, figure.picks])).toEqual([["KC", 6]]);
    expect(you.favoriteUnderdog.figures).toMatchObject([
      { key: "favorite", picks: 6, winRate: 4 / 6 },
      { key: "underdog", picks: 2, winRate: null },
    ]);
    expect(you.overUnder.figures).toMatchObject([
      { key: "over", picks: 6, wins: 4, winRate: 4 / 6 },
      { key: "under", picks: 2, winRate: null },
    ]);
    // 2023's four picks were Sunday nights: too few for a rate.
    expect(you.primeTime.figures).toMatchObject([
      { key: "prime", picks: 4, winRate: null },
      { key: "day", picks: 12, winRate: 8 / 12 },
    ]);
    expect(tendencies.allTime.opponent.rides.map((figure) => figure.key)).toEqual(["KC"]);
    expect(tendencies.contest.you.picks).toBe(0);
  });

  it("reads the same rivalry from the other side, and from player 1's for an admin", async () => {
    const bobs = await rivalryOf(bob);
    expect(bobs).toMatchObject({
      youId: bob.id,
      opponentId: alice.id,
      weeks: { won: 4, lost: 4 },
      money: { net: 10 },
      currentStreak: { holder: "you", weeks: 2 },
    });
    const admins = await rivalryOf(admin);
    expect(admins).toMatchObject({
      youId: alice.id,
      opponentId: bob.id,
      viewerPlays: false,
      money: { net: -10 },
    });
  });

  it("refuses the signed out and outsiders, and a contest whose invitation is unanswered", async () => {
    expect((await as(null).get(`/api/contests/${current}/rivalry`)).statusCode).toBe(401);
    const outsider = await as(carol).get(`/api/contests/${current}/rivalry`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe("Contest not found.");
    const invited = await as(alice).post("/api/contests", {
      name: "Waiting",
      player2Email: "nobody-yet@example.com",
      defaultBetAmount: 5,
      maxPicksPerPlayer: 2,
      contestCreationPassword: "pw",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const waiting = await as(alice).get(`/api/contests/${invited.json().id}/rivalry`);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(NO_OPPONENT_YET);
  });
});
