import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { STARTING_DATA_PATHS } from "../../src/contracts/constants";
import type { Contest } from "../../src/contracts/contests";
import { playingContests } from "../../src/contracts/screens";
import { readStartingData } from "../../src/client/app/starting-data";
import { prefetchMakePicks } from "../../src/client/features/picks/api/prefetch-make-picks";
import { dropCarriedAnswers, keepCarriedAnswers } from "../../src/client/lib/carried-answers";
import { availabilityQuery, currentRoundQuery, weeklyResultsQuery } from "../../src/client/lib/queries/picks";
import { weekGamesQuery } from "../../src/client/lib/queries/games";
import { queryClient } from "../../src/client/lib/query-client";
import { turnQuery } from "../../src/client/lib/queries/turn";
import { as as request } from "../as";
import { acceptedContest, adminAliceAndBob, CREATION_PASSWORD, signUp, type SignedIn } from "../factories";
import { fakeClientRoot, startingDataText } from "../setup/client-root";
import { createTestApp } from "../setup/test-app";

/**
 * A player's page carries, besides what every signed-in screen starts from (decision 050), the
 * answers its screen asks for first (decision 054): the dashboard's turns, Make Picks' week, the
 * standings' weekly results. Each must be what the GET answers that player at that URL, and the
 * client's own requests for them must be answered from the page.
 */
const { app } = await createTestApp({ now: "2025-09-04T12:00:00Z", clientRoot: fakeClientRoot() });

let people: Awaited<ReturnType<typeof adminAliceAndBob>>;
let contestId: string;
let pendingId: string;
let othersId: string;
beforeAll(async () => {
  people = await adminAliceAndBob(app);
  contestId = await acceptedContest(app, people.alice, people.bob);
  // Alice's second contest, not accepted yet: no turn, no standings.
  const carol = await signUp(app, { email: "carol@example.com" });
  const pending = await request(app, people.alice).post("/api/contests", {
    name: "Waiting",
    player2Email: carol.email,
    defaultBetAmount: 5,
    maxPicksPerPlayer: 2,
    contestCreationPassword: CREATION_PASSWORD,
  });
  pendingId = pending.json<{ id: string }>().id;
  const dave = await signUp(app, { email: "dave@example.com" });
  othersId = await acceptedContest(app, carol, dave);
});
afterEach(() => {
  queryClient.clear();
  dropCarriedAnswers();
});

/** The page at `url` as `who` gets it, and its screen's answers (those past the four). */
async function page(who: SignedIn, url: string) {
  const response = await app.inject({ url, headers: { cookie: who.cookie, "accept-encoding": "identity" } });
  expect(response.statusCode).toBe(200);
  const text = startingDataText(response.body);
  const carried = readStartingData(text);
  return { carried, screen: new Map(carried.screenAnswers) };
}

/** Each carried answer is the GET's, asked by the same player now. */
async function expectTheGets(who: SignedIn, screen: Map<string, unknown>) {
  for (const [url, data] of screen) {
    const answer = await request(app, who).get(url);
    expect(answer.statusCode, url).toBe(200);
    expect(data, url).toEqual(answer.json());
  }
}

/**
 * The client as it starts on that page (app/preload.ts): the four written in, the screen's answers
 * kept; the network is the app itself, each request it gets recorded.
 */
function startClient(who: SignedIn, carried: ReturnType<typeof readStartingData>) {
  for (const [key, data] of carried.queries) queryClient.setQueryData(key, data);
  keepCarriedAnswers(carried.screenAnswers);
  const asked: string[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const answer = await request(app, who).get(url);
    return new Response(answer.body, { status: answer.statusCode });
  }) as typeof fetch;
  return {
    asked,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

const contestsOf = (carried: ReturnType<typeof readStartingData>) =>
  carried.queries.find(([[key]]) => key === "/api/contests")![1] as Contest[];

describe("Make Picks' page (decision 054)", () => {
  it("carries the week of the player's contest as its GETs answer it, and the screen asks the network for none of it", async () => {
    const { alice } = people;
    const { carried, screen } = await page(alice, "/picks");
    const base = `/api/contests/${contestId}`;
    expect([...screen.keys()].sort()).toEqual(
      [
        `${base}/first-picker/1`,
        `${base}/current-round/1`,
        `${base}/proposals?week=1`,
        "/api/games/week/1/season/2025",
        `${base}/picks/player/${alice.id}?week=1`,
        `${base}/availability/1/1`,
        `${base}/turn/1`,
      ].sort(),
    );
    await expectTheGets(alice, screen);

    const client = startClient(alice, carried);
    try {
      await prefetchMakePicks("", { ...alice, createdAt: "" });
      const round = await queryClient.fetchQuery(currentRoundQuery(contestId, 1));
      await queryClient.fetchQuery(availabilityQuery(contestId, 1, round.currentRound));
      await queryClient.fetchQuery(turnQuery(contestId, 1));
      expect(client.asked).toEqual([]);
      // Taken once: the next request for it goes to the network.
      await queryClient.fetchQuery({ ...currentRoundQuery(contestId, 1), staleTime: 0 });
      expect(client.asked).toEqual([`${base}/current-round/1`]);
    } finally {
      client.restore();
    }
  });

  it("carries the contest and week the address names, and nothing for a contest the player cannot see", async () => {
    const { alice, bob } = people;
    const named = await page(bob, `/PICKS/?contestId=${contestId}&week=2`);
    expect([...named.screen.keys()]).toContain(`/api/contests/${contestId}/picks/player/${bob.id}?week=2`);
    await expectTheGets(bob, named.screen);
    expect((await page(alice, `/picks?contestId=${othersId}`)).screen.size).toBe(0);
    // A contest not accepted yet (Carol's invitation), a week out of range: the contest's own week,
    // as the screen reads it.
    const pending = await page(alice, `/picks?contestId=${pendingId}&week=40`);
    expect([...pending.screen.keys()].sort()).toEqual(
      [
        `/api/contests/${pendingId}/first-picker/1`,
        `/api/contests/${pendingId}/current-round/1`,
        `/api/contests/${pendingId}/proposals?week=1`,
        "/api/games/week/1/season/2025",
        `/api/contests/${pendingId}/picks/player/${alice.id}?week=1`,
        `/api/contests/${pendingId}/availability/1/1`,
        `/api/contests/${pendingId}/turn/1`,
      ].sort(),
    );
    await expectTheGets(alice, pending.screen);
  });

  it("is only the four for a player in no contest, and nothing at all for an admin", async () => {
    const loner = await signUp(app, { email: "loner@example.com" });
    const { carried, screen } = await page(loner, "/picks");
    expect(carried.queries.map(([[key]]) => key)).toEqual([...STARTING_DATA_PATHS]);
    expect(screen.size).toBe(0);
    expect((await page(people.admin, "/picks")).carried.answers).toEqual([]);
  });
});

describe("the dashboard's and the standings' pages (decision 054)", () => {
  it("carry the turn of each contest the player picks in, and no other", async () => {
    const { alice } = people;
    const { carried, screen } = await page(alice, "/");
    expect([...screen.keys()]).toEqual([
      `/api/contests/${contestId}/turn/1`,
      "/api/proposals/pending",
      "/api/recaps",
    ]);
    await expectTheGets(alice, screen);
    const client = startClient(alice, carried);
    try {
      for (const contest of playingContests(contestsOf(carried), alice.id))
        await queryClient.fetchQuery(turnQuery(contest.id, contest.currentWeek));
      expect(client.asked).toEqual([]);
    } finally {
      client.restore();
    }
  });

  it("carry the weekly results of the contest the standings show", async () => {
    const { bob } = people;
    const { carried, screen } = await page(bob, "/standings/");
    expect([...screen.keys()]).toEqual([`/api/contests/${contestId}/weekly-results`]);
    await expectTheGets(bob, screen);
    const client = startClient(bob, carried);
    try {
      await queryClient.fetchQuery(weeklyResultsQuery(contestId));
      expect(client.asked).toEqual([]);
    } finally {
      client.restore();
    }
    // A contest the player cannot see: the screen says so and shows theirs instead.
    const instead = await page(bob, `/standings?contestId=${othersId}`);
    expect([...instead.screen.keys()]).toEqual([`/api/contests/${contestId}/weekly-results`]);
  });

  it("carry the dashboard's live week: its games once it has picks, its weekly results once a game is live", async () => {
    const { alice, admin } = people;
    const games = (await request(app, alice).get("/api/games/week/1/season/2025")).json<{ id: string }[]>();
    const picked = await request(app, alice).post("/api/picks/batch", {
      contestId,
      week: 1,
      round: 1,
      picks: [{ gameId: games[0]!.id, market: "spread", side: "favorite" }],
    });
    expect(picked.statusCode, picked.body).toBe(201);
    const gamesUrl = "/api/games/week/1/season/2025";
    const quiet = await page(alice, "/");
    expect([...quiet.screen.keys()]).toEqual([
      `/api/contests/${contestId}/turn/1`,
      gamesUrl,
      "/api/proposals/pending",
      "/api/recaps",
    ]);
    const live = await request(app, admin).patch(`/api/games/${games[0]!.id}`, {
      status: "live",
      homeScore: 7,
      awayScore: 3,
    });
    expect(live.statusCode, live.body).toBe(200);
    const { carried, screen } = await page(alice, "/");
    expect([...screen.keys()]).toEqual([
      `/api/contests/${contestId}/turn/1`,
      gamesUrl,
      `/api/contests/${contestId}/weekly-results`,
      "/api/proposals/pending",
      "/api/recaps",
    ]);
    await expectTheGets(alice, screen);
    const client = startClient(alice, carried);
    try {
      await queryClient.fetchQuery(weekGamesQuery(1, 2025));
      await queryClient.fetchQuery(weeklyResultsQuery(contestId));
      expect(client.asked).toEqual([]);
    } finally {
      client.restore();
    }
  });

  it("carry nothing past the four on another screen", async () => {
    for (const url of ["/contests", "/picks/more", "/games"])
      expect((await page(people.alice, url)).screen.size, url).toBe(0);
  });
});
