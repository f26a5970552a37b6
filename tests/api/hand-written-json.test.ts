import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { carriedBy } from "../../src/client/lib/live-updates";
import { user as userSchema } from "../../src/contracts/auth";
import { STARTING_DATA_PATHS } from "../../src/contracts/constants";
import { contest as contestSchema, type Contest } from "../../src/contracts/contests";
import { recapList } from "../../src/contracts/recaps";
import { pendingProposals } from "../../src/contracts/bets";
import { GRADES, gameState, liveEvent, type LiveEvent } from "../../src/contracts/events";
import { game as gameSchema, type Game } from "../../src/contracts/games";
import {
  availability,
  firstPickerAnswer,
  pick as pickSchema,
  weeklyResult,
  weeklyResultsAnswer,
  type Pick,
  type WeeklyResult,
} from "../../src/contracts/picks";
import { proposal } from "../../src/contracts/proposals";
import { seasonInfo } from "../../src/contracts/season";
import { currentRound, turnInfo } from "../../src/contracts/turn";
import { listedUser } from "../../src/contracts/users";
import { readCache } from "../../src/server/db/read-cache";
import { as as request } from "../as";
import type { EventStream } from "../event-stream";
import { acceptedContest, CREATION_PASSWORD, type SignedIn } from "../factories";
import { EspnStandIn, recorded, vary, type EspnEvent } from "../feed-stand-in";
import { feedWeek12 } from "../feed-week-12";
import { fakeClientRoot, startingDataText } from "../setup/client-root";
import { createTestApp } from "../setup/test-app";

/**
 * The answers the server writes as text by hand, not as `JSON.stringify` of a checked object (the
 * weekly results, a week's picks and availability, a final's `grades` events, the score updates,
 * the starting data a player's page carries), each parsed with the contract the client relies on,
 * to the key: a field one path forgets, or one it adds, fails. Where a plain path gives the same
 * data (the picks of every week, `JSON.stringify` of the API's picks; the GETs), the two agree.
 * Week 12 of 2025 through the feed's stand-in, on a listening server, so that finals reach the
 * event streams as they do in production.
 */
const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, clock } = await createTestApp({
  now: "2025-11-20T12:00:00Z",
  env: { FEED_URL: standIn.url },
  feed: { timeoutMs: 3_000 },
  clientRoot: fakeClientRoot(),
});
const as = (who: SignedIn | null) => request(app, who);
const cache = readCache(app.ctx.database);

const week12 = recorded("2025-week-12-before-kickoff.json");
standIn.setWeek(2025, 12, week12);
const BUF_HOU = "401772946";
const PIT_CHI = "401772780";
const event = (id: string) => week12.events.find((candidate: EspnEvent) => candidate.id === id)!;

const week = feedWeek12(app);

/**
 * `schema` with every object in it strict, however deep: a key the contract does not name fails.
 * Its refinements are left to the contract's own parse.
 */
function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return z.strictObject(
      Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, strictly(field)])),
    );
  }
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as readonly z.ZodType[]).map(strictly);
    return z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  }
  return schema;
}

/** `raw` (a JSON text parsed) is what `schema` describes, no key more or less: its parse. */
function heldTo<T extends z.ZodType>(schema: T, raw: unknown, label: string): z.output<T> {
  const exact = strictly(schema).safeParse(raw);
  expect(exact.success ? [] : exact.error.issues, label).toEqual([]);
  const parsed = schema.parse(raw);
  expect(parsed, label).toEqual(raw);
  return parsed;
}

/** A GET's answer as `who`, held to `schema`. */
async function answerOf<T extends z.ZodType>(who: SignedIn, url: string, schema: T): Promise<z.output<T>> {
  const response = await as(who).get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return heldTo(schema, JSON.parse(response.body), url);
}

const contestOf = (who: SignedIn, id: string): Promise<Contest> =>
  answerOf(who, `/api/contests/${id}`, contestSchema);

const weeklyOf = async (who: SignedIn, id: string): Promise<WeeklyResult[]> =>
  (await answerOf(who, `/api/contests/${id}/weekly-results`, weeklyResultsAnswer)).weeklyResults;

/**
 * A player's picks of a week by the plain path: every week's, `JSON.stringify` of the API's picks
 * (in week, kickoff and pick order), those of the week's games.
 */
async function plainPicks(who: SignedIn, contestId: string, userId: string | null, week: number) {
  if (userId === null) return [];
  const all = await answerOf(who, `/api/contests/${contestId}/picks/player/${userId}`, z.array(pickSchema));
  return all.filter((pick) => pick.game.week === week);
}

/** Each week's picks of the weekly results are the plain path's. */
async function expectPlainWeeks(who: SignedIn, contestId: string, weeks: readonly WeeklyResult[]) {
  const { player1Id, player2Id } = await contestOf(who, contestId);
  for (const entry of weeks) {
    expect(entry.player1Picks, `week ${entry.week}`).toEqual(
      await plainPicks(who, contestId, player1Id, entry.week),
    );
    expect(entry.player2Picks, `week ${entry.week}`).toEqual(
      await plainPicks(who, contestId, player2Id, entry.week),
    );
  }
}

/** A contest's weekly results read cold (its season of picks from the database), then from memory. */
async function expectWeekly(who: SignedIn, contestId: string): Promise<WeeklyResult[]> {
  cache.clear();
  const cold = await weeklyOf(who, contestId);
  expect(cache.get("weekly", contestId)).toBeDefined();
  expect(await weeklyOf(who, contestId)).toEqual(cold);
  await expectPlainWeeks(who, contestId, cold);
  return cold;
}

/** Both players' picks of a week as `who` reads them, held to the contract and the plain path. */
async function expectWeekPicks(who: SignedIn, contestId: string, week: number) {
  const { player1Id, player2Id } = await contestOf(who, contestId);
  const lists: Pick[][] = [];
  for (const userId of [player1Id, player2Id]) {
    if (userId === null) continue;
    const url = `/api/contests/${contestId}/picks/player/${userId}?week=${week}`;
    const picks = await answerOf(who, url, z.array(pickSchema));
    expect(picks, url).toEqual(await plainPicks(who, contestId, userId, week));
    lists.push(picks);
  }
  return lists;
}

/** A player's availability of a week: the opponent's and their own picks by the plain path. */
async function expectAvailability(who: SignedIn, contestId: string, week: number) {
  const { player1Id, player2Id } = await contestOf(who, contestId);
  const opponentId = who.id === player1Id ? player2Id : player1Id;
  const url = `/api/contests/${contestId}/availability/${week}/1`;
  const answer = await answerOf(who, url, availability);
  expect(answer.opponentPicks, url).toEqual(await plainPicks(who, contestId, opponentId, week));
  expect(answer.playerPriorPicksDetailed, url).toEqual(await plainPicks(who, contestId, who.id, week));
  return answer;
}

/** The contract of each answer a page may carry, by its URL (the client's queries read them). */
const PAGE_ANSWERS: [RegExp, z.ZodType][] = [
  [/^\/api\/auth\/user$/, userSchema],
  [/^\/api\/contests$/, z.array(contestSchema)],
  [/^\/api\/season$/, seasonInfo],
  [/^\/api\/users$/, z.array(listedUser)],
  [/^\/api\/contests\/[^/]+\/turn\/\d+$/, turnInfo],
  [/^\/api\/contests\/[^/]+\/first-picker\/\d+$/, firstPickerAnswer],
  [/^\/api\/contests\/[^/]+\/current-round\/\d+$/, currentRound],
  [/^\/api\/contests\/[^/]+\/proposals\?week=\d+$/, z.array(proposal)],
  [/^\/api\/games\/week\/\d+\/season\/\d+$/, z.array(gameSchema)],
  [/^\/api\/contests\/[^/]+\/picks\/player\/[^/?]+\?week=\d+$/, z.array(pickSchema)],
  [/^\/api\/contests\/[^/]+\/availability\/\d+\/\d+$/, availability],
  [/^\/api\/contests\/[^/]+\/weekly-results$/, weeklyResultsAnswer],
  [/^\/api\/proposals\/pending$/, pendingProposals],
  [/^\/api\/recaps$/, recapList],
];

/**
 * The starting data in `who`'s page at `url`: an object of answers by URL, the four every screen
 * starts from and the screen's (at least `screen`), each held to its GET's contract and equal to
 * what the GET answers now.
 */
async function expectPage(who: SignedIn, url: string, screen: readonly string[]) {
  const response = await app.inject({ url, headers: { cookie: who.cookie, "accept-encoding": "identity" } });
  expect(response.statusCode, url).toBe(200);
  const text = startingDataText(response.body);
  expect(text, `${url}: no starting data`).toBeDefined();
  const carried = heldTo(z.record(z.string(), z.unknown()), JSON.parse(text!), url);
  expect(Object.keys(carried)).toEqual(expect.arrayContaining([...STARTING_DATA_PATHS, ...screen]));
  for (const [answerUrl, answer] of Object.entries(carried)) {
    const schema = PAGE_ANSWERS.find(([pattern]) => pattern.test(answerUrl))?.[1];
    expect(schema, `${url}: no contract for ${answerUrl}`).toBeDefined();
    expect(answer, `${url}: ${answerUrl}`).toEqual(await answerOf(who, answerUrl, schema!));
  }
  return carried;
}

/** The fields of a game that a score update carries, as the week's games say them. */
const stateOf = (game: Game) =>
  Object.fromEntries(Object.keys(gameState.shape).map((key) => [key, game[key as keyof Game]]));

/** A score update held to the contract, each game's state what the week's games say. */
async function expectScores(received: LiveEvent, label: string) {
  const scores = heldTo(liveEvent, received, label);
  expect(scores).toMatchObject({ action: "games.synced", contestId: null, contests: [] });
  expect(scores.week).toBeUndefined();
  expect(scores.data).toBeUndefined();
  expect(scores.games!.length).toBeGreaterThan(0);
  const games = await answerOf(people.alice, "/api/games/week/12/season/2025", z.array(gameSchema));
  for (const state of scores.games!) expect(state).toEqual(stateOf(games.find((g) => g.id === state.id)!));
}

/**
 * A player's `grades` event held to the contract: each carried value to its GET's (the contests,
 * a weekly results patch), each one made `of` a week naming it; then, as the page reads it
 * (`carriedBy`), each value what its GET answers now, and its picks the plain path's.
 */
async function expectGrades(who: SignedIn, received: LiveEvent, contestIds: readonly string[]) {
  const label = `grades to ${who.email}`;
  const grades = heldTo(liveEvent, received, label);
  expect(grades).toMatchObject({ action: GRADES, contestId: null });
  expect([...(grades.contests as string[])].sort()).toEqual([...contestIds].sort());
  expect(grades.data!.length).toBeGreaterThan(0);
  for (const carried of grades.data!) {
    const [, contestId, kind] = carried.key;
    const what = `${label}: ${JSON.stringify(carried.key)}`;
    if ("of" in carried) {
      expect(["picks", "availability"], what).toContain(kind);
      expect(carried.of.contestId, what).toBe(contestId);
    } else if (carried.key.length === 1) {
      heldTo(z.array(contestSchema), carried.value, what);
    } else {
      expect(kind, what).toBe("weekly-results");
      expect(carried.fromWeek, what).toBeTypeOf("number");
      heldTo(z.array(weeklyResult), carried.value, what);
    }
  }
  for (const { key, value, fromWeek } of carriedBy(grades)) {
    const what = `${label}: ${JSON.stringify(key)}`;
    const [, contestId, kind, ...rest] = key as [string, string, string, ...(string | number)[]];
    if (key.length === 1) {
      expect(value, what).toEqual(await answerOf(who, "/api/contests", z.array(contestSchema)));
    } else if (kind === "weekly-results") {
      const weeks = (await weeklyOf(who, contestId)).filter((entry) => entry.week >= fromWeek!);
      expect(value, what).toEqual(weeks);
      await expectPlainWeeks(who, contestId, value as WeeklyResult[]);
    } else if (kind === "picks") {
      const [userId, week] = rest as [string, number];
      heldTo(z.array(pickSchema), value, what);
      expect(value, what).toEqual(await plainPicks(who, contestId, userId, week));
    } else {
      const [week, round] = rest as [number, number];
      heldTo(availability, value, what);
      const url = `/api/contests/${contestId}/availability/${week}/${round}`;
      expect(value, what).toEqual(await answerOf(who, url, availability));
      expect(value, what).toEqual(await expectAvailability(who, contestId, week));
    }
  }
}

type Wish = { gameId: string; market: "spread" | "total"; side: string; lock?: boolean };

/** Both players' picks of a week, whichever of them is on turn first. */
async function pickInTurn(contestId: string, weekNumber: number, ...turns: [SignedIn, Wish[]][]) {
  const submit = ([who, picks]: [SignedIn, Wish[]]) =>
    as(who).post("/api/picks/batch", { contestId, week: weekNumber, round: 1, picks });
  const [one, two] = turns as [[SignedIn, Wish[]], [SignedIn, Wish[]]];
  const first = await submit(one);
  const order = first.statusCode === 201 ? [two] : [two, one];
  for (const turn of order) {
    const made = await submit(turn);
    expect(made.statusCode, made.body).toBe(201);
  }
}

const spreadAndTotal = (spreadGame: Game, totalGame: Game, favorite: boolean): Wish[] => [
  { gameId: spreadGame.id, market: "spread", side: favorite ? "favorite" : "underdog" },
  { gameId: totalGame.id, market: "total", side: favorite ? "over" : "under" },
];

let people: Awaited<ReturnType<typeof week.setUp>>;
/** Alice and Bob, two picks a week each (a spread, a total), under a name a page must escape. */
let main: string;
/**
 * Alice and Dave, one pick each on Thursday night's game, with the tiebreaker (Alice's guess made)
 * and the lock of the week (Alice's pick her lock).
 */
let other: string;
/** Alice's invitation not yet taken: no player 2. */
let solo: string;
const NAME = 'Alice "vs" Bob </script><!-- & \\ é';
const streams: EventStream[] = [];
let weeklyHeld: unknown;
let weeklyRemade: unknown;

beforeAll(async () => {
  people = await week.setUp();
  const { alice, bob, dave } = people;
  main = await acceptedContest(app, alice, bob, { name: NAME, maxPicksPerPlayer: 2 });
  other = await acceptedContest(app, alice, dave, {
    name: `${alice.email} v ${dave.email}`,
    maxPicksPerPlayer: 1,
    tiebreaker: true,
    lockOfTheWeek: true,
  });
  const guessed = await as(alice).put(`/api/contests/${other}/tiebreak`, { week: 12, guess: 44 });
  expect(guessed.statusCode, guessed.body).toBe(200);
  const invited = await as(alice).post("/api/contests", {
    name: "Waiting",
    player2Email: "nobody@example.com",
    defaultBetAmount: 5,
    maxPicksPerPlayer: 2,
    contestCreationPassword: CREATION_PASSWORD,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  solo = invited.json<{ id: string }>().id;
  const [bufHou, pitChi] = [await week.gameOf("BUF", "HOU"), await week.gameOf("PIT", "CHI")];
  await pickInTurn(
    main,
    12,
    [alice, spreadAndTotal(bufHou, pitChi, true)],
    [bob, spreadAndTotal(bufHou, pitChi, false)],
  );
  await pickInTurn(
    other,
    12,
    [alice, [{ gameId: bufHou.id, market: "spread", side: "favorite", lock: true }]],
    [dave, [{ gameId: bufHou.id, market: "spread", side: "underdog" }]],
  );
});
afterAll(() => week.closeStreams());

describe("the JSON answers written by hand", () => {
  it("are held to their contracts to the key, however deep: one more or one less fails", () => {
    const state = {
      id: "6f1c1a5e-2b1e-4c1a-9a1e-1a2b3c4d5e6f",
      status: "live",
      homeScore: 3,
      awayScore: 7,
      period: 2,
      clock: "6:52",
      phase: null,
    };
    const scores = { action: "games.synced", contestId: null, games: [state], contests: [] };
    expect(heldTo(liveEvent, scores, "as sent")).toEqual(scores);
    expect(() => heldTo(liveEvent, { ...scores, games: [{ ...state, quarter: 2 }] }, "one more")).toThrow(
      /^one more/,
    );
    const { clock: _clock, ...without } = state;
    expect(() => heldTo(liveEvent, { ...scores, games: [without] }, "one less")).toThrow(/^one less/);
  });

  it("the weekly results written by hand match their schema, read cold and from memory, and say the plain picks", async () => {
    const { alice, bob } = people;
    const weeks = await expectWeekly(alice, main);
    expect(weeks.map((entry) => entry.week)).toEqual([12]);
    expect(weeks[0]!.player1Picks).toHaveLength(2);
    expect(weeks[0]!.player2Picks).toHaveLength(2);
    expect(await expectWeekly(bob, main)).toEqual(weeks);
    expect((await expectWeekly(alice, other))[0]!.player2Picks).toHaveLength(1);
    // Alice's lock, as every reader of the picks says it.
    expect((await expectWeekly(people.dave, other))[0]!.player1Picks[0]).toMatchObject({ isLock: true });
    // The tiebreaker's guesses as each player may see them.
    expect((await expectWeekly(alice, other))[0]!.tiebreak).toMatchObject({ player1Guess: 44 });
    expect((await expectWeekly(people.dave, other))[0]!.tiebreak).toMatchObject({
      player1Guess: "hidden",
      player2Guess: null,
    });
    // No player 2: an empty list of theirs.
    for (const entry of await expectWeekly(alice, solo)) expect(entry.player2Picks).toEqual([]);
  });

  it("a player's picks of a week written by hand match their schema and the plain list", async () => {
    const { alice, bob } = people;
    for (const who of [alice, bob]) {
      cache.clear();
      const cold = await expectWeekPicks(who, main, 12);
      expect(cold.map((list) => list.length)).toEqual([2, 2]);
      expect(await expectWeekPicks(who, main, 12)).toEqual(cold);
    }
    expect(await expectWeekPicks(alice, solo, 12)).toEqual([[]]);
  });

  it("the availability written by hand matches its schema and each player's plain picks", async () => {
    const { alice, bob, dave } = people;
    for (const who of [alice, bob]) {
      const { opponentPicks, playerPriorPicksDetailed } = await expectAvailability(who, main, 12);
      expect([opponentPicks.length, playerPriorPicksDetailed.length]).toEqual([2, 2]);
    }
    await expectAvailability(dave, other, 12);
  });

  it("the starting data written into each screen's page matches its schema and the GETs", async () => {
    const { alice, bob } = people;
    const base = `/api/contests/${main}`;
    const dashboard = await expectPage(alice, "/", [`${base}/turn/12`, `/api/contests/${other}/turn/12`]);
    // The contest's name came through the script element whole.
    const contests = dashboard["/api/contests"] as Contest[];
    expect(contests.find((contest) => contest.id === main)!.name).toBe(NAME);
    const makePicks = (who: SignedIn) => [
      `${base}/first-picker/12`,
      `${base}/current-round/12`,
      `${base}/proposals?week=12`,
      "/api/games/week/12/season/2025",
      `${base}/picks/player/${who.id}?week=12`,
      `${base}/availability/12/1`,
      `${base}/turn/12`,
    ];
    await expectPage(alice, `/picks?contestId=${main}`, makePicks(alice));
    await expectPage(bob, "/picks", makePicks(bob));
    await expectPage(alice, `/picks?contestId=${solo}`, [
      `/api/contests/${solo}/picks/player/${alice.id}?week=12`,
    ]);
    await expectPage(alice, `/standings?contestId=${main}`, [`${base}/weekly-results`]);
    await expectPage(bob, "/standings", [`${base}/weekly-results`]);
  });

  it("the score updates written by the events plugin match their schema and the week's games", async () => {
    const { admin, alice, bob, carol, dave } = people;
    for (const who of [alice, bob, carol, dave, admin]) streams.push(await week.open(who));
    clock.set("2025-11-21T02:30:00Z");
    vary.live(event(BUF_HOU), 7, 3);
    // The feed's poller may bring the score in before this sync does: either way, one event.
    await week.sync();
    for (const stream of streams) {
      const scores = await stream.waitFor(
        (candidate) => candidate.games?.some((game) => game.status === "live") === true,
      );
      await expectScores(scores, "a live score");
      expect(scores.games).toContainEqual(expect.objectContaining({ period: 2, clock: "6:52" }));
    }
  });

  it("the grades events written after a final match their schema and what the GETs answer", async () => {
    const { alice, bob, dave } = people;
    const [ofAlice, ofBob, ofCarol, ofDave, ofAdmin] = streams as [
      EventStream,
      EventStream,
      EventStream,
      EventStream,
      EventStream,
    ];
    // Main's weekly results and week 12 in memory: a final makes them anew in place.
    await weeklyOf(alice, main);
    await answerOf(alice, `/api/contests/${main}/turn/12`, turnInfo);
    weeklyHeld = cache.get("weekly", main);
    expect(weeklyHeld).toBeDefined();

    clock.set("2025-11-21T05:00:00Z");
    vary.final(event(BUF_HOU), 27, 20);
    await week.sync();
    const isFinal = (candidate: LiveEvent) =>
      candidate.games?.some((game) => game.status === "final") === true;
    const toAlice = await ofAlice.waitFor((candidate) => candidate.action === GRADES);
    weeklyRemade = cache.get("weekly", main);
    for (const stream of streams) await expectScores(await stream.waitFor(isFinal), "a final's score");

    await expectGrades(alice, toAlice, [main, other]);
    await expectGrades(bob, await ofBob.waitFor((candidate) => candidate.action === GRADES), [main]);
    await expectGrades(dave, await ofDave.waitFor((candidate) => candidate.action === GRADES), [other]);
    const toAdmin = await ofAdmin.waitFor((candidate) => candidate.action === GRADES);
    expect(heldTo(liveEvent, toAdmin, "grades to the admin")).toEqual({
      action: GRADES,
      contestId: null,
      contests: "all",
    });
    expect(ofCarol.events.some((candidate) => candidate.action === GRADES)).toBe(false);
  });

  it("the weekly results made anew in memory after a final match their schema and the cold read", async () => {
    const { alice } = people;
    expect(weeklyRemade).toBeDefined();
    expect(weeklyRemade).not.toBe(weeklyHeld);
    expect(cache.get("weekly", main)).toBe(weeklyRemade);
    const fromMemory = await weeklyOf(alice, main);
    const graded = fromMemory[0]!.player1Picks.filter((pick) => pick.game.status === "final");
    expect(graded).toHaveLength(1);
    expect(graded[0]!.isWin).not.toBeNull();
    await expectPlainWeeks(alice, main, fromMemory);
    cache.clear();
    expect(await weeklyOf(alice, main)).toEqual(fromMemory);
  });

  it("the answers written by hand over two weeks, graded and pending, match their schemas", async () => {
    const { alice, bob } = people;
    clock.set("2025-11-26T12:00:00Z");
    const week13 = await answerOf(alice, "/api/games/week/13/season/2025", z.array(gameSchema));
    const game = (away: string, home: string) =>
      week13.find((candidate) => candidate.awayTeam === away && candidate.homeTeam === home)!;
    const [gbDet, kcDal] = [game("GB", "DET"), game("KC", "DAL")];
    await pickInTurn(
      main,
      13,
      [alice, spreadAndTotal(gbDet, kcDal, true)],
      [bob, spreadAndTotal(gbDet, kcDal, false)],
    );
    const weeks = await expectWeekly(alice, main);
    expect(weeks.map((entry) => entry.week)).toEqual([12, 13]);
    expect(weeks.map((entry) => entry.player2Picks.length)).toEqual([2, 2]);
    for (const number of [12, 13]) {
      await expectWeekPicks(bob, main, number);
      await expectAvailability(alice, main, number);
    }
    const base = `/api/contests/${main}`;
    await expectPage(alice, "/", [`${base}/turn/13`]);
    await expectPage(alice, `/picks?contestId=${main}`, [
      `${base}/picks/player/${alice.id}?week=13`,
      `${base}/availability/13/1`,
    ]);
    await expectPage(bob, `/standings?contestId=${main}`, [`${base}/weekly-results`]);
  });

  it("the grades events of an earlier week's final, carrying the weeks after it, match their schema", async () => {
    const { alice, bob } = people;
    const [ofAlice, ofBob] = streams as [EventStream, EventStream];
    const since = new Map(streams.map((stream) => [stream, stream.events.length]));
    const next = (stream: EventStream) =>
      stream.waitFor(
        (candidate) => candidate.action === GRADES && stream.events.indexOf(candidate) >= since.get(stream)!,
      );
    // Sunday's PIT @ CHI, which main's totals are on, comes in final in week 13.
    vary.final(event(PIT_CHI), 10, 31);
    await week.sync();
    const toAlice = await next(ofAlice);
    await expectGrades(alice, toAlice, [main]);
    await expectGrades(bob, await next(ofBob), [main]);
    // Week 12's patch and week 13 after it, its picks read from the week kept for picking.
    const patch = toAlice.data!.find(({ key }) => key[1] === main && key[2] === "weekly-results")!;
    expect(patch.fromWeek).toBe(12);
    const weeks = patch.value as WeeklyResult[];
    expect(weeks.map((entry) => entry.week)).toEqual([12, 13]);
    expect(weeks[1]!.player1Picks).toHaveLength(2);
  });

  it("every event on the streams matches the live events' schema", async () => {
    const actions = new Set<string>();
    for (const stream of streams)
      for (const received of stream.events) {
        heldTo(liveEvent, received, received.action);
        actions.add(received.action);
      }
    expect([...actions]).toEqual(expect.arrayContaining(["games.synced", GRADES, "picks.submitted"]));
  });
});
