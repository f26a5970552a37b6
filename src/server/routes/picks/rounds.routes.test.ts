import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import {
  acceptedContest,
  adminAliceAndBob,
  CREATION_PASSWORD,
  type SignedIn,
} from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { outbox, picks } from "../../db/schema";

// Thursday of week 1, 2025, before the opener (DAL @ PHI, 00:20 UTC Friday) and the 23:00 UTC deadline.
const START = "2025-09-04T12:00:00Z";
const { app, db, clock } = await createTestApp({ now: START });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let week1: { id: string; homeTeam: string; awayTeam: string }[];

const TWO_ROUNDS = [
  { roundNumber: 1, player1Picks: 1, player2Picks: 1 },
  { roundNumber: 2, player1Picks: 1, player2Picks: 1 },
];

function create(rounds: unknown, who: SignedIn = alice) {
  return as(who).post("/api/contests", {
    name: "Rounds Rivalry",
    player2Email: "bob@example.com",
    defaultBetAmount: 20,
    contestCreationPassword: CREATION_PASSWORD,
    rounds,
  });
}

const newContest = (rounds: unknown = TWO_ROUNDS) => acceptedContest(app, alice, bob, { rounds });

/** A spread pick on the nth game of week 1 (favorite for Alice, underdog for Bob: never the same side). */
const pick = (n: number, side: "favorite" | "underdog") => ({
  gameId: week1[n]!.id,
  market: "spread",
  side,
});

const batch = (who: SignedIn, contestId: string, wishes: object[]) =>
  as(who).post("/api/picks/batch", { contestId, week: 1, round: 1, picks: wishes });

const currentRound = async (contestId: string, who: SignedIn = alice) =>
  (await as(who).get(`/api/contests/${contestId}/current-round/1`)).json();

beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
});

describe("creating a contest with custom rounds", () => {
  it("keeps the rounds and shows them on the contest", async () => {
    const id = await newContest();
    const contest = (await as(bob).get(`/api/contests/${id}`)).json();
    expect(contest.rounds).toEqual(TWO_ROUNDS);
    expect(contest.maxPicksPerPlayer).toBe(2);
  });

  it("refuses a list of rounds that cannot be played (400), and creates nothing", async () => {
    const before = (await as(alice).get("/api/contests")).json().length;
    for (const [rounds, message] of [
      [[], "A week needs at least one round."],
      [
        [{ roundNumber: 1, player1Picks: 0, player2Picks: 0 }],
        "Each player must make at least one pick a week.",
      ],
      [
        [{ roundNumber: 2, player1Picks: 1, player2Picks: 1 }],
        "Rounds must be numbered 1, 2, 3... in order.",
      ],
      [[{ roundNumber: 1, player1Picks: -1, player2Picks: 1 }], "Pick count must be 0 or greater"],
      [[{ roundNumber: 0, player1Picks: 1, player2Picks: 1 }], "Round number must be at least 1"],
    ] as const) {
      const refused = await create(rounds);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    expect((await as(alice).get("/api/contests")).json()).toHaveLength(before);
  });

  it("plays one round of the picks per player without custom rounds", async () => {
    const created = await as(alice).post("/api/contests", {
      name: "Plain",
      player2Email: "bob@example.com",
      defaultBetAmount: 20,
      maxPicksPerPlayer: 3,
      contestCreationPassword: CREATION_PASSWORD,
    });
    expect(created.json().rounds).toBeNull();
    const id = created.json().id as string;
    await as(bob).patch(`/api/contests/${id}`, { status: "active" });
    expect(await currentRound(id)).toMatchObject({
      currentRound: 1,
      rounds: [{ roundNumber: 1, player1Picks: 3, player2Picks: 3 }],
      turnUserId: alice.id,
      turnPicksLeft: 3,
    });
  });
});

describe("turns follow the rounds", () => {
  it("goes first picker, second picker, round after round, each told when it is their turn", async () => {
    const id = await newContest();
    // Week 1: Alice (player 1) picks first in each round.
    expect(await currentRound(id, bob)).toMatchObject({ currentRound: 1, turnUserId: alice.id });
    const early = await batch(bob, id, [pick(0, "underdog")]);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("It is not your turn yet: wait for Alice to make their picks first.");

    const tooMany = await batch(alice, id, [pick(0, "favorite"), pick(1, "favorite")]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe("You may make 1 pick in round 1; then it is your opponent's turn.");

    expect((await batch(alice, id, [pick(0, "favorite")])).statusCode).toBe(201);
    expect(await currentRound(id)).toMatchObject({ currentRound: 1, turnUserId: bob.id, turnPicksLeft: 1 });
    const again = await batch(alice, id, [pick(1, "favorite")]);
    expect(again.json().message).toBe("It is not your turn yet: wait for Bob to make their picks first.");

    expect((await batch(bob, id, [pick(0, "underdog")])).statusCode).toBe(201);
    expect(await currentRound(id)).toMatchObject({ currentRound: 2, turnUserId: alice.id });
    expect((await batch(bob, id, [pick(1, "underdog")])).statusCode).toBe(409);
    expect((await batch(alice, id, [pick(1, "favorite")])).statusCode).toBe(201);
    expect((await batch(bob, id, [pick(1, "underdog")])).statusCode).toBe(201);
    expect(await currentRound(id)).toMatchObject({ currentRound: 2, turnUserId: null, turnPicksLeft: 0 });

    // Every pick made: none more, in any round.
    const extra = await batch(alice, id, [pick(2, "favorite")]);
    expect(extra.statusCode).toBe(409);
    expect(extra.json().message).toBe("You may make 2 picks in week 1; you have 0 left.");

    // Each pick records its round; each hand-over told its player, with the picks of their turn.
    const rows = await db.select().from(picks).where(eq(picks.contestId, id));
    expect(rows.map((row) => `${row.userId === alice.id ? "alice" : "bob"}:${row.round}`).sort()).toEqual([
      "alice:1",
      "alice:2",
      "bob:1",
      "bob:2",
    ]);
    const turnMails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "your-turn")));
    const about = turnMails.filter((mail) => mail.body.includes(id));
    expect(about.map((mail) => mail.toAddress)).toEqual([
      "bob@example.com",
      "alice@example.com",
      "bob@example.com",
    ]);
    expect(about.every((mail) => mail.body.includes("make your 1 pick "))).toBe(true);
  });

  it("skips a player's turn in a round where they make no pick", async () => {
    const id = await newContest([
      { roundNumber: 1, player1Picks: 0, player2Picks: 2 },
      { roundNumber: 2, player1Picks: 2, player2Picks: 0 },
    ]);
    expect(await currentRound(id)).toMatchObject({ currentRound: 1, turnUserId: bob.id, turnPicksLeft: 2 });
    expect((await batch(alice, id, [pick(0, "favorite")])).statusCode).toBe(409);
    expect((await batch(bob, id, [pick(0, "underdog"), pick(1, "underdog")])).statusCode).toBe(201);
    expect(await currentRound(id)).toMatchObject({ currentRound: 2, turnUserId: alice.id, turnPicksLeft: 2 });
    expect((await batch(alice, id, [pick(0, "favorite"), pick(1, "favorite")])).statusCode).toBe(201);
  });

  it("lets nobody block the other: from the hand-over deadline each may make all their picks left", async () => {
    const id = await newContest();
    clock.set("2025-09-04T23:00:00Z");
    try {
      expect((await batch(bob, id, [pick(0, "underdog"), pick(1, "underdog")])).statusCode).toBe(201);
      expect((await batch(alice, id, [pick(0, "favorite"), pick(1, "favorite")])).statusCode).toBe(201);
    } finally {
      clock.set(START);
    }
  });

  it("shows the rounds and whose turn it is in the week's turn", async () => {
    const id = await newContest();
    await batch(alice, id, [pick(0, "favorite")]);
    expect((await as(bob).get(`/api/contests/${id}/turn/1`)).json()).toMatchObject({
      rounds: TWO_ROUNDS,
      round: 1,
      turnUserId: bob.id,
      player1Allowance: 2,
      player2Allowance: 2,
      player1BaseLeft: 1,
      player2BaseLeft: 2,
    });
  });
});

describe("changing a contest's rounds (admins)", () => {
  const edit = (rounds: unknown) => ({
    name: "Rounds Rivalry",
    description: "",
    maxPicksPerPlayer: 2,
    isFree: false,
    betAmount: 20,
    rounds,
  });
  const THREE = [
    { roundNumber: 1, player1Picks: 1, player2Picks: 1 },
    { roundNumber: 2, player1Picks: 1, player2Picks: 1 },
    { roundNumber: 3, player1Picks: 1, player2Picks: 1 },
  ];

  it("applies from the week under way while nobody has picked in it", async () => {
    const id = await newContest();
    const saved = await as(admin).put(`/api/contests/${id}`, edit(THREE));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().rounds).toEqual(THREE);
    expect(await currentRound(id)).toMatchObject({ rounds: THREE });
  });

  it("applies from the next week once a pick is made in the week under way", async () => {
    const id = await newContest();
    await batch(alice, id, [pick(0, "favorite")]);
    const saved = await as(admin).put(`/api/contests/${id}`, edit(THREE));
    expect(saved.statusCode).toBe(200);
    // Week 1 keeps its two rounds; week 2 plays three.
    expect(saved.json().rounds).toEqual(TWO_ROUNDS);
    expect(await currentRound(id)).toMatchObject({ rounds: TWO_ROUNDS });
    const week2 = (await as(alice).get(`/api/contests/${id}/current-round/2`)).json();
    expect(week2.rounds).toEqual(THREE);
    const log = (await as(admin).get("/api/admin/activity?limit=100")).json().entries;
    const entry = log.find(
      (row: { contestId: string; action: string }) => row.contestId === id && row.action === "contest.edited",
    );
    expect(entry.summary).toContain("rounds to 3 custom rounds from week 2");
  });

  it("goes back to one round of the picks per player with null", async () => {
    const id = await newContest();
    const saved = await as(admin).put(`/api/contests/${id}`, edit(null));
    expect(saved.json().rounds).toBeNull();
    expect(await currentRound(id)).toMatchObject({
      rounds: [{ roundNumber: 1, player1Picks: 2, player2Picks: 2 }],
    });
  });

  it("refuses a change of picks per player while custom rounds are played, and players' edits", async () => {
    const id = await newContest();
    const refused = await as(admin).put(`/api/contests/${id}`, { ...edit(undefined), maxPicksPerPlayer: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This contest plays custom rounds: change the picks of its rounds instead.",
    );
    expect((await as(alice).put(`/api/contests/${id}`, edit(THREE))).statusCode).toBe(403);
    expect((await as(null).put(`/api/contests/${id}`, edit(THREE))).statusCode).toBe(401);
    expect((await as(alice).get(`/api/contests/${id}`)).json().rounds).toEqual(TWO_ROUNDS);
  });
});
