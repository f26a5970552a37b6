import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry } from "@/contracts/activity";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { contests } from "../../db/schema";

// Wednesday of 2025 week 3, before its first kickoff: contests created now start in week 3.
const NOW = "2025-09-17T12:00:00Z";
const { app, db, clock } = await createTestApp({ now: NOW });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;
let week3: { id: string }[];

const PASSWORD = "kickoff";

const edit = (overrides: object = {}) => ({
  name: "Monday Madness",
  description: "Winner picks the bar",
  maxPicksPerPlayer: 3,
  isFree: false,
  betAmount: 30,
  ...overrides,
});

/** A contest of alice against bob: pending, or accepted by bob. */
async function newContest(status: "pending" | "active" | "rejected" = "pending") {
  const created = await as(alice).post("/api/contests", {
    name: "Sunday Showdown",
    description: "Loser buys wings",
    player2Email: bob.email,
    defaultBetAmount: 25,
    maxPicksPerPlayer: 2,
    contestCreationPassword: PASSWORD,
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  if (status !== "pending") {
    expect((await as(bob).patch(`/api/contests/${id}`, { status })).statusCode).toBe(200);
  }
  return id;
}

async function editLog(contestId: string): Promise<ActivityEntry[]> {
  const response = await as(admin).get("/api/admin/activity?limit=100");
  const entries: ActivityEntry[] = response.json().entries;
  return entries.filter((entry) => entry.contestId === contestId && entry.action === "contest.edited");
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Able" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Baker" });
  outsider = await signUp(app, { email: "olga@example.com", firstName: "Olga", lastName: "Out" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: PASSWORD });
  week3 = (await as(alice).get("/api/games/week/3/season/2025")).json();
});

describe("PUT /api/contests/{id}: who may edit", () => {
  it("is 401 signed out and 403 for players, the contest's own included; nothing changes", async () => {
    const id = await newContest();
    expect((await as(null).put(`/api/contests/${id}`, edit())).statusCode).toBe(401);
    for (const player of [alice, bob, outsider]) {
      const refused = await as(player).put(`/api/contests/${id}`, edit());
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only administrators can do that.");
    }
    expect((await as(alice).get(`/api/contests/${id}`)).json()).toMatchObject({
      name: "Sunday Showdown",
      maxPicksPerPlayer: 2,
      betAmount: 25,
    });
    expect(await editLog(id)).toEqual([]);
  });

  it("is 404 for an archived contest and an unknown one", async () => {
    const id = await newContest();
    expect((await as(admin).delete(`/api/contests/${id}`)).statusCode).toBe(204);
    const archived = await as(admin).put(`/api/contests/${id}`, edit());
    expect(archived.statusCode).toBe(404);
    expect(archived.json().message).toBe("Contest not found.");
    const unknown = await as(admin).put("/api/contests/00000000-0000-4000-8000-000000000000", edit());
    expect(unknown.statusCode).toBe(404);
  });
});

describe("PUT /api/contests/{id}: what an admin changes", () => {
  it("changes a pending contest's name, description, picks per week and bet, and logs what changed", async () => {
    const id = await newContest();
    const response = await as(admin).put(`/api/contests/${id}`, edit());
    expect(response.statusCode).toBe(200);
    const expected = {
      id,
      name: "Monday Madness",
      description: "Winner picks the bar",
      maxPicksPerPlayer: 3,
      betAmount: 30,
      isFree: false,
      status: "pending",
      player1Id: alice.id,
    };
    expect(response.json()).toMatchObject(expected);
    // The players see it too.
    expect((await as(bob).get(`/api/contests/${id}`)).json()).toMatchObject(expected);

    const [logged] = await editLog(id);
    expect(logged).toMatchObject({
      actor: { id: admin.id, name: "Ada Admin" },
      contestName: "Monday Madness",
      summary:
        "Ada Admin edited the contest “Monday Madness”: renamed from “Sunday Showdown”; description changed; picks per week 2 to 3; bet $25/week to $30/week",
      details: {
        changes: {
          name: { from: "Sunday Showdown", to: "Monday Madness" },
          maxPicksPerPlayer: { from: 2, to: 3 },
          bet: { from: 25, to: 30, fromWeek: null },
        },
      },
    });
  });

  it("makes a contest free with Free or with a bet of $0, and paid again", async () => {
    const id = await newContest();
    const free = await as(admin).put(`/api/contests/${id}`, edit({ isFree: true, betAmount: 30 }));
    expect(free.json()).toMatchObject({ isFree: true, betAmount: 0 });
    const paid = await as(admin).put(`/api/contests/${id}`, edit({ isFree: false, betAmount: 15 }));
    expect(paid.json()).toMatchObject({ isFree: false, betAmount: 15 });
    const zero = await as(admin).put(`/api/contests/${id}`, edit({ isFree: false, betAmount: 0 }));
    expect(zero.json()).toMatchObject({ isFree: true, betAmount: 0 });
    const summaries = (await editLog(id)).map((entry) => entry.summary);
    expect(summaries[0]).toBe("Ada Admin edited the contest “Monday Madness”: bet $15/week to Free");
  });

  it("records nothing for an edit that changes nothing", async () => {
    const id = await newContest();
    const same = {
      name: "Sunday Showdown",
      description: "Loser buys wings",
      maxPicksPerPlayer: 2,
      isFree: false,
      betAmount: 25,
    };
    const response = await as(admin).put(`/api/contests/${id}`, same);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(same);
    expect(await editLog(id)).toEqual([]);
  });

  it.each([
    [{ name: "ab" }, "Contest name must be at least 3 characters"],
    [{ name: "   ab  " }, "Contest name must be at least 3 characters"],
    [{ maxPicksPerPlayer: 0 }, "Max picks must be at least 1"],
    [{ maxPicksPerPlayer: 17 }, "Max picks must be 16 or fewer"],
    [{ maxPicksPerPlayer: undefined }, "Max picks must be at least 1"],
    [{ betAmount: -5 }, "Bet amount must be 0 or greater"],
    [{ betAmount: 12.5 }, "Bet amount must be whole dollars"],
    [{ isFree: "yes" }, "Free must be true or false"],
  ])("refuses %o with 400, changing nothing", async (change, message) => {
    const id = await newContest();
    const response = await as(admin).put(`/api/contests/${id}`, edit(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await as(admin).get(`/api/contests/${id}`)).json().name).toBe("Sunday Showdown");
  });

  it("takes a new bet in steps of $5, and leaves a contest's own odd amount as it is", async () => {
    const id = await newContest();
    const odd = await as(admin).put(`/api/contests/${id}`, edit({ betAmount: 12 }));
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe("Bet amount must be 0 or greater, in steps of $5");
    await db.update(contests).set({ betAmount: 12 }).where(eq(contests.id, id));
    const kept = await as(admin).put(`/api/contests/${id}`, edit({ betAmount: 12 }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: "Monday Madness", betAmount: 12 });
  });

  it("keeps accept and reject working on PATCH", async () => {
    const id = await newContest();
    await as(admin).put(`/api/contests/${id}`, edit());
    const accepted = await as(bob).patch(`/api/contests/${id}`, { status: "active" });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "active", name: "Monday Madness" });
    // An edit body is no answer to an invitation.
    expect((await as(bob).patch(`/api/contests/${id}`, edit())).statusCode).toBe(400);
  });
});

describe("PUT /api/contests/{id}: the rules of an edit", () => {
  it("refuses to set picks per week below what a player holds this week (409), allows it down to that", async () => {
    const id = await newContest("active");
    const picked = await as(alice).post("/api/picks/batch", {
      contestId: id,
      week: 3,
      round: 1,
      picks: [
        { gameId: week3[0]!.id, market: "spread", side: "favorite" },
        { gameId: week3[1]!.id, market: "total", side: "over" },
      ],
    });
    expect(picked.statusCode).toBe(201);

    const lower = await as(admin).put(`/api/contests/${id}`, edit({ maxPicksPerPlayer: 1 }));
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(
      "Picks per player cannot go below 2 this week: Alice Able already made 2 picks in week 3.",
    );
    // Nothing of the refused edit is kept: not the name either.
    expect((await as(admin).get(`/api/contests/${id}`)).json()).toMatchObject({
      name: "Sunday Showdown",
      maxPicksPerPlayer: 2,
    });

    const raised = await as(admin).put(`/api/contests/${id}`, edit({ maxPicksPerPlayer: 3 }));
    expect(raised.statusCode).toBe(200);
    expect(raised.json().maxPicksPerPlayer).toBe(3);
    const back = await as(admin).put(`/api/contests/${id}`, edit({ maxPicksPerPlayer: 2 }));
    expect(back.statusCode).toBe(200);
    expect(back.json().maxPicksPerPlayer).toBe(2);
  });

  it("does not count a pick on an accepted extra game against picks per week", async () => {
    const id = await newContest("active");
    const proposed = await as(alice).post(`/api/contests/${id}/proposals`, { gameId: week3[2]!.id });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const answer = { status: "accepted" };
    const accepted = await as(bob).patch(`/api/contests/${id}/proposals/${proposed.json().id}`, answer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const picked = await as(alice).post("/api/picks/batch", {
      contestId: id,
      week: 3,
      round: 1,
      picks: [
        { gameId: week3[0]!.id, market: "spread", side: "favorite" },
        { gameId: week3[1]!.id, market: "total", side: "over" },
        { gameId: week3[2]!.id, market: "total", side: "under" },
      ],
    });
    expect(picked.statusCode, picked.body).toBe(201);
    const down = await as(admin).put(`/api/contests/${id}`, edit({ maxPicksPerPlayer: 1 }));
    expect(down.statusCode).toBe(409);
    expect(down.json().message).toBe(
      "Picks per player cannot go below 2 this week: Alice Able already made 2 picks in week 3.",
    );
    expect((await as(admin).put(`/api/contests/${id}`, edit({ maxPicksPerPlayer: 2 }))).statusCode).toBe(200);
  });

  it("changes an active contest's bet from the current week on: the weeks before keep their pots", async () => {
    const id = await newContest("active");
    clock.set("2025-09-24T12:00:00Z"); // week 4
    try {
      const same = { name: "Sunday Showdown", description: "Loser buys wings", maxPicksPerPlayer: 2 };
      const response = await as(admin).put(`/api/contests/${id}`, edit({ ...same, betAmount: 40 }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ betAmount: 40, isFree: false, currentWeek: 4 });
      const results = (await as(alice).get(`/api/contests/${id}/weekly-results`)).json().weeklyResults;
      expect(results.map((week: { week: number; potAmount: number }) => [week.week, week.potAmount])).toEqual(
        [
          [3, 25],
          [4, 40],
        ],
      );
      const [logged] = await editLog(id);
      expect(logged!.summary).toBe(
        "Ada Admin edited the contest “Sunday Showdown”: bet $25/week to $40/week from week 4",
      );
      // Sending the bet now in force again changes nothing.
      await as(admin).put(`/api/contests/${id}`, edit({ ...same, betAmount: 40 }));
      const free = await as(admin).put(`/api/contests/${id}`, edit({ ...same, isFree: true }));
      expect(free.json()).toMatchObject({ betAmount: 0, isFree: true });
      expect((await editLog(id)).map((entry) => entry.summary)).toEqual([
        "Ada Admin edited the contest “Sunday Showdown”: bet $40/week to Free from week 4",
        "Ada Admin edited the contest “Sunday Showdown”: bet $25/week to $40/week from week 4",
      ]);
    } finally {
      clock.set(NOW);
    }
  });

  it("replaces a pending contest's bet for every week, an earlier admin setting included", async () => {
    const id = await newContest();
    const set = await as(admin).put(`/api/contests/${id}/bet`, { isFree: false, amount: 50 });
    expect(set.statusCode).toBe(200);
    expect(set.json().betAmount).toBe(50);
    const edited = await as(admin).put(`/api/contests/${id}`, edit({ betAmount: 35 }));
    expect(edited.json()).toMatchObject({ betAmount: 35, isFree: false });
    expect((await as(bob).patch(`/api/contests/${id}`, { status: "active" })).json()).toMatchObject({
      betAmount: 35,
    });
    const [logged] = await editLog(id);
    expect(logged!.details.changes).toMatchObject({ bet: { from: 50, to: 35, fromWeek: null } });
  });

  it("lets a rejected or completed contest be renamed, but not change its picks per week or bet (409)", async () => {
    const rejected = await newContest("rejected");
    const completed = await newContest("active");
    await db.update(contests).set({ status: "completed" }).where(eq(contests.id, completed));
    for (const [id, status] of [
      [rejected, "rejected"],
      [completed, "completed"],
    ] as const) {
      const picks = await as(admin).put(`/api/contests/${id}`, edit({ betAmount: 25 }));
      expect(picks.statusCode).toBe(409);
      expect(picks.json().message).toBe(
        `This contest is ${status}: its picks per week and bet can no longer change.`,
      );
      const bet = await as(admin).put(`/api/contests/${id}`, edit({ maxPicksPerPlayer: 2 }));
      expect(bet.statusCode).toBe(409);
      const renamed = await as(admin).put(
        `/api/contests/${id}`,
        edit({ name: "Old Times", maxPicksPerPlayer: 2, betAmount: 25 }),
      );
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        name: "Old Times",
        status,
        maxPicksPerPlayer: 2,
        betAmount: 25,
      });
    }
  });
});
