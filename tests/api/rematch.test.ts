import { beforeAll, describe, expect, it } from "vitest";
import type { Contest } from "../../src/contracts/contests";
import {
  ALREADY_PROPOSED,
  ONLY_COMPLETED,
  ONLY_PLAYERS,
  OPPONENT_LEFT,
} from "../../src/server/services/rematch.service";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * The rematch (docs/rules.md, "Rematch"): contests of week 18 of 2025 played to their end (the week
 * over, the season with it), then proposed again for 2026 by either player and answered as any
 * challenge is. The clock stands in week 18 while the contests are made, then after its last kickoff.
 */
const IN_WEEK_18 = "2026-01-02T12:00:00Z";
// Still week 18 by the calendar, but every game of it has kicked off: 2025 has no week left to play.
const KICKED_OFF = "2026-01-04T20:00:00Z";

const { app, clock } = await createTestApp({ now: IN_WEEK_18 });
const as = (who: SignedIn | null) => request(app, who);

const PASSWORD = "open sesame";
const ROUNDS = [
  { roundNumber: 1, player1Picks: 2, player2Picks: 2 },
  { roundNumber: 2, player1Picks: 1, player2Picks: 1 },
];
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let dave: SignedIn;
/** Alice against Bob: custom rounds, the lock and the rollover, $20 then $30 from week 18 (the admin's). */
let fallClassic: string;
/** Alice against Bob, free, Alice made week 18's first picker by the admin. */
let springFling: string;
/** Alice against Dave, who has since deleted his account. */
let leftBehind: string;

async function weekEighteen(opponent: SignedIn, extra: object): Promise<string> {
  const created = await as(alice).post("/api/contests", {
    player2Email: opponent.email,
    defaultBetAmount: 20,
    maxPicksPerPlayer: 2,
    contestCreationPassword: PASSWORD,
    firstWeek: 18,
    lastWeek: 18,
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<Contest>().id;
  expect((await as(opponent).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);
  return id;
}

const contestOf = async (who: SignedIn, id: string) => {
  const response = await as(who).get(`/api/contests/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Contest>();
};
const propose = (who: SignedIn | null, id: string) => as(who).post(`/api/contests/${id}/rematch`);
const firstPickerOf = async (id: string, week: number) =>
  (await as(admin).get(`/api/admin/contests/${id}/first-picker-assignments`))
    .json<{ week: number; firstPickerId: string; isManualOverride: boolean }[]>()
    .find((row) => row.week === week);
const rematchesOf = async (id: string) =>
  (await as(admin).get("/api/contests")).json<Contest[]>().filter((contest) => contest.predecessorId === id);

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Smith" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Brown" });
  carol = await signUp(app, { email: "carol@example.com", firstName: "Carol" });
  dave = await signUp(app, { email: "dave@example.com", firstName: "Dave" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: PASSWORD });

  fallClassic = await weekEighteen(bob, {
    name: "Fall Classic",
    description: "Every fall, loser buys",
    rounds: ROUNDS,
    lockOfTheWeek: true,
    potRollover: true,
  });
  const bet = await as(admin).put(`/api/contests/${fallClassic}/bet`, { isFree: false, amount: 30 });
  expect(bet.statusCode, bet.body).toBe(200);
  springFling = await weekEighteen(bob, { name: "Spring Fling", defaultBetAmount: 0 });
  const saved = await as(admin).post("/api/admin/first-picker-assignments", {
    contestId: springFling,
    week: 18,
    firstPickerId: alice.id,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  leftBehind = await weekEighteen(dave, { name: "Left Behind" });

  // Week 18 can take no more picks, and has none: each contest completes when it is next looked at.
  clock.set(KICKED_OFF);
  for (const id of [fallClassic, springFling, leftBehind]) {
    expect((await contestOf(alice, id)).status).toBe("completed");
  }
  const gone = await app.inject({
    method: "DELETE",
    url: "/api/account",
    payload: { password: "correct horse battery" },
    headers: { cookie: dave.cookie },
  });
  expect(gone.statusCode, gone.body).toBe(204);
});

describe("POST /api/contests/:id/rematch", () => {
  it("refuses anyone but the contest's two players, before anything else", async () => {
    expect((await propose(null, fallClassic)).statusCode).toBe(401);
    const outsider = await propose(carol, fallClassic);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe("Contest not found.");
    // An admin sees the contest but plays no part in it.
    const onlooker = await propose(admin, fallClassic);
    expect(onlooker.statusCode).toBe(403);
    expect(onlooker.json().message).toBe(ONLY_PLAYERS);
    expect(await rematchesOf(fallClassic)).toEqual([]);
  });

  it("refuses a contest that is pending or active (409)", async () => {
    const pending = await as(alice).post("/api/contests", {
      name: "Not Yet",
      player2Email: bob.email,
      defaultBetAmount: 10,
      contestCreationPassword: PASSWORD,
      season: 2026,
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const pendingId = pending.json<Contest>().id;
    const activeId = (
      await as(alice).post("/api/contests", {
        name: "Under Way",
        player2Email: bob.email,
        defaultBetAmount: 10,
        contestCreationPassword: PASSWORD,
        season: 2026,
      })
    ).json<Contest>().id;
    expect((await as(bob).patch(`/api/contests/${activeId}`, { status: "active" })).statusCode).toBe(200);
    for (const [id, who] of [
      [pendingId, alice],
      [pendingId, bob],
      [activeId, bob],
    ] as const) {
      const refused = await propose(who, id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ONLY_COMPLETED);
      expect(await rematchesOf(id)).toEqual([]);
    }
  });

  it("refuses a rematch against a player who deleted their account (409)", async () => {
    const refused = await propose(alice, leftBehind);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OPPONENT_LEFT);
    expect(await rematchesOf(leftBehind)).toEqual([]);
  });

  it("makes the next season's contest, proposed by player 2: the same stake, rules, rounds and weeks", async () => {
    const old = await contestOf(bob, fallClassic);
    const response = await propose(bob, fallClassic);
    expect(response.statusCode, response.body).toBe(201);
    const rematch = response.json<Contest>();
    expect(rematch).toMatchObject({
      name: "Fall Classic",
      description: "Every fall, loser buys",
      status: "pending",
      player1Id: bob.id,
      player2Id: alice.id,
      player2Email: "alice@example.com",
      betAmount: 30,
      isFree: false,
      season: 2026,
      startWeek: 18,
      totalWeeks: 18,
      maxPicksPerPlayer: old.maxPicksPerPlayer,
      rounds: ROUNDS,
      tiebreaker: false,
      lockOfTheWeek: true,
      potRollover: true,
      winnerId: null,
      predecessorId: fallClassic,
      rematch: null,
    });
    expect(await contestOf(bob, rematch.id)).toEqual(rematch);
    for (const who of [alice, bob]) {
      expect((await contestOf(who, fallClassic)).rematch).toEqual({ id: rematch.id, status: "pending" });
      const listed = (await as(who).get("/api/contests")).json<Contest[]>();
      expect(listed.find((contest) => contest.id === rematch.id)).toMatchObject({ status: "pending" });
    }
    // Bob, player 2 of the old contest, picked first in its week 18 (an even week): Alice does now,
    // which turns give her as the new player 2.
    expect(await firstPickerOf(rematch.id, 18)).toMatchObject({
      firstPickerId: alice.id,
      isManualOverride: false,
    });
  });

  it("tells the other player as a challenge, and logs it", async () => {
    const [rematch] = await rematchesOf(fallClassic);
    const outbox = (await as(admin).get("/api/admin/outbox?limit=20")).json<{
      entries: { kind: string; toAddress: string; subject: string; body: string }[];
    }>();
    const mail = outbox.entries.find((entry) => entry.subject.includes("proposes a rematch"));
    expect(mail).toMatchObject({
      kind: "invitation",
      toAddress: "alice@example.com",
      subject: "Bob Brown proposes a rematch of “Fall Classic”",
    });
    expect(mail!.body).toContain(
      "Bob Brown proposes a rematch of “Fall Classic” for the 2026 season: the same stake ($30/week), rules and rounds. You pick first in week 18.",
    );
    expect(mail!.body).toContain(`/contests/${rematch!.id}`);
    const log = (await as(admin).get("/api/admin/activity")).json<{
      entries: { action: string; contestId: string; summary: string }[];
    }>();
    expect(log.entries.find((entry) => entry.action === "contest.rematch")).toMatchObject({
      contestId: rematch!.id,
      summary: "Bob Brown proposed a rematch of “Fall Classic” to Alice Smith",
    });
  });

  it("is proposed once while it waits: a second proposal is refused, from either player (409)", async () => {
    for (const who of [alice, bob]) {
      const again = await propose(who, fallClassic);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ALREADY_PROPOSED);
    }
    expect(await rematchesOf(fallClassic)).toHaveLength(1);
  });

  it("is proposed again once declined, then accepted as any challenge", async () => {
    const [declined] = await rematchesOf(fallClassic);
    expect((await as(alice).patch(`/api/contests/${declined!.id}`, { status: "rejected" })).statusCode).toBe(
      200,
    );
    expect((await contestOf(alice, fallClassic)).rematch).toBeNull();

    const response = await propose(alice, fallClassic);
    expect(response.statusCode, response.body).toBe(201);
    const rematch = response.json<Contest>();
    expect(rematch).toMatchObject({ player1Id: alice.id, player2Id: bob.id, predecessorId: fallClassic });
    // Bob picked first in the old week 18: Alice does now, though turns would give it to Bob.
    expect(await firstPickerOf(rematch.id, 18)).toMatchObject({
      firstPickerId: alice.id,
      isManualOverride: true,
    });
    // Only the invited player answers.
    expect((await as(alice).patch(`/api/contests/${rematch.id}`, { status: "active" })).statusCode).toBe(403);
    const accepted = await as(bob).patch(`/api/contests/${rematch.id}`, { status: "active" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "active", season: 2026 });
    expect((await contestOf(bob, fallClassic)).rematch).toEqual({ id: rematch.id, status: "active" });
    expect((await propose(bob, fallClassic)).json().message).toBe(ALREADY_PROPOSED);
  });

  it("gives the first pick to the player who did not have it, an admin's choice included", async () => {
    // Alice was made the first picker of the old week 18: Bob, the proposer, is the new one's.
    const response = await propose(bob, springFling);
    expect(response.statusCode, response.body).toBe(201);
    const rematch = response.json<Contest>();
    expect(rematch).toMatchObject({ betAmount: 0, isFree: true, rounds: null, maxPicksPerPlayer: 2 });
    expect(rematch).toMatchObject({ tiebreaker: false, lockOfTheWeek: false, potRollover: false });
    expect(await firstPickerOf(rematch.id, 18)).toMatchObject({
      firstPickerId: bob.id,
      isManualOverride: true,
    });
    expect(
      (await as(alice).get(`/api/contests/${rematch.id}/first-picker/18`)).json<{ firstPickerId: string }>(),
    ).toEqual({ firstPickerId: bob.id });
  });

  it("gives one of two proposals made at once, and refuses the other", async () => {
    const [declined] = await rematchesOf(springFling);
    await as(alice).patch(`/api/contests/${declined!.id}`, { status: "rejected" });
    const answers = await Promise.all([propose(alice, springFling), propose(bob, springFling)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(ALREADY_PROPOSED);
    const open = (await rematchesOf(springFling)).filter((contest) => contest.status !== "rejected");
    expect(open).toHaveLength(1);
  });

  it("is proposed again once an admin archived the one waiting", async () => {
    const [waiting] = (await rematchesOf(springFling)).filter((contest) => contest.status === "pending");
    expect((await as(admin).delete(`/api/contests/${waiting!.id}`)).statusCode).toBe(204);
    expect((await contestOf(alice, springFling)).rematch).toBeNull();
    const again = await propose(alice, springFling);
    expect(again.statusCode, again.body).toBe(201);
    expect((await contestOf(bob, springFling)).rematch).toEqual({
      id: again.json<Contest>().id,
      status: "pending",
    });
  });
});
