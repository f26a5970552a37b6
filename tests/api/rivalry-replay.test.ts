import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Contest } from "../../src/contracts/contests";
import type { Game } from "../../src/contracts/games";
import type { WeeklyResult } from "../../src/contracts/picks";
import type { Rivalry } from "../../src/contracts/rivalry";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { EspnStandIn, recorded, vary, type EspnEvent, type Scoreboard } from "../feed-stand-in";
import { createTestApp } from "../setup/test-app";

/**
 * A rivalry replayed from week 17 of 2025 through the Super Bowl, every option on (docs/rules.md,
 * "Contest options"): the regular weeks from the shipped schedule, their lines and finals entered by
 * the admin; the Wild Card round from the recorded ESPN answer, the Divisional round, the
 * championships and the Super Bowl derived from it, all through the feed's stand-in. Week 17 is tied
 * on wins by Alice's lock and decided by the Monday-night guesses; week 18 is a push whose pot rolls
 * into the Wild Card round; each round is picked and graded; then Bob proposes the rematch, and
 * Alice accepts it.
 */
const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, clock } = await createTestApp({
  now: "2025-12-23T12:00:00Z",
  env: { FEED_URL: standIn.url },
  feed: { timeoutMs: 3_000 },
});
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let contestId: string;

type Wish = { gameId: string; market: "spread" | "total"; side: string; lock?: boolean };
const over = (game: Game, lock?: boolean): Wish => ({ gameId: game.id, market: "total", side: "over", lock });
const under = (game: Game): Wish => ({ gameId: game.id, market: "total", side: "under" });
const spread = (game: Game, side: "favorite" | "underdog"): Wish => ({
  gameId: game.id,
  market: "spread",
  side,
});

const games = async (week: number) =>
  (await as(alice).get(`/api/games/week/${week}/season/2025`)).json() as Game[];
const gameOf = async (week: number, away: string) => (await games(week)).find((g) => g.awayTeam === away)!;
const admin200 = async (method: "patch" | "post", url: string, body: object) => {
  const response = await as(admin)[method](url, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const setTotal = (game: Game) => admin200("patch", `/api/games/${game.id}`, { overUnder: 45.5 });
const final = (game: Game, away: number, home: number) =>
  admin200("patch", `/api/games/${game.id}`, { status: "final", awayScore: away, homeScore: home });
const sync = (week: number) => admin200("post", "/api/admin/feed/sync", { season: 2025, week });
const guess = async (who: SignedIn, week: number, points: number) => {
  const response = await as(who).put(`/api/contests/${contestId}/tiebreak`, { week, guess: points });
  expect(response.statusCode, response.body).toBe(200);
};
const submit = (who: SignedIn, week: number, picks: Wish[]) =>
  as(who).post("/api/picks/batch", { contestId, week, round: 1, picks });
/** Both players' picks of a week, whoever picks first. */
async function pickWeek(week: number, mine: Wish[], theirs: Wish[]) {
  const first = await submit(alice, week, mine);
  const order: [SignedIn, Wish[]][] =
    first.statusCode === 201
      ? [[bob, theirs]]
      : [
          [bob, theirs],
          [alice, mine],
        ];
  for (const [who, wishes] of order) {
    const response = await submit(who, week, wishes);
    expect(response.statusCode, response.body).toBe(201);
  }
}
const weekResult = async (week: number) =>
  (
    (await as(bob).get(`/api/contests/${contestId}/weekly-results`)).json().weeklyResults as WeeklyResult[]
  ).find((entry) => entry.week === week)!;
const settled = (week: number, expected: Partial<WeeklyResult>) =>
  vi.waitFor(async () => expect(await weekResult(week)).toMatchObject({ isSettled: true, ...expected }), {
    timeout: 5_000,
    interval: 20,
  });

/**
 * A postseason round of ESPN's, derived from the recorded Wild Card round: its first events, each
 * given a new id, the round's week, a kickoff and teams; scheduled with a total of 45.5, or final.
 */
function derivedRound(
  espnWeek: number,
  matchups: { id: string; away: string; home: string; date: string; final?: [number, number] }[],
): Scoreboard {
  const body = recorded("2025-postseason-week-1-final.json");
  body.events = matchups.map((matchup, index) => {
    const event: EspnEvent = structuredClone(body.events[index]);
    event.id = matchup.id;
    vary.moved(event, matchup.date, espnWeek);
    vary.competitor(event, "away").team.abbreviation = matchup.away;
    vary.competitor(event, "home").team.abbreviation = matchup.home;
    if (matchup.final) return vary.final(event, ...matchup.final);
    vary.status(event, "STATUS_SCHEDULED");
    return vary.line(event, `${matchup.home} -1.5`, -1.5, 45.5);
  });
  return body;
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  const created = await as(alice).post("/api/contests", {
    name: "The Long Rivalry",
    player2Email: bob.email,
    defaultBetAmount: 10,
    maxPicksPerPlayer: 2,
    contestCreationPassword: "pw",
    tiebreaker: true,
    lockOfTheWeek: true,
    potRollover: true,
    postseason: true,
    postseasonMultipliers: [1, 1, 2, 3],
  });
  expect(created.statusCode, created.body).toBe(201);
  contestId = created.json().id;
  expect((await as(bob).patch(`/api/contests/${contestId}`, { status: "active" })).statusCode).toBe(200);
});

describe("the regular season's last two weeks", () => {
  it("week 17: a lock evens the wins, and the Monday-night guesses decide it", async () => {
    const [dal, det, den, sea] = await Promise.all(
      ["DAL", "DET", "DEN", "SEA"].map((away) => gameOf(17, away)),
    );
    for (const game of [dal, det, den, sea]) await setTotal(game!);
    await pickWeek(17, [over(dal!, true), over(det!)], [over(den!), over(sea!)]);
    await guess(alice, 17, 44);
    await guess(bob, 17, 50);
    clock.set(new Date("2025-12-31T12:00:00Z"));
    // Alice's lock wins (two wins), her other pick loses; both of Bob's win: 2–2.
    await final(dal!, 30, 20);
    await final(det!, 10, 10);
    await final(den!, 28, 24);
    await final(sea!, 27, 21);
    // Monday night, LA at ATL: 45 points, Alice’s 44 is closer than Bob’s 50.
    await final((await gameOf(17, "LA"))!, 21, 24);
    await settled(17, { player1Wins: 2, player2Wins: 2, tiebreakWinner: "player1", potAmount: 10 });
  });

  it("week 18: a push on picks and on equal guesses rolls its pot into the Wild Card round", async () => {
    const week = await games(18);
    const [nyj, sea, ten, was] = ["NYJ", "SEA", "TEN", "WAS"].map((away) =>
      week.find((g) => g.awayTeam === away)!,
    );
    for (const game of [nyj, sea, ten, was]) await setTotal(game!);
    await pickWeek(18, [over(nyj!), over(sea!)], [over(ten!), over(was!)]);
    await guess(alice, 18, 40);
    await guess(bob, 18, 40);
    clock.set(new Date("2026-01-07T12:00:00Z"));
    for (const game of week) await final(game, 20, game === nyj || game === ten ? 30 : 20);
    await settled(18, { player1Wins: 1, player2Wins: 1, weekWinner: "tie", rollsOver: true });
  });
});

describe("the postseason", () => {
  it("the Wild Card round, from the recorded answer: its pot $10 and the $10 rolled in", async () => {
    const scheduled = recorded("2025-postseason-week-1-final.json");
    for (const event of scheduled.events) {
      vary.status(event, "STATUS_SCHEDULED");
      vary.line(event, `${vary.competitor(event, "home").team.abbreviation} -1.5`, -1.5, 45.5);
    }
    standIn.setWeek(2025, 19, scheduled);
    await sync(19);
    const [lar, gb, lac, hou] = await Promise.all(["LA", "GB", "LAC", "HOU"].map((away) => gameOf(19, away)));
    // The finals: LA 34–31 (65), CHI 31–27 (58), NE 16–3 (19), HOU 30–6 (36).
    await pickWeek(19, [over(lar!, true), over(gb!)], [over(lac!), under(hou!)]);
    await guess(alice, 19, 36);
    await guess(bob, 19, 40);
    clock.set(new Date("2026-01-13T12:00:00Z"));
    standIn.setWeek(2025, 19, recorded("2025-postseason-week-1-final.json"));
    await sync(19);
    await settled(19, { player1Wins: 3, player2Wins: 1, weekWinner: "player1", potAmount: 20, rolledIn: 10 });
  });

  const DIVISIONAL = [
    { id: "9001", away: "LAR", home: "SEA", date: "2026-01-17T21:30Z" },
    { id: "9002", away: "BUF", home: "DEN", date: "2026-01-18T01:00Z" },
  ];
  const CHAMPIONSHIPS = [
    { id: "9101", away: "LAR", home: "SEA", date: "2026-01-25T20:00Z" },
    { id: "9102", away: "NE", home: "DEN", date: "2026-01-25T23:30Z" },
  ];
  const SUPER_BOWL = [{ id: "9201", away: "SEA", home: "NE", date: "2026-02-08T23:30Z" }];

  it("the Divisional round and the championships, each picked and graded at its bet", async () => {
    standIn.setWeek(2025, 20, derivedRound(2, DIVISIONAL));
    await sync(20);
    const [la, buf] = await Promise.all([gameOf(20, "LA"), gameOf(20, "BUF")]);
    // Bob picks first (an even week): SEA, favored at home, and the under in Buffalo's game.
    await pickWeek(20, [over(la!), spread(la!, "underdog")], [spread(la!, "favorite"), under(buf!)]);
    clock.set(new Date("2026-01-20T12:00:00Z"));
    const divisionalFinals: [number, number][] = [
      [27, 24],
      [20, 10],
    ];
    standIn.setWeek(
      2025,
      20,
      derivedRound(
        2,
        DIVISIONAL.map((game, i) => ({ ...game, final: divisionalFinals[i] })),
      ),
    );
    await sync(20);
    // LA wins 27–24 at SEA (51 points), BUF–DEN 30: Alice 2–1, $10.
    await settled(20, { player1Wins: 2, player2Wins: 1, weekWinner: "player1", potAmount: 10 });

    standIn.setWeek(2025, 21, derivedRound(3, CHAMPIONSHIPS));
    await sync(21);
    const [la2, ne] = await Promise.all([gameOf(21, "LA"), gameOf(21, "NE")]);
    await pickWeek(21, [under(la2!), under(ne!)], [over(la2!), over(ne!)]);
    clock.set(new Date("2026-01-27T12:00:00Z"));
    standIn.setWeek(
      2025,
      21,
      derivedRound(
        3,
        CHAMPIONSHIPS.map((game) => ({ ...game, final: [31, 27] })),
      ),
    );
    await sync(21);
    // Both games 58 points: Bob's overs win; the $10 bet is 2×.
    await settled(21, { player1Wins: 0, player2Wins: 2, weekWinner: "player2", potAmount: 20 });
  });

  it("the Super Bowl: the spread and the total each, at 3×; the contest completed", async () => {
    expect((await as(alice).get(`/api/contests/${contestId}`)).json()).toMatchObject({ currentWeek: 22 });
    standIn.setWeek(2025, 22, derivedRound(5, SUPER_BOWL));
    await sync(22);
    const game = await gameOf(22, "SEA");
    await pickWeek(22, [under(game!), spread(game!, "favorite")], [over(game!), spread(game!, "underdog")]);
    clock.set(new Date("2026-02-10T12:00:00Z"));
    standIn.setWeek(
      2025,
      22,
      derivedRound(
        5,
        SUPER_BOWL.map((g) => ({ ...g, final: [29, 13] })),
      ),
    );
    await sync(22);
    // SEA wins 29–13 at NE (favored by 1.5): the underdog and the under (42) win, 1–1.
    await settled(22, { player1Wins: 1, player2Wins: 1, weekWinner: "tie", potAmount: 30 });
    const contest = (await as(bob).get(`/api/contests/${contestId}`)).json() as Contest;
    expect(contest).toMatchObject({ status: "completed", winnerId: alice.id });
    // Alice took weeks 17, 19 and 20 ($10, $20, $10), Bob the championships ($20); the Super Bowl's
    // $30, pushed in the last week, is nobody's.
    expect(contest.standing).toMatchObject({
      player1: { wins: 9, runningTotal: 20 },
      player2: { wins: 8, runningTotal: -20 },
    });
  });

  it("ends in a rematch: Bob proposes it, Alice accepts", async () => {
    const proposed = await as(bob).post(`/api/contests/${contestId}/rematch`);
    expect(proposed.statusCode, proposed.body).toBe(201);
    const rematch = proposed.json() as Contest;
    expect(rematch).toMatchObject({
      season: 2026,
      predecessorId: contestId,
      postseason: true,
      tiebreaker: true,
      lockOfTheWeek: true,
      potRollover: true,
    });
    const accepted = await as(alice).patch(`/api/contests/${rematch.id}`, { status: "active" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await as(alice).get(`/api/contests/${contestId}`)).json().rematch).toEqual({
      id: rematch.id,
      status: "active",
    });
  });

  it("reads as one rivalry from the rematch: the 2025 season's weeks and money, and the new one begun", async () => {
    const rematch = (await as(alice).get(`/api/contests/${contestId}`)).json().rematch.id as string;
    const response = await as(bob).get(`/api/contests/${rematch}/rivalry`);
    expect(response.statusCode, response.body).toBe(200);
    const rivalry = response.json() as Rivalry;
    // Alice took weeks 17, 19 and 20, Bob the championships; weeks 18 and 22 were pushed.
    expect(rivalry).toMatchObject({
      youId: bob.id,
      weeks: { won: 1, lost: 3, pushed: 2 },
      money: { won: 20, lost: 40, net: -20 },
      contests: { won: 0, lost: 1, pushed: 0 },
      currentStreak: null,
      longestStreak: { you: { weeks: 1, from: { week: 21 } }, opponent: { weeks: 2, from: { week: 19 } } },
    });
    expect(rivalry.seasons.map((season) => [season.season, season.result])).toEqual([
      [2025, "lost"],
      [2026, "in-progress"],
    ]);
  });
});
