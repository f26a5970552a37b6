import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { activity, betChanges, games, outbox } from "../../db/schema";

// Thursday of week 1, 2025, before the opener. Weeks turn over on Tuesdays at 06:00 UTC.
const WEEK_1 = "2025-09-04T12:00:00Z";
const WEEK_2 = "2025-09-10T12:00:00Z";
const WEEK_3 = "2025-09-17T12:00:00Z";
const { app, db, clock } = await createTestApp({ now: WEEK_1 });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;

interface GameView {
  id: string;
  homeTeam: string;
  awayTeam: string;
  spread: string | null;
  overUnder: string | null;
}

async function pendingContest(betAmount = 20) {
  const created = await as(alice).post("/api/contests", {
    name: "Money Week",
    player2Email: bob.email,
    defaultBetAmount: betAmount,
    maxPicksPerPlayer: 2,
    contestCreationPassword: "pw",
  });
  expect(created.statusCode).toBe(201);
  return created.json().id as string;
}

async function activeContest(betAmount = 20) {
  const id = await pendingContest(betAmount);
  expect((await as(bob).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);
  return id;
}

const changesUrl = (contestId: string) => `/api/contests/${contestId}/bet-changes`;
const propose = (who: SignedIn | null, contestId: string, body: object) =>
  as(who).post(changesUrl(contestId), body);
const answer = (who: SignedIn | null, contestId: string, changeId: string, status: string) =>
  as(who).patch(`${changesUrl(contestId)}/${changeId}`, { status });
const contestOf = async (who: SignedIn, id: string) => (await as(who).get(`/api/contests/${id}`)).json();
const weeklyResults = async (who: SignedIn, id: string) =>
  (await as(who).get(`/api/contests/${id}/weekly-results`)).json().weeklyResults as {
    week: number;
    potAmount: number;
    isSettled: boolean;
    weekWinner: string | null;
  }[];
const actions = async (contestId: string, action: string) =>
  db.$count(activity, and(eq(activity.contestId, contestId), eq(activity.action, action)));

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Anders" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Brown" });
  outsider = await signUp(app, { email: "olga@example.com" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
});

describe("proposing a bet change", () => {
  it("lets a player propose from the current week on; the history shows it to players and admins", async () => {
    const id = await activeContest();
    const created = await propose(alice, id, { week: 1, newAmount: 40 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      contestId: id,
      contestName: "Money Week",
      kind: "proposal",
      proposedBy: alice.id,
      proposerName: "Alice Anders",
      responderId: bob.id,
      fromWeek: 1,
      newAmount: 40,
      status: "proposed",
      respondedAt: null,
    });
    for (const who of [alice, bob, admin]) {
      const list = await as(who).get(changesUrl(id));
      expect(list.statusCode).toBe(200);
      expect(list.json()).toHaveLength(1);
    }
    expect((await as(outsider).get(changesUrl(id))).statusCode).toBe(404);
    expect((await as(null).get(changesUrl(id))).statusCode).toBe(401);
    // Nothing changes before the opponent agrees.
    expect((await contestOf(alice, id)).betAmount).toBe(20);
    expect(await actions(id, "bet.proposed")).toBe(1);
  });

  it("keeps one proposal waiting at a time", async () => {
    const id = await activeContest();
    const first = (await propose(alice, id, { week: 2, newAmount: 30 })).json();
    const second = await propose(bob, id, { week: 3, newAmount: 10 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      "A bet change is already waiting for an answer in this contest ($30/week from week 2): it must be approved or rejected first.",
    );
    expect((await answer(bob, id, first.id, "rejected")).statusCode).toBe(200);
    expect((await propose(bob, id, { week: 3, newAmount: 10 })).statusCode).toBe(201);
  });

  it("refuses weeks outside the current week to the last, and amounts off the $5 steps", async () => {
    const id = await activeContest();
    clock.set(WEEK_3);
    try {
      const below = await propose(alice, id, { week: 2, newAmount: 30 });
      expect(below.statusCode).toBe(409);
      expect(below.json().message).toBe(
        "Week 2 is below the current week (3): a bet change can start in week 3 at the earliest.",
      );
      const beyond = await propose(alice, id, { week: 19, newAmount: 30 });
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json().message).toBe("Week must be between 3 and 18.");
    } finally {
      clock.set(WEEK_1);
    }
    for (const [newAmount, message] of [
      [12, "Bet amount must be 0 or greater, in steps of $5"],
      [-5, "Bet amount must be 0 or greater"],
      [12.5, "Bet amount must be whole dollars"],
    ] as const) {
      const refused = await propose(alice, id, { week: 2, newAmount });
      expect(refused.statusCode, String(newAmount)).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    expect((await propose(alice, id, { week: 0, newAmount: 30 })).statusCode).toBe(400);
    expect((await propose(alice, id, { week: 2 })).statusCode).toBe(400);
    expect(await db.$count(betChanges, eq(betChanges.contestId, id))).toBe(0);
  });

  it("refuses a change that changes nothing, and free ($0) is a change like any other", async () => {
    const id = await activeContest();
    const same = await propose(alice, id, { week: 1, newAmount: 20 });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe("The bet is already $20/week from week 1 on.");
    expect((await propose(alice, id, { week: 5, newAmount: 0 })).statusCode).toBe(201);
  });

  it("is for the two players of an active contest only", async () => {
    const active = await activeContest();
    const byAdmin = await propose(admin, active, { week: 2, newAmount: 30 });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe("Only the contest's two players can propose a bet change.");
    expect((await propose(outsider, active, { week: 2, newAmount: 30 })).statusCode).toBe(404);
    expect((await propose(null, active, { week: 2, newAmount: 30 })).statusCode).toBe(401);

    const pending = await pendingContest();
    const early = await propose(alice, pending, { week: 2, newAmount: 30 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      "Bet changes can be proposed only while the contest is active; it is pending.",
    );
  });
});

describe("answering a bet change", () => {
  it("takes the opponent's approval, from the proposed week on", async () => {
    const id = await activeContest();
    const change = (await propose(bob, id, { week: 1, newAmount: 35 })).json();

    const own = await answer(bob, id, change.id, "approved");
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("You proposed this bet change: your opponent must approve or reject it.");
    const byAdmin = await answer(admin, id, change.id, "approved");
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe("Only the contest's two players can approve or reject a bet change.");
    expect((await answer(outsider, id, change.id, "approved")).statusCode).toBe(404);
    expect((await answer(null, id, change.id, "approved")).statusCode).toBe(401);
    expect((await answer(alice, id, change.id, "maybe")).statusCode).toBe(400);
    const elsewhere = await activeContest();
    expect((await answer(alice, elsewhere, change.id, "approved")).statusCode).toBe(404);

    const approved = await answer(alice, id, change.id, "approved");
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      kind: "proposal",
      status: "approved",
      respondedAt: expect.any(String),
    });
    expect(await contestOf(bob, id)).toMatchObject({ betAmount: 35, isFree: false });

    const again = await answer(alice, id, change.id, "rejected");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This bet change was already approved.");
  });

  it("leaves the bet as it was when rejected", async () => {
    const id = await activeContest();
    const change = (await propose(alice, id, { week: 1, newAmount: 0 })).json();
    const rejected = await answer(bob, id, change.id, "rejected");
    expect(rejected.json()).toMatchObject({ status: "rejected" });
    expect(await contestOf(alice, id)).toMatchObject({ betAmount: 20, isFree: false });
    expect(await actions(id, "bet.rejected")).toBe(1);
  });

  it("approving twice at once: one answer is taken, one line in the log", async () => {
    const id = await activeContest();
    const change = (await propose(alice, id, { week: 2, newAmount: 45 })).json();
    const responses = await Promise.all([
      answer(bob, id, change.id, "approved"),
      answer(bob, id, change.id, "approved"),
      answer(bob, id, change.id, "rejected"),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await actions(id, "bet.approved")) + (await actions(id, "bet.rejected"))).toBe(1);
    const [stored] = await db.select().from(betChanges).where(eq(betChanges.id, change.id));
    expect(stored!.respondedAt).not.toBeNull();
  });

  it("expires once its week is behind the contest: it cannot be approved and no longer blocks", async () => {
    const id = await activeContest();
    const change = (await propose(alice, id, { week: 1, newAmount: 50 })).json();
    clock.set(WEEK_2);
    try {
      const late = await answer(bob, id, change.id, "approved");
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(
        "This bet change has expired: it was to start in week 1, and the contest is in week 2 now.",
      );
      expect((await as(alice).get(changesUrl(id))).json()[0]).toMatchObject({ status: "expired" });
      const expired = (await as(admin).get("/api/admin/bet-changes?status=expired")).json() as {
        id: string;
      }[];
      expect(expired.map((c) => c.id)).toContain(change.id);
      const pending = (await as(admin).get("/api/admin/bet-changes?status=proposed")).json() as {
        id: string;
      }[];
      expect(pending.map((c) => c.id)).not.toContain(change.id);
      expect((await propose(alice, id, { week: 2, newAmount: 50 })).statusCode).toBe(201);
      expect((await contestOf(alice, id)).betAmount).toBe(20);
    } finally {
      clock.set(WEEK_1);
    }
  });
});

describe("the administrator's bet setting", () => {
  it("sets amount or Free from the current week on, recorded in the history as the admin's", async () => {
    const id = await activeContest();
    const url = `/api/contests/${id}/bet`;
    expect((await as(alice).put(url, { isFree: false, amount: 40 })).statusCode).toBe(403);
    expect((await as(outsider).put(url, { isFree: false, amount: 40 })).statusCode).toBe(403);
    expect((await as(null).put(url, { isFree: false, amount: 40 })).statusCode).toBe(401);
    expect((await as(admin).put(url, { isFree: false, amount: 42 })).statusCode).toBe(400);
    expect((await as(admin).put(url, { isFree: false, amount: -5 })).statusCode).toBe(400);
    const missing = await as(admin).put(url, { isFree: false });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("Amount per week is required for a paid contest");

    const set = await as(admin).put(url, { isFree: false, amount: 40 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id, betAmount: 40, isFree: false });
    expect(await contestOf(alice, id)).toMatchObject({ betAmount: 40, isFree: false });
    const [entry] = (await as(bob).get(changesUrl(id))).json();
    expect(entry).toMatchObject({
      kind: "admin",
      proposedBy: admin.id,
      proposerName: "Ada Admin",
      responderId: null,
      fromWeek: 1,
      newAmount: 40,
      status: "approved",
    });
    expect(entry.respondedAt).toBe(entry.createdAt);

    // Saving what is in force writes nothing.
    expect((await as(admin).put(url, { isFree: false, amount: 40 })).statusCode).toBe(200);
    expect(await db.$count(betChanges, eq(betChanges.contestId, id))).toBe(1);

    const free = await as(admin).put(url, { isFree: true, amount: 40 });
    expect(free.json()).toMatchObject({ betAmount: 0, isFree: true });
    expect(await actions(id, "bet.set")).toBe(2);
    expect(
      (await as(admin).put(`/api/contests/${crypto.randomUUID()}/bet`, { isFree: true })).statusCode,
    ).toBe(404);
  });

  it("overrides an earlier agreement from its week on; a later approval overrides it in turn", async () => {
    const id = await activeContest();
    const change = (await propose(alice, id, { week: 1, newAmount: 60 })).json();
    await as(admin).put(`/api/contests/${id}/bet`, { isFree: false, amount: 10 });
    expect((await contestOf(alice, id)).betAmount).toBe(10);
    expect((await answer(bob, id, change.id, "approved")).statusCode).toBe(200);
    expect((await contestOf(alice, id)).betAmount).toBe(60);
  });

  it("cannot change a rejected contest's bet", async () => {
    const id = await pendingContest();
    await as(bob).patch(`/api/contests/${id}`, { status: "rejected" });
    const refused = await as(admin).put(`/api/contests/${id}/bet`, { isFree: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This contest is rejected: its bet can no longer change.");
  });
});

describe("pending bet changes across contests (admins)", () => {
  it("lists what waits for an answer, for admins only", async () => {
    const id = await activeContest();
    const change = (await propose(bob, id, { week: 4, newAmount: 15 })).json();
    const pending = await as(admin).get("/api/admin/bet-changes?status=proposed");
    expect(pending.statusCode).toBe(200);
    const listed = pending.json() as { id: string; status: string }[];
    expect(listed.map((c) => c.id)).toContain(change.id);
    expect(listed.every((c) => c.status === "proposed")).toBe(true);
    expect((await as(alice).get("/api/admin/bet-changes")).statusCode).toBe(403);
    expect((await as(admin).get("/api/admin/bet-changes?status=maybe")).statusCode).toBe(400);
    await answer(alice, id, change.id, "approved");
    const all = (await as(admin).get("/api/admin/bet-changes")).json() as { id: string; status: string }[];
    expect(all.find((c) => c.id === change.id)).toMatchObject({ status: "approved" });
    const stillPending = (await as(admin).get("/api/admin/bet-changes?status=proposed")).json() as {
      id: string;
    }[];
    expect(stillPending.map((c) => c.id)).not.toContain(change.id);
  });

  it("writes sentences for the activity log", async () => {
    const id = await activeContest();
    const change = (await propose(alice, id, { week: 3, newAmount: 0 })).json();
    await answer(bob, id, change.id, "approved");
    await as(admin).put(`/api/contests/${id}/bet`, { isFree: false, amount: 25 });
    const log = (await as(admin).get("/api/admin/activity?limit=3")).json().entries as {
      summary: string;
    }[];
    expect(log.map((entry) => entry.summary)).toEqual([
      "Ada Admin set the bet to $25/week from week 1 in “Money Week”",
      "Bob Brown approved Alice Anders’s bet change to Free from week 3 in “Money Week”",
      "Alice Anders proposed changing the bet to Free from week 3 in “Money Week”",
    ]);
  });
});

describe("pots", () => {
  /** Sets a game final so that the picked side wins: the favorite (or the home team at pick'em) by 50. */
  async function finish(game: GameView, favorite: string | null, overWins: boolean) {
    const winner = favorite ?? game.homeTeam;
    const [home, away] = winner === game.homeTeam ? [50, 0] : [0, 50];
    const bonus = overWins ? 100 : 0;
    await db
      .update(games)
      .set({ status: "final", homeScore: home + bonus, awayScore: away + bonus })
      .where(eq(games.id, game.id));
    expect((await as(admin).post(`/api/games/${game.id}/score`)).statusCode).toBe(200);
  }

  async function playWeek(contestId: string, week: number, first: SignedIn, second: SignedIn) {
    const list = (await as(alice).get(`/api/games/week/${week}/season/2025`)).json() as GameView[];
    const [a, b] = list.filter((game) => game.spread !== null && game.overUnder !== null);
    const body = (picks: object[]) => ({ contestId, week, round: 1, picks });
    const winning = await as(first).post(
      "/api/picks/batch",
      body([
        { gameId: a!.id, market: "spread", side: "favorite" },
        { gameId: b!.id, market: "total", side: "over" },
      ]),
    );
    expect(winning.statusCode, winning.body).toBe(201);
    const losing = await as(second).post(
      "/api/picks/batch",
      body([
        { gameId: a!.id, market: "spread", side: "underdog" },
        { gameId: b!.id, market: "total", side: "under" },
      ]),
    );
    expect(losing.statusCode, losing.body).toBe(201);
    const favorite = (winning.json() as { lineFavorite: string | null }[])[0]!.lineFavorite;
    await finish(a!, favorite, false);
    await finish(b!, null, true);
  }

  it("pays each week the bet in force that week: earlier settled pots keep their amount", async () => {
    const id = await activeContest(20);
    await playWeek(id, 1, alice, bob);
    let results = await weeklyResults(alice, id);
    expect(results[0]).toMatchObject({ week: 1, potAmount: 20, isSettled: true, weekWinner: "player1" });

    const change = (await propose(alice, id, { week: 2, newAmount: 50 })).json();
    expect((await answer(bob, id, change.id, "approved")).statusCode).toBe(200);
    // Week 1 is under way no more, but it is still the current week: the change starts next week.
    expect((await contestOf(alice, id)).betAmount).toBe(20);
    expect((await weeklyResults(alice, id))[0]).toMatchObject({ week: 1, potAmount: 20 });

    clock.set(WEEK_2);
    try {
      expect((await contestOf(bob, id)).betAmount).toBe(50);
      // Week 2: player 2 picks first, and wins.
      await playWeek(id, 2, bob, alice);
      results = await weeklyResults(bob, id);
      expect(
        results.map(({ week, potAmount, isSettled, weekWinner }) => ({
          week,
          potAmount,
          isSettled,
          weekWinner,
        })),
      ).toEqual([
        { week: 1, potAmount: 20, isSettled: true, weekWinner: "player1" },
        { week: 2, potAmount: 50, isSettled: true, weekWinner: "player2" },
      ]);
      const standing = (await contestOf(alice, id)).standing;
      expect(standing.player1.runningTotal).toBe(20 - 50);
      expect(standing.player2.runningTotal).toBe(50 - 20);
    } finally {
      clock.set(WEEK_1);
    }
  });
});

describe("the bet change e-mail", () => {
  it("tells the opponent a bet change awaits their answer, with the link to the contest", async () => {
    const id = await activeContest();
    expect((await propose(alice, id, { week: 5, newAmount: 35 })).statusCode).toBe(201);
    const mail = (
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, bob.email), eq(outbox.kind, "bet-change")))
    ).filter((row) => row.body.includes(`/contests/${id}`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain("$35/week from week 5 on");
  });
});
