import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";

// Thursday of week 1, 2025: before the 23:00 UTC hand-over and the opener (DAL @ PHI, 00:20 UTC Friday).
const START = "2025-09-04T12:00:00Z";
const { app, clock } = await createTestApp({ now: START });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;
let week1: { id: string; gameDate: string; spread: string | null; overUnder: string | null }[];

async function newContest(player2Email = "bob@example.com") {
  const created = await as(alice).post("/api/contests", {
    name: "Countdown",
    player2Email,
    defaultBetAmount: 20,
    maxPicksPerPlayer: 2,
    contestCreationPassword: "pw",
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  if (player2Email === bob.email)
    expect((await as(bob).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);
  return id;
}

const turn = (who: SignedIn | null, contestId: string, week = 1) =>
  as(who).get(`/api/contests/${contestId}/turn/${week}`);

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  outsider = await signUp(app, { email: "olga@example.com" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
});

describe("GET /api/contests/:id/turn/:week", () => {
  it("gives the first picker, the allowance, the hand-over and the open kickoffs of the week", async () => {
    const contestId = await newContest();
    const response = await turn(bob, contestId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      week: 1,
      firstPickerId: alice.id,
      allowance: 2,
      player1Picks: 0,
      player2Picks: 0,
      player1Left: 2,
      player2Left: 2,
      // Thursday 4:00 PM Pacific (daylight time) is 23:00 UTC.
      deadline: "2025-09-04T23:00:00.000Z",
      now: "2025-09-04T12:00:00.000Z",
    });
    expect(body.openKickoffs[0]).toBe("2025-09-05T00:20:00.000Z");
    expect(body.openKickoffs).toHaveLength(
      week1.filter((g) => g.spread !== null || g.overUnder !== null).length,
    );
    expect([...body.openKickoffs].sort()).toEqual(body.openKickoffs);
  });

  it("counts each player's picks, and drops games once they kick off", async () => {
    const contestId = await newContest();
    const [opener, second] = week1;
    const picked = await as(alice).post("/api/picks/batch", {
      contestId,
      week: 1,
      round: 1,
      picks: [
        { gameId: opener!.id, market: "spread", side: "favorite" },
        { gameId: second!.id, market: "total", side: "over" },
      ],
    });
    expect(picked.statusCode).toBe(201);
    expect((await turn(alice, contestId)).json()).toMatchObject({ player1Picks: 2, player2Picks: 0 });

    clock.set("2025-09-05T00:20:00Z");
    const later = (await turn(bob, contestId)).json();
    expect(later.openKickoffs).not.toContain("2025-09-05T00:20:00.000Z");
    expect(later.now).toBe("2025-09-05T00:20:00.000Z");
    clock.set(START);
  });

  it("follows the week's first picker: even weeks player 2, unless an admin chose", async () => {
    const contestId = await newContest();
    const week2 = (await turn(alice, contestId, 2)).json();
    expect(week2.firstPickerId).toBe(bob.id);
    // The next Thursday, 4:00 PM Pacific.
    expect(week2.deadline).toBe("2025-09-11T23:00:00.000Z");
    const saved = await as(admin).post("/api/admin/first-picker-assignments", {
      contestId,
      week: 2,
      firstPickerId: alice.id,
    });
    expect(saved.statusCode).toBe(200);
    expect((await turn(alice, contestId, 2)).json().firstPickerId).toBe(alice.id);
  });

  it("adds a pick for each accepted extra game, and says what each player has left", async () => {
    const contestId = await newContest();
    const extra = week1.at(-1)!;
    const proposed = await as(bob).post(`/api/contests/${contestId}/proposals`, { gameId: extra.id });
    expect(proposed.statusCode).toBe(201);
    const answered = await as(alice).patch(`/api/contests/${contestId}/proposals/${proposed.json().id}`, {
      status: "accepted",
    });
    expect(answered.statusCode).toBe(200);
    // Alice makes her two base picks: the turn passes, and her extra pick is still to make.
    const picked = await as(alice).post("/api/picks/batch", {
      contestId,
      week: 1,
      round: 1,
      picks: [
        { gameId: week1[0]!.id, market: "total", side: "over" },
        { gameId: week1[1]!.id, market: "total", side: "over" },
      ],
    });
    expect(picked.statusCode).toBe(201);
    expect((await turn(bob, contestId)).json()).toMatchObject({
      allowance: 3,
      player1Picks: 2,
      player2Picks: 0,
      player1Left: 1,
      player2Left: 3,
    });

    // Once the extra game kicks off unpicked, its pick is gone.
    clock.set(extra.gameDate);
    expect((await turn(bob, contestId)).json()).toMatchObject({ allowance: 3, player1Left: 0 });
    clock.set(START);
  });

  it("leaves out a game nobody can pick: one without a spread or a total", async () => {
    const contestId = await newContest();
    const added = await as(admin).post("/api/games", {
      week: 1,
      season: 2025,
      homeTeam: "KC",
      awayTeam: "BUF",
      gameDate: "2025-09-04T20:00:00.000Z",
      spread: null,
      overUnder: null,
      status: "upcoming",
    });
    expect(added.statusCode).toBe(201);
    expect((await turn(alice, contestId)).json().openKickoffs).not.toContain("2025-09-04T20:00:00.000Z");
  });

  it("has no first picker while the invited player has no account", async () => {
    const contestId = await newContest("carol@example.com");
    const response = await turn(alice, contestId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstPickerId: null, player2Picks: 0 });
  });

  it("answers the players and admins; 404 to outsiders, 401 signed out, 400 for a bad week", async () => {
    const contestId = await newContest();
    expect((await turn(alice, contestId)).statusCode).toBe(200);
    expect((await turn(bob, contestId)).statusCode).toBe(200);
    expect((await turn(admin, contestId)).statusCode).toBe(200);
    const hidden = await turn(outsider, contestId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("Contest not found.");
    expect((await turn(null, contestId)).statusCode).toBe(401);
    expect((await turn(alice, contestId, 0)).statusCode).toBe(400);
    expect((await as(alice).get("/api/contests/not-a-uuid/turn/1")).statusCode).toBe(400);
    expect((await turn(alice, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});
