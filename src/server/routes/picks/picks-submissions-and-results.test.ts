import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readCache } from "../../db/read-cache";
import { activity, games, outbox, picks } from "../../db/schema";
import { insertPicksIfUnchanged } from "../../repositories/pick-submissions.repository";
import { pickingState } from "../../repositories/picks.repository";
import {
  admin,
  alice,
  as,
  batch,
  bob,
  clock,
  database,
  db,
  newContest,
  setUpPicksTest,
  START,
  week1,
} from "./picks-test-setup";

await setUpPicksTest();

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

describe("submissions in other contests at the same time (decision 061)", () => {
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

  it("each stored or refused on its own revision, each logged at a time of its own", async () => {
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
    // Each its own statement and commit: the log holds the two stored, in the order they committed.
    const { order, times } = await logged(ids);
    expect({ order: [...order].sort(), times }).toEqual({ order: [ids[0], ids[2]].sort(), times: 2 });
    expect(await db.$count(outbox, eq(outbox.subject, "Grouped"))).toBe(1);
  });

  it("one submission's error is its own: the others are stored", async () => {
    const ids = [await newContest(), await newContest()];
    const revisions = await Promise.all(ids.map(revisionOf));
    const [stored, failed] = await Promise.allSettled([
      insertPicksIfUnchanged(database, submission(ids[0]!, revisions[0]!, week1[2]!.id)),
      // No such game: the foreign key refuses it, and it alone.
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
      // A tied week: one pick right and one wrong each, no week won or lost.
      player1: { wins: 1, losses: 1, weeksWon: 0, weeksLost: 0, runningTotal: 0 },
      player2: { wins: 1, losses: 1, weeksWon: 0, weeksLost: 0, runningTotal: 0 },
      completedWeeks: 1,
    });
  });
});
