import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { acceptedContest, adminAliceAndBob, signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { readCache } from "../../db/read-cache";
import { activity, games, outbox, picks } from "../../db/schema";
import { insertPicksIfUnchanged } from "../../repositories/pick-submissions.repository";
import { pickingState } from "../../repositories/picks.repository";

// Thursday of week 1, 2025, before the opener (DAL @ PHI, 00:20 UTC Friday) and the 23:00 UTC deadline.
const START = "2025-09-04T12:00:00Z";
const { app, db, database, clock } = await createTestApp({ now: START });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;
let week1: { id: string; homeTeam: string; awayTeam: string; gameDate: string; spread: string }[];

const newContest = (extra: object = {}) => acceptedContest(app, alice, bob, extra);

const batch = (
  who: SignedIn,
  contestId: string,
  wishes: { gameId: string; market: string; side: string }[],
  week = 1,
) => as(who).post("/api/picks/batch", { contestId, week, round: 1, picks: wishes });

beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  outsider = await signUp(app, { email: "olga@example.com" });
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
});

describe("taking turns", () => {
  it("makes the second picker wait for the first, then lets them pick the open sides", async () => {
    const contestId = await newContest();
    const [opener, second, third] = week1;
    expect((await as(bob).get(`/api/contests/${contestId}/first-picker/1`)).json()).toEqual({
      firstPickerId: alice.id,
    });
    expect((await as(bob).get(`/api/contests/${contestId}/current-round/1`)).json()).toMatchObject({
      currentRound: 1,
    });

    const early = await batch(bob, contestId, [{ gameId: second!.id, market: "spread", side: "favorite" }]);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("It is not your turn yet: wait for Alice to make their picks first.");

    const mine = await batch(alice, contestId, [
      { gameId: opener!.id, market: "spread", side: "favorite" },
      { gameId: second!.id, market: "total", side: "over" },
    ]);
    expect(mine.statusCode).toBe(201);
    expect(mine.json()[0]).toMatchObject({
      market: "spread",
      side: "favorite",
      lineSpread: "-8.5",
      lineFavorite: "PHI",
      lineTotal: null,
      result: "pending",
      isWin: null,
    });
    expect(mine.json()[1]).toMatchObject({
      market: "total",
      side: "over",
      lineTotal: second!.spread ? expect.any(String) : null,
    });

    const more = await batch(alice, contestId, [{ gameId: third!.id, market: "total", side: "under" }]);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe("You may make 2 picks in week 1; you have 0 left.");

    const taken = await batch(bob, contestId, [{ gameId: opener!.id, market: "spread", side: "favorite" }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Your opponent already took that side of DAL @ PHI.");

    const availability = (await as(bob).get(`/api/contests/${contestId}/availability/1/1`)).json();
    expect(availability.opponentPicks.map((p: { gameId: string }) => p.gameId).sort()).toEqual(
      [opener!.id, second!.id].sort(),
    );
    expect(availability.playerPriorPicksDetailed).toEqual([]);

    const theirs = await batch(bob, contestId, [
      { gameId: opener!.id, market: "spread", side: "underdog" },
      { gameId: third!.id, market: "total", side: "under" },
    ]);
    expect(theirs.statusCode).toBe(201);
    const bobsPicks = (
      await as(alice).get(`/api/contests/${contestId}/picks/player/${bob.id}?week=1`)
    ).json();
    expect(bobsPicks).toHaveLength(2);
    expect(bobsPicks[0].game).toMatchObject({ homeTeam: "PHI", awayTeam: "DAL" });
  });

  it("hands over at Thursday 4:00 PM Pacific even if the first picker has not picked", async () => {
    const contestId = await newContest();
    clock.set("2025-09-04T23:00:00Z");
    const late = await batch(bob, contestId, [{ gameId: week1[0]!.id, market: "total", side: "under" }]);
    expect(late.statusCode).toBe(201);
    // The first picker may still pick games that have not started.
    const after = await batch(alice, contestId, [{ gameId: week1[0]!.id, market: "total", side: "over" }]);
    expect(after.statusCode).toBe(201);
    clock.set(START);
  });

  it("follows an admin's first-picker choice for the week", async () => {
    const contestId = await newContest();
    expect(
      (
        await as(alice).post("/api/admin/first-picker-assignments", {
          contestId,
          week: 1,
          firstPickerId: bob.id,
        })
      ).statusCode,
    ).toBe(403);
    const saved = await as(admin).post("/api/admin/first-picker-assignments", {
      contestId,
      week: 1,
      firstPickerId: bob.id,
    });
    expect(saved.json()).toEqual({ contestId, week: 1, firstPickerId: bob.id, isManualOverride: true });
    const list = (await as(admin).get(`/api/admin/contests/${contestId}/first-picker-assignments`)).json();
    expect(list).toHaveLength(18);
    expect(list[0]).toEqual({ contestId, week: 1, firstPickerId: bob.id, isManualOverride: true });
    expect(list[1]).toEqual({ contestId, week: 2, firstPickerId: bob.id, isManualOverride: false });
    expect(list[2]).toMatchObject({ firstPickerId: alice.id, isManualOverride: false });
    expect(
      (await as(alice).get(`/api/admin/contests/${contestId}/first-picker-assignments`)).statusCode,
    ).toBe(403);

    expect(
      (await batch(alice, contestId, [{ gameId: week1[0]!.id, market: "total", side: "over" }])).statusCode,
    ).toBe(409);
    expect(
      (await batch(bob, contestId, [{ gameId: week1[0]!.id, market: "total", side: "over" }])).statusCode,
    ).toBe(201);
    const tooLate = await as(admin).post("/api/admin/first-picker-assignments", {
      contestId,
      week: 1,
      firstPickerId: alice.id,
    });
    expect(tooLate.statusCode).toBe(409);
    const stranger = await as(admin).post("/api/admin/first-picker-assignments", {
      contestId,
      week: 2,
      firstPickerId: outsider.id,
    });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toBe("The first picker must be one of the contest's two players.");
  });
});

describe("the rules a pick must keep", () => {
  it("locks a game at kickoff", async () => {
    const contestId = await newContest();
    clock.set("2025-09-05T00:20:00Z");
    const locked = await batch(alice, contestId, [
      { gameId: week1[0]!.id, market: "spread", side: "favorite" },
    ]);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe("DAL @ PHI has already started: its picks are locked.");
    clock.set(START);
  });

  it("refuses the same game and market twice, another week, and an inactive contest", async () => {
    const contestId = await newContest();
    const twice = await batch(alice, contestId, [
      { gameId: week1[1]!.id, market: "total", side: "over" },
      { gameId: week1[1]!.id, market: "total", side: "under" },
    ]);
    expect(twice.statusCode).toBe(409);
    expect(
      (await batch(alice, contestId, [{ gameId: week1[1]!.id, market: "total", side: "over" }], 2)).json()
        .message,
    ).toBe("Picks are open for week 1 only.");
    const pending = await as(alice).post("/api/contests", {
      name: "Not yet",
      player2Email: "bob@example.com",
      defaultBetAmount: 0,
      contestCreationPassword: "pw",
    });
    const closed = await batch(alice, pending.json().id, [
      { gameId: week1[1]!.id, market: "total", side: "over" },
    ]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe("This contest is pending: picks are closed.");
    // Nothing was written by any refusal.
    expect(await db.$count(picks, eq(picks.contestId, contestId))).toBe(0);
  });

  it("is 404 to outsiders, 403 to an admin who does not play, 401 signed out", async () => {
    const contestId = await newContest();
    const wish = [{ gameId: week1[2]!.id, market: "total", side: "over" }];
    expect((await batch(outsider, contestId, wish)).statusCode).toBe(404);
    expect((await batch(admin, contestId, wish)).statusCode).toBe(403);
    expect((await batch({ ...alice, cookie: "" }, contestId, wish)).statusCode).toBe(401);
    expect((await as(outsider).get(`/api/contests/${contestId}/weekly-results`)).statusCode).toBe(404);
    expect((await as(outsider).get(`/api/contests/${contestId}/first-picker/1`)).statusCode).toBe(404);
    expect((await as(outsider).get(`/api/contests/${contestId}/availability/1/1`)).statusCode).toBe(404);
    expect(
      (await as(outsider).get(`/api/contests/${contestId}/picks/player/${alice.id}?week=1`)).statusCode,
    ).toBe(404);
    expect((await as(admin).get(`/api/contests/${contestId}/weekly-results`)).statusCode).toBe(200);
  });
});

describe("races", () => {
  it("20 parallel single picks by one player store exactly the allowance", async () => {
    const contestId = await newContest();
    const attempts = week1.slice(0, 10).flatMap((game) =>
      (["over", "under"] as const).map((side, i) =>
        as(alice).post("/api/picks", {
          contestId,
          week: 1,
          round: 1,
          gameId: game.id,
          market: i ? "spread" : "total",
          side: i ? "favorite" : side,
        }),
      ),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(18);
    expect(await db.$count(picks, eq(picks.contestId, contestId))).toBe(2);
  });

  it("both players racing for one side: exactly one gets it", async () => {
    const contestId = await newContest();
    clock.set("2025-09-04T23:30:00Z"); // after the hand-over, so both may pick
    const wish = [{ gameId: week1[3]!.id, market: "spread", side: "underdog" }];
    const [a, b] = await Promise.all([batch(alice, contestId, wish), batch(bob, contestId, wish)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    clock.set(START);
  });
});

describe("a submission checked against a contest that changed since", () => {
  it("is not stored (nor logged) and is checked again", async () => {
    const contestId = await newContest();
    const checked = await pickingState(db, contestId, 1);
    // An admin makes Bob the first picker between Alice's check and her write.
    const saved = await as(admin).post("/api/admin/first-picker-assignments", {
      contestId,
      week: 1,
      firstPickerId: bob.id,
    });
    expect(saved.statusCode).toBe(200);
    const stored = await insertPicksIfUnchanged(database, {
      contestId,
      revision: checked!.contest.revision,
      userId: alice.id,
      opponentId: bob.id,
      week: 1,
      round: 1,
      picks: [
        {
          gameId: week1[0]!.id,
          market: "total",
          side: "over",
          lineSpread: null,
          lineFavorite: null,
          lineTotal: "47.5",
        },
      ],
    });
    expect(stored).toBeNull();
    expect(await db.$count(picks, eq(picks.contestId, contestId))).toBe(0);
    expect(
      await db.$count(
        activity,
        and(eq(activity.contestId, contestId), eq(activity.action, "picks.submitted")),
      ),
    ).toBe(0);
    // Checked again, the submission meets the new first picker.
    const again = await batch(alice, contestId, [{ gameId: week1[0]!.id, market: "total", side: "over" }]);
    expect(again.statusCode).toBe(409);
    const current = await pickingState(db, contestId, 1);
    expect(
      await insertPicksIfUnchanged(database, {
        contestId,
        revision: current!.contest.revision,
        userId: bob.id,
        opponentId: alice.id,
        week: 1,
        round: 1,
        picks: [
          {
            gameId: week1[0]!.id,
            market: "total",
            side: "under",
            lineSpread: null,
            lineFavorite: null,
            lineTotal: "47.5",
          },
        ],
      }),
    ).toHaveLength(1);
    expect((await pickingState(db, contestId, 1))!.contest.revision).toBe(current!.contest.revision + 1);
  });
});

describe("a contest's week remembered between submissions (decision 015)", () => {
  const remember = (contestId: string, state: Awaited<ReturnType<typeof pickingState>>) =>
    readCache(database).put("picking", contestId, { week: 1, state });
  const countOf = (contestId: string) => db.$count(picks, eq(picks.contestId, contestId));

  it("is kept up to date by the submissions it lets through", async () => {
    const contestId = await newContest();
    const [opener, second] = week1;
    expect(
      (await batch(alice, contestId, [{ gameId: opener!.id, market: "total", side: "over" }])).statusCode,
    ).toBe(201);
    // Remembered after the first submission: the second one is checked against it, then written.
    const held = readCache(database).get<{ state: { held: unknown[]; contest: { revision: number } } }>(
      "picking",
      contestId,
    );
    expect(held?.state.held).toHaveLength(1);
    expect(held?.state.contest.revision).toBe((await pickingState(db, contestId, 1))!.contest.revision);
    // The same game's total again is refused from memory, as from the database.
    const again = await batch(alice, contestId, [{ gameId: opener!.id, market: "total", side: "under" }]);
    expect(again.statusCode).toBe(409);
    expect(
      (await batch(alice, contestId, [{ gameId: second!.id, market: "spread", side: "favorite" }]))
        .statusCode,
    ).toBe(201);
    expect(await countOf(contestId)).toBe(2);
  });

  it("names the first picker as they are now, after a change of name", async () => {
    const contestId = await newContest();
    const wish = [{ gameId: week1[0]!.id, market: "total", side: "under" }];
    const wait = (name: string) => `It is not your turn yet: wait for ${name} to make their picks first.`;
    expect((await batch(bob, contestId, wish)).json().message).toBe(wait("Alice"));
    const renamed = await as(alice).put(`/api/users/${alice.id}`, {
      firstName: "Alicia",
      lastName: "Archer",
    });
    expect(renamed.statusCode).toBe(200);
    expect((await batch(bob, contestId, wish)).json().message).toBe(wait("Alicia"));
    await as(alice).put(`/api/users/${alice.id}`, { firstName: "Alice", lastName: "Archer" });
  });

  it("out of date, a refusal it would give is checked again on a fresh read", async () => {
    const contestId = await newContest();
    const before = await pickingState(db, contestId, 1);
    const [opener, second] = week1;
    expect(
      (
        await batch(alice, contestId, [
          { gameId: opener!.id, market: "total", side: "over" },
          { gameId: second!.id, market: "total", side: "over" },
        ])
      ).statusCode,
    ).toBe(201);
    // As if another instance's notice had not come yet: Alice's picks unseen, so "not Bob's turn".
    remember(contestId, before);
    const bobs = await batch(bob, contestId, [{ gameId: opener!.id, market: "total", side: "under" }]);
    expect(bobs.statusCode).toBe(201);
    expect(await countOf(contestId)).toBe(3);
  });

  it("out of date, a submission it lets through is refused by its write and checked afresh", async () => {
    const contestId = await newContest();
    const before = await pickingState(db, contestId, 1);
    const [opener] = week1;
    expect(
      (await batch(alice, contestId, [{ gameId: opener!.id, market: "spread", side: "favorite" }]))
        .statusCode,
    ).toBe(201);
    clock.set("2025-09-04T23:30:00Z"); // after the hand-over, so Bob may pick
    remember(contestId, before); // Alice's favorite unseen
    const bobs = await batch(bob, contestId, [{ gameId: opener!.id, market: "spread", side: "favorite" }]);
    clock.set(START);
    expect(bobs.statusCode).toBe(409);
    expect(bobs.json().message).toMatch(/taken|already/i);
    expect(await countOf(contestId)).toBe(1);
  });
});

describe("submissions in other contests at the same time (decision 016)", () => {
  const submission = (contestId: string, revision: number, gameId: string, extra: object = {}) => ({
    contestId,
    revision,
    userId: alice.id,
    opponentId: bob.id,
    week: 1,
    round: 1,
    picks: [
      {
        gameId,
        market: "total" as const,
        side: "over" as const,
        lineSpread: null,
        lineFavorite: null,
        lineTotal: "47.5",
      },
    ],
    ...extra,
  });
  const revisionOf = async (contestId: string) => (await pickingState(db, contestId, 1))!.contest.revision;
  /** The contests' "picks.submitted" lines in the log's order, with how many distinct times they have. */
  const logged = async (ids: string[]) => {
    const lines = await db
      .select({ contestId: activity.contestId, at: sql<string>`${activity.createdAt}::text` })
      .from(activity)
      .where(and(inArray(activity.contestId, ids), eq(activity.action, "picks.submitted")))
      .orderBy(activity.createdAt);
    return { order: lines.map((line) => line.contestId), times: new Set(lines.map((line) => line.at)).size };
  };

  it("share one write: each stored or refused on its own revision, each logged at a time of its own", async () => {
    const ids = [await newContest(), await newContest(), await newContest()];
    const revisions = await Promise.all(ids.map(revisionOf));
    const mail = {
      kind: "your-turn",
      to: "bob@example.com",
      subject: "Grouped",
      text: "Your turn",
      deliver: false,
    };
    const [first, stale, third] = await Promise.all([
      insertPicksIfUnchanged(database, submission(ids[0]!, revisions[0]!, week1[0]!.id)),
      insertPicksIfUnchanged(database, submission(ids[1]!, revisions[1]! - 1, week1[0]!.id)),
      insertPicksIfUnchanged(database, submission(ids[2]!, revisions[2]!, week1[1]!.id, { mail })),
    ]);
    expect(first?.map((pick) => pick.contestId)).toEqual([ids[0]]);
    expect(stale).toBeNull();
    expect(third?.map((pick) => [pick.contestId, pick.gameId])).toEqual([[ids[2], week1[1]!.id]]);
    expect(await Promise.all(ids.map(revisionOf))).toEqual([
      revisions[0]! + 1,
      revisions[1],
      revisions[2]! + 1,
    ]);
    expect(await db.$count(picks, eq(picks.contestId, ids[1]!))).toBe(0);
    expect(await logged(ids)).toEqual({ order: [ids[0], ids[2]], times: 2 });
    expect(await db.$count(outbox, eq(outbox.subject, "Grouped"))).toBe(1);
  });

  it("one submission's error is its own: the others are stored", async () => {
    const ids = [await newContest(), await newContest()];
    const revisions = await Promise.all(ids.map(revisionOf));
    const [stored, failed] = await Promise.allSettled([
      insertPicksIfUnchanged(database, submission(ids[0]!, revisions[0]!, week1[2]!.id)),
      // No such game: the foreign key refuses it, and with it the write it shared.
      insertPicksIfUnchanged(database, submission(ids[1]!, revisions[1]!, randomUUID())),
    ]);
    expect(stored.status === "fulfilled" && stored.value).toHaveLength(1);
    expect(failed.status).toBe("rejected");
    expect(await Promise.all(ids.map((id) => db.$count(picks, eq(picks.contestId, id))))).toEqual([1, 0]);
    expect(await Promise.all(ids.map(revisionOf))).toEqual([revisions[0]! + 1, revisions[1]]);
  });
});

describe("weekly results", () => {
  it("settles a week once both hold their picks and every pick is graded", async () => {
    const contestId = await newContest();
    const [opener, second] = week1;
    await batch(alice, contestId, [
      { gameId: opener!.id, market: "spread", side: "favorite" },
      { gameId: second!.id, market: "total", side: "over" },
    ]);
    await batch(bob, contestId, [
      { gameId: opener!.id, market: "spread", side: "underdog" },
      { gameId: second!.id, market: "total", side: "under" },
    ]);
    let results = (await as(alice).get(`/api/contests/${contestId}/weekly-results`)).json().weeklyResults;
    expect(results[0]).toMatchObject({ week: 1, potAmount: 20, isSettled: false, weekWinner: null });

    // PHI beat DAL 24-20: PHI -8.5 does not cover. Then a high-scoring second game.
    await db
      .update(games)
      .set({ status: "final", homeScore: 24, awayScore: 20 })
      .where(eq(games.id, opener!.id));
    await db
      .update(games)
      .set({ status: "final", homeScore: 40, awayScore: 38 })
      .where(eq(games.id, second!.id));
    expect((await as(admin).post(`/api/games/${opener!.id}/score`)).statusCode).toBe(200);
    expect((await as(admin).post(`/api/games/${second!.id}/score`)).statusCode).toBe(200);

    results = (await as(bob).get(`/api/contests/${contestId}/weekly-results`)).json().weeklyResults;
    expect(results[0]).toMatchObject({
      week: 1,
      isSettled: true,
      player1Wins: 1,
      player2Wins: 1,
      weekWinner: "tie",
    });
    expect(results[0].player1Picks.map((p: { result: string }) => p.result).sort()).toEqual(["loss", "win"]);
    const card = (await as(alice).get(`/api/contests/${contestId}`)).json();
    expect(card.standing).toEqual({
      player1: { wins: 1, losses: 1, runningTotal: 0 },
      player2: { wins: 1, losses: 1, runningTotal: 0 },
      completedWeeks: 1,
    });
  });
});
