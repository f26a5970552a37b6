import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carriedBy } from "../../src/client/lib/live-updates";
import type { CarriedQuery, LiveEvent } from "../../src/contracts/events";
import type { Game } from "../../src/contracts/games";
import { readCache } from "../../src/server/db/read-cache";
import type { ContestResultsData } from "../../src/server/repositories/contest-results.repository";
import type { PickingState } from "../../src/server/repositories/picks.repository";
import { weeklyAfterFinal } from "../../src/server/services/weekly-results-json";
import { as as request } from "../as";
import type { EventStream } from "../event-stream";
import type { SignedIn } from "../factories";
import { feedWeek12 } from "../feed-week-12";
import { EspnStandIn, recorded, vary, type EspnEvent } from "../feed-stand-in";
import { createTestApp } from "../setup/test-app";

/**
 * A final's event carries to each player of the contests it graded what the grades changed of
 * their pages (decision 028): their contests, and of each contest graded its weekly results and
 * the graded week's picks and availability, exactly as the GETs answer right after; to nobody else.
 * Through a real listening server, with the feed's stand-in serving week 12 of 2025.
 */
const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, clock } = await createTestApp({
  now: "2025-11-20T12:00:00Z",
  env: { FEED_URL: standIn.url },
  feed: { timeoutMs: 3_000 },
});
const as = (who: SignedIn | null) => request(app, who);

const week12 = recorded("2025-week-12-before-kickoff.json");
standIn.setWeek(2025, 12, week12);
const BUF_HOU = "401772946";
const PIT_CHI = "401772780";
const CAR_SF = "401772820";
const event = (id: string) => week12.events.find((candidate: EspnEvent) => candidate.id === id)!;

const week = feedWeek12(app);
const { sync, gameOf, newContest, pickBoth, open } = week;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let dave: SignedIn;
/**
 * Alice and Bob pick Thursday night's BUF @ HOU, and so do Alice and Dave in another contest; Carol
 * and Dave pick Sunday's PIT @ CHI.
 */
let early: string;
let late: string;
let third: string;

const finalEvent = (stream: EventStream) =>
  stream.waitFor(
    (candidate) =>
      candidate.action === "games.synced" &&
      candidate.games?.some((game) => game.status === "final") === true,
  );
const gradesEvent = (stream: EventStream) => stream.waitFor((candidate) => candidate.action === "grades");

/**
 * What a page of `who` reads under a query's key, as the text the GET answers: the client holds
 * weekly results' list (`weeklyResultsQuery`), the other answers as they are.
 */
async function answerOf(who: SignedIn, key: CarriedQuery["key"]): Promise<string> {
  const [, contestId, kind, ...rest] = key;
  if (key.length === 1) return (await as(who).get("/api/contests")).body;
  if (kind === "weekly-results") {
    const body = (await as(who).get(`/api/contests/${contestId}/weekly-results`)).body;
    return JSON.stringify((JSON.parse(body) as { weeklyResults: unknown }).weeklyResults);
  }
  if (kind === "picks")
    return (await as(who).get(`/api/contests/${contestId}/picks/player/${rest[0]}?week=${rest[1]}`)).body;
  if (kind === "availability")
    return (await as(who).get(`/api/contests/${contestId}/availability/${rest[0]}/${rest[1]}`)).body;
  throw new Error(`not a carried key: ${JSON.stringify(key)}`);
}

/**
 * Each carried value, as the page reads it (`carriedBy`: a picks or availability query made of the
 * weekly results patch), is what the GET of its key answers now, to the text; a weekly results
 * patch, the GET's weeks from its `fromWeek` on.
 */
async function expectAnswers(who: SignedIn, received: LiveEvent) {
  for (const { key, value, fromWeek } of carriedBy(received)) {
    let answer = await answerOf(who, key);
    if (fromWeek !== undefined) {
      const weeks = JSON.parse(answer) as { week: number }[];
      answer = JSON.stringify(weeks.filter((entry) => entry.week >= fromWeek));
    }
    expect(JSON.stringify(value), JSON.stringify(key)).toBe(answer);
  }
}

beforeAll(async () => {
  ({ admin, alice, bob, carol, dave } = await week.setUp());
  const bufHou = await gameOf("BUF", "HOU");
  const pitChi = await gameOf("PIT", "CHI");
  early = await newContest(alice, bob);
  late = await newContest(carol, dave);
  third = await newContest(alice, dave);
  await pickBoth(early, alice, bob, bufHou.id);
  await pickBoth(late, carol, dave, pitChi.id);
  await pickBoth(third, alice, dave, bufHou.id);
});
afterAll(() => week.closeStreams());

describe("a final's event", () => {
  it("carries to each player what the grades changed, as the GETs answer it; to no one else", async () => {
    const [ofAlice, ofAliceToo, ofBob, ofCarol, ofDave, ofAdmin] = [
      await open(alice),
      await open(alice),
      await open(bob),
      await open(carol),
      await open(dave),
      await open(admin),
    ];
    // The standings as the pages held them before.
    const before = await answerOf(alice, ["/api/contests"]);

    clock.set("2025-11-21T05:00:00Z");
    vary.final(event(BUF_HOU), 27, 20);
    expect(await sync()).toMatchObject({ updated: 1, graded: 1 });

    // The score, to everyone at once, naming no contest.
    const scored = await finalEvent(ofAlice);
    expect(scored).toMatchObject({ action: "games.synced", contestId: null, contests: [] });
    expect(scored.data).toBeUndefined();
    const toAlice = await gradesEvent(ofAlice);
    const toBob = await gradesEvent(ofBob);
    const toDave = await gradesEvent(ofDave);
    // The grades come after the score.
    expect(ofAlice.events.indexOf(scored)).toBeLessThan(ofAlice.events.indexOf(toAlice));
    expect([...(toAlice.contests as string[])].sort()).toEqual([early, third].sort());
    expect(toBob.contests).toEqual([early]);
    expect(toDave.contests).toEqual([third]);
    /** What a final carries of a contest to one of its two players. */
    const keysOf = (contestId: string, one: SignedIn, two: SignedIn) => [
      ["/api/contests", contestId, "weekly-results"],
      ["/api/contests", contestId, "picks", one.id, 12],
      ["/api/contests", contestId, "picks", two.id, 12],
      ["/api/contests", contestId, "availability", 12, 1],
    ];
    for (const [received, keys] of [
      [toAlice, [["/api/contests"], ...keysOf(early, alice, bob), ...keysOf(third, alice, dave)]],
      [toBob, [["/api/contests"], ...keysOf(early, alice, bob)]],
      [toDave, [["/api/contests"], ...keysOf(third, alice, dave)]],
    ] as const) {
      expect(carriedBy(received).map(({ key }) => key)).toEqual(expect.arrayContaining([...keys]));
      expect(carriedBy(received)).toHaveLength(keys.length);
      // A week's picks are sent once, in the weekly results: the picks and availability name them.
      for (const carried of received.data!)
        if (carried.key[2] === "picks" || carried.key[2] === "availability") {
          expect(carried.value).toBeUndefined();
          expect(carried.of).toMatchObject({ contestId: carried.key[1], week: 12 });
        }
    }
    // The grade is in it: the standings moved, and the picks on the game are graded (the contests
    // in memory were read again after the final, not kept as they were: decision 035).
    expect(JSON.stringify(toAlice.data![0]!.value)).not.toBe(before);
    const picksOfAlice = carriedBy(toAlice).find(
      ({ key }) => key[1] === early && key[2] === "picks" && key[3] === alice.id,
    )!.value as { result: string }[];
    expect(picksOfAlice.length).toBeGreaterThan(0);
    expect(picksOfAlice.every((pick) => pick.result !== "pending")).toBe(true);
    await expectAnswers(alice, toAlice);
    await expectAnswers(bob, toBob);
    await expectAnswers(dave, toDave);
    // Each player their own: the contests and availability as each sees them.
    const availability = (received: LiveEvent) =>
      carriedBy(received).find(({ key }) => key[2] === "availability")!.value;
    expect(availability(toBob)).not.toEqual(availability(toAlice));
    // Week 12's entry only: the weeks before it are as the pages hold them.
    const weekly = toAlice.data!.find(({ key }) => key[2] === "weekly-results")!;
    expect(weekly.fromWeek).toBe(12);
    expect((weekly.value as { week: number }[]).map((entry) => entry.week)).toEqual([12]);
    // Alice's other page gets the same.
    expect(await finalEvent(ofAliceToo)).toEqual(scored);
    expect(await gradesEvent(ofAliceToo)).toEqual(toAlice);

    // Carol's contest had no pick on the game: the scores only. Dave's other contest is not in his.
    const toCarol = await finalEvent(ofCarol);
    expect(toCarol).toEqual(scored);
    expect(JSON.stringify(toAlice.data)).not.toContain(late);
    expect(toDave.data!.filter(({ key }) => key.includes(late))).toEqual([]);
    // An admin sees every contest: the same score, then told "all" (no data), and refetches.
    expect(await finalEvent(ofAdmin)).toEqual(scored);
    expect(await gradesEvent(ofAdmin)).toEqual({ action: "grades", contestId: null, contests: "all" });
    // No grades to Carol: by now every graded player's are out (sent in one pass).
    expect(ofCarol.events.some((candidate) => candidate.action === "grades")).toBe(false);
  });

  it("leaves a graded contest's weekly results in memory made anew, as the database reads them", async () => {
    const cache = readCache(app.ctx.database);
    const ofCarol = await open(carol);
    // Carol's standings and week 12 read: both in memory.
    const weeklyOf = async () => (await as(carol).get(`/api/contests/${late}/weekly-results`)).body;
    const before = await weeklyOf();
    expect((await as(carol).get(`/api/contests/${late}/turn/12`)).statusCode).toBe(200);
    const inMemory = cache.get("weekly", late);
    expect(inMemory).toBeDefined();
    expect(JSON.parse(before)).toMatchObject({ weeklyResults: [{ week: 12 }] });

    clock.set("2025-11-24T05:00:00Z");
    vary.final(event(PIT_CHI), 10, 31);
    // The feed's poller may bring the final in before this sync does (by the clock now, every
    // Sunday game is under way): either way, one grading and its event to Carol's page.
    await sync();
    await gradesEvent(ofCarol);

    // Not let go: made anew (the graded picks), and what it answers is what the database reads.
    const remade = cache.get("weekly", late);
    expect(remade).toBeDefined();
    expect(remade).not.toBe(inMemory);
    const fromMemory = await weeklyOf();
    expect(fromMemory).not.toBe(before);
    const picks = (JSON.parse(fromMemory) as { weeklyResults: { player1Picks: { result: string }[] }[] })
      .weeklyResults[0]!.player1Picks;
    expect(picks.length).toBeGreaterThan(0);
    expect(picks.every((pick) => pick.result !== "pending")).toBe(true);
    cache.clear();
    expect(await weeklyOf()).toBe(fromMemory);
  });

  it("carries the game as committed when this instance's clear of the games comes after the event", async () => {
    // Bob and Carol pick Monday night's CAR @ SF, and Bob's standings are read: the season's games
    // are in memory as they are before the final.
    const contest = await newContest(bob, carol);
    const carSf = await gameOf("CAR", "SF");
    await pickBoth(contest, bob, carol, carSf.id);
    const ofBob = await open(bob);
    expect((await as(bob).get(`/api/contests/${contest}/weekly-results`)).statusCode).toBe(200);

    // The clears of the games that the final's sync sends (fp_cache's notice, `scoresCommitted`)
    // come only after the event has gone out: nothing orders fp_cache's connection and fp_events'.
    const cache = readCache(app.ctx.database);
    const clearOnly = cache.clearOnly.bind(cache);
    let held = 0;
    cache.clearOnly = (topic) => {
      if (topic === "games" && !new Error().stack!.includes("broadcastScores")) held += 1;
      else clearOnly(topic);
    };
    let toBob: LiveEvent;
    try {
      clock.set("2025-11-25T05:00:00Z");
      vary.final(event(CAR_SF), 20, 31);
      await sync();
      toBob = await gradesEvent(ofBob);
    } finally {
      cache.clearOnly = clearOnly;
    }
    expect(held).toBeGreaterThan(0);
    clearOnly("games");

    const weekly = carriedBy(toBob).find(({ key }) => key[1] === contest && key[2] === "weekly-results")!;
    const [week12] = weekly.value as { player1Picks: { game: Game }[] }[];
    expect(week12!.player1Picks[0]!.game).toMatchObject({ status: "final", awayScore: 20, homeScore: 31 });
    await expectAnswers(bob, toBob);
  });

  it("lets a contest's weekly results go when a graded game has a pick of it outside the week read again", async () => {
    const remake = weeklyAfterFinal(app.ctx, ["g-final"]);
    type Lists = { picksJson: { text: string; gameIds: string[]; starts: Uint32Array } };
    // One pick of player 1's in `week`, on `gameId`: a contest's picks as weekly results hold them
    // (`PickLists`, contest-picks.repository.ts), week `w`'s list of player `p` at starts[2w + p].
    const old = (week: number, gameId: string) => {
      const starts = new Uint32Array(2 * (week + 1) + 1).fill(1, 2 * week + 1);
      return { picksJson: { text: '{"id":"p",', ends: Uint32Array.of(10), gameIds: [gameId], starts } };
    };
    const fresh = {
      cacheBytes: 0,
      contest: { player1Id: "u1", player2Id: "u2" },
    } as unknown as ContestResultsData;
    const week = { week: 12, state: { contest: { season: 2025 }, held: [] } as unknown as PickingState };
    expect(await remake(old(11, "g-final"), fresh, week)).toBeUndefined();
    // Week 12's own picks are read again; another week's on other games stay as they were.
    const kept = (await remake(old(11, "g-other"), fresh, week)) as Lists;
    expect(kept.picksJson).toMatchObject({ text: '{"id":"p",', gameIds: ["g-other"] });
    expect(kept.picksJson.starts[2 * 11 + 1]! - kept.picksJson.starts[2 * 11]!).toBe(1);
    const replaced = (await remake(old(12, "g-final"), fresh, week)) as Lists;
    expect(replaced.picksJson).toMatchObject({ text: "", gameIds: [] });
  });
});
