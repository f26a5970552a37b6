import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contest } from "../../src/contracts/contests";
import type { Game } from "../../src/contracts/games";
import type { WeeklyResult } from "../../src/contracts/picks";
import { contestKey, readCache } from "../../src/server/db/read-cache";
import { games, picks } from "../../src/server/db/schema";
import {
  findContestsWithResults,
  type ContestResultsData,
  type Tally,
} from "../../src/server/repositories/contest-results.repository";
import { as as request } from "../as";
import type { EventStream } from "../event-stream";
import type { SignedIn } from "../factories";
import { feedWeek12 } from "../feed-week-12";
import { EspnStandIn, recorded, vary, type EspnEvent } from "../feed-stand-in";
import { createTestApp } from "../setup/test-app";

/**
 * A live Sunday's cost: a score update clears the games and nothing computed from them,
 * and its event carries the games' new states, so open pages need not ask; a final clears and
 * names to the players of those contests, in the `grades` event after its score, only the contests
 * with picks on it. Through a real listening server, with the feed's
 * stand-in serving week 12 of 2025.
 */
const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, clock, db } = await createTestApp({
  now: "2025-11-20T12:00:00Z",
  env: { FEED_URL: standIn.url },
  feed: { timeoutMs: 1_500 },
});
const as = (who: SignedIn | null) => request(app, who);
const cache = readCache(app.ctx.database);

const week12 = recorded("2025-week-12-before-kickoff.json");
standIn.setWeek(2025, 12, week12);
const BUF_HOU = "401772946";
const PIT_CHI = "401772780";
const event = (id: string) => week12.events.find((candidate: EspnEvent) => candidate.id === id)!;

const week = feedWeek12(app);
const { sync, gameOf, newContest, pickBoth, open } = week;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let dave: SignedIn;
/** Alice and Bob pick Thursday night's BUF @ HOU; Carol and Dave pick Sunday's PIT @ CHI. */
let early: string;
let late: string;
let bufHou: Game;
/** Who of Alice and Bob took BUF, the favorite. */
let favorite: SignedIn;

const standing = async (who: SignedIn, contestId: string) =>
  ((await as(who).get("/api/contests")).json() as Contest[]).find((contest) => contest.id === contestId)!;
const weekly = async (who: SignedIn, contestId: string) =>
  (
    (await as(who).get(`/api/contests/${contestId}/weekly-results`)).json() as {
      weeklyResults: WeeklyResult[];
    }
  ).weeklyResults;
const lastSynced = (stream: EventStream) =>
  stream.waitFor((candidate) => candidate.action === "games.synced" && candidate.games !== undefined);

beforeAll(async () => {
  ({ admin, alice, bob, carol, dave } = await week.setUp());
  bufHou = await gameOf("BUF", "HOU");
  const pitChi = await gameOf("PIT", "CHI");
  early = await newContest(alice, bob);
  late = await newContest(carol, dave);
  favorite = (await pickBoth(early, alice, bob, bufHou.id)).favorite;
  await pickBoth(late, carol, dave, pitChi.id);
});
afterAll(() => week.closeStreams());

describe("a live score", () => {
  it("reaches every open page with the game's new state, and moves no standing", async () => {
    const [ofAlice, ofCarol, ofAdmin] = [await open(alice), await open(carol), await open(admin)];
    // Both contests' standings and weekly results are in memory.
    await standing(alice, early);
    await standing(carol, late);
    await weekly(alice, early);
    expect(cache.get("contests", contestKey(late))).toBeDefined();

    clock.set("2025-11-21T02:30:00Z");
    vary.live(event(BUF_HOU), 7, 3);
    expect(await sync()).toMatchObject({ updated: 1, graded: 0 });

    const state = {
      id: bufHou.id,
      status: "live",
      awayScore: 7,
      homeScore: 3,
      period: 2,
      clock: "6:52",
      phase: null,
    };
    for (const stream of [ofAlice, ofCarol, ofAdmin]) {
      const received = await lastSynced(stream);
      expect(received).toEqual({ action: "games.synced", contestId: null, games: [state], contests: [] });
    }
    // No standing was cleared: both contests are still in memory.
    expect(cache.get("contests", contestKey(early))).toBeDefined();
    expect(cache.get("contests", contestKey(late))).toBeDefined();
    expect(cache.get("weekly", early)).toBeDefined();
    // What is read shows the new score: the week's games, and the game of each pick.
    expect(await gameOf("BUF", "HOU")).toMatchObject(state);
    const [week] = (await weekly(alice, early)).filter((result) => result.week === 12);
    expect(week!.player1Picks[0]!.game).toMatchObject(state);
    expect(week!.player2Picks[0]!.game).toMatchObject(state);
  });
});

describe("a final", () => {
  it("is graded, and names to each player only the contests with picks on it", async () => {
    const [ofAlice, ofCarol, ofAdmin] = [await open(alice), await open(carol), await open(admin)];
    // Every contest in memory, as the admin's page lists them.
    await standing(admin, early);
    await standing(carol, late);
    const [earlyBefore, lateBefore] = [early, late].map((id) => cache.get("contests", contestKey(id)));
    expect(earlyBefore).toBeDefined();
    clock.set("2025-11-21T05:00:00Z");
    vary.final(event(BUF_HOU), 27, 20);
    expect(await sync()).toMatchObject({ updated: 1, graded: 1 });

    const final = { id: bufHou.id, status: "final", awayScore: 27, homeScore: 20 };
    expect(await lastSynced(ofAlice)).toMatchObject({ games: [final], contests: [] });
    expect(await ofAlice.waitFor((candidate) => candidate.action === "grades")).toMatchObject({
      contests: [early],
    });
    expect(await lastSynced(ofCarol)).toMatchObject({ games: [final], contests: [] });
    expect(await lastSynced(ofAdmin)).toMatchObject({ games: [final], contests: [] });
    expect(await ofAdmin.waitFor((candidate) => candidate.action === "grades")).toEqual({
      action: "grades",
      contestId: null,
      contests: "all",
    });

    // Only the contest with picks on the game left memory (read again for the event's data, decision
    // 028); its standing shows the result.
    expect(cache.get("contests", contestKey(early))).not.toBe(earlyBefore);
    expect(cache.get("contests", contestKey(late))).toBe(lateBefore);
    // Told "all", an admin's page refetches at once: the contests held in memory while the score
    // went out (read-cache.ts holdFinals) were cleared before that.
    const { standing: seenByAdmin } = await standing(admin, early);
    expect(seenByAdmin.player1.wins + seenByAdmin.player2.wins).toBe(1);
    // BUF by 7 covers BUF -6: whoever took BUF won.
    const { standing: after } = await standing(alice, early);
    const [winner, loser] =
      favorite === alice ? [after.player1, after.player2] : [after.player2, after.player1];
    expect(winner).toMatchObject({ wins: 1, losses: 0 });
    expect(loser).toMatchObject({ wins: 0, losses: 1 });
  });

  it("a kickoff that moves is not a score update: pages refetch as before", async () => {
    const ofCarol = await open(carol);
    const moved = event(PIT_CHI);
    moved.date = "2025-11-23T21:25Z";
    moved.competitions[0].date = moved.date;
    await sync();
    const received = await ofCarol.waitFor(
      (candidate) => candidate.action === "games.synced" && candidate.games === undefined,
    );
    expect(received).toEqual({ action: "games.synced", contestId: null, week: null });
    expect(cache.get("contests", contestKey(late))).toBeUndefined();
  });
});

describe("a final's contests read again", () => {
  it("have the tallies of the week it graded read again, and those of the weeks before kept", async () => {
    // A week Carol has already won a pick in, written as a grade leaves it.
    const [played] = await db
      .select()
      .from(games)
      .where(and(eq(games.season, 2025), eq(games.week, 11)))
      .limit(1);
    await db.insert(picks).values({
      contestId: late,
      userId: carol.id,
      gameId: played!.id,
      week: 11,
      market: "spread",
      side: "favorite",
      lineSpread: played!.spread,
      lineFavorite: played!.favoriteTeam,
      result: "win",
    });
    cache.clearContest(late);
    expect((await standing(carol, late)).standing.player1.wins).toBe(1);
    const ofCarol = await open(carol);

    clock.set("2025-11-24T02:00:00Z");
    vary.final(event(PIT_CHI), 31, 10);
    expect(await sync()).toMatchObject({ updated: 1, graded: 1 });
    await ofCarol.waitFor((candidate) => candidate.action === "grades");

    // In memory: the contest as a whole read of it says, week 11 kept beside week 12 read again.
    const order = (list: Tally[]) =>
      list.map(({ week, userId, result, count }) => `${week}|${userId}|${result}|${count}`).sort();
    const kept = cache.get<ContestResultsData>("contests", contestKey(late))!;
    const [whole] = await findContestsWithResults(db, [late]);
    expect(order(kept.tallies.toList())).toEqual(order(whole!.tallies.toList()));
    expect(kept.tallies.toList().filter((tally) => tally.result === "pending")).toEqual([]);
    expect(kept.tallies.toList()).toContainEqual({ week: 11, userId: carol.id, result: "win", count: 1 });
    // Her standing: week 11's win, and week 12's pick as graded.
    const [graded] = await db
      .select({ result: picks.result })
      .from(picks)
      .where(and(eq(picks.contestId, late), eq(picks.userId, carol.id), eq(picks.week, 12)));
    const { standing: after } = await standing(carol, late);
    expect(after.player1.wins).toBe(graded!.result === "win" ? 2 : 1);
    expect(after.player1.wins + after.player2.wins).toBe(2);
  });
});
