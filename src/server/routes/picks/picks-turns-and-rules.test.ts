import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { picks } from "../../db/schema";
import {
  admin,
  alice,
  as,
  batch,
  bob,
  clock,
  db,
  newContest,
  outsider,
  setUpPicksTest,
  START,
  week1,
} from "./picks-test-setup";

await setUpPicksTest();

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
