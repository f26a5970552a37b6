import { and, eq, like, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Contest } from "../../src/contracts/contests";
import type { Game } from "../../src/contracts/games";
import type { Availability, WeeklyResult } from "../../src/contracts/picks";
import { outbox, picks } from "../../src/server/db/schema";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { EspnStandIn, recorded, vary, type EspnEvent } from "../feed-stand-in";
import { createTestApp } from "../setup/test-app";

/**
 * The lock of the week and the pot's rollover through the API (docs/rules.md, "Contest options"),
 * on week 12 of 2025 brought in by the feed's stand-in and graded by its finals: Bob's lock turns
 * a week Alice would have won into a push, whose $20 rolls into week 13; there Alice's lock wins
 * her the week and the $40 pot, its finals entered by the admin: the same path.
 */
const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, clock, db } = await createTestApp({
  now: "2025-11-20T12:00:00Z",
  env: { FEED_URL: standIn.url },
  feed: { timeoutMs: 3_000 },
});
const as = (who: SignedIn | null) => request(app, who);
const week12 = recorded("2025-week-12-before-kickoff.json");
standIn.setWeek(2025, 12, week12);
const event = (id: string) => week12.events.find((candidate: EspnEvent) => candidate.id === id)!;
const NE_CIN = "401772781";
const NYG_DET = "401772888";
const MIN_GB = "401772887";
const SEA_TEN = "401772886";

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
/** Alice (player 1) against Bob with both options; `plain` with neither. */
let ruled: string;
let plain: string;

type Wish = { gameId: string; market: "total"; side: "over"; lock?: boolean };

const sync = async () => {
  const response = await as(admin).post("/api/admin/feed/sync", { season: 2025, week: 12 });
  expect(response.statusCode, response.body).toBe(200);
};
const games = async (week: number) =>
  (await as(alice).get(`/api/games/week/${week}/season/2025`)).json() as Game[];
const over = (gameId: string, lock?: boolean): Wish => ({
  gameId,
  market: "total",
  side: "over",
  ...(lock && { lock }),
});
const submit = (who: SignedIn, contestId: string, week: number, wishes: Wish[]) =>
  as(who).post("/api/picks/batch", { contestId, week, round: 1, picks: wishes });
/** Both players' picks of a week, the week's first picker first. */
async function pickWeek(contestId: string, week: number, mine: Wish[], theirs: Wish[]) {
  const first = await submit(alice, contestId, week, mine);
  if (first.statusCode === 201) {
    expect((await submit(bob, contestId, week, theirs)).statusCode).toBe(201);
    return;
  }
  const second = await submit(bob, contestId, week, theirs);
  expect(second.statusCode, second.body).toBe(201);
  expect((await submit(alice, contestId, week, mine)).statusCode).toBe(201);
}

async function newContest(name: string, options: object) {
  const created = await as(alice).post("/api/contests", {
    name,
    player2Email: bob.email,
    defaultBetAmount: 20,
    maxPicksPerPlayer: 2,
    contestCreationPassword: "pw",
    ...options,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await as(bob).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);
  return id;
}

const weekResult = async (who: SignedIn, contestId: string, week: number) => {
  const response = await as(who).get(`/api/contests/${contestId}/weekly-results`);
  expect(response.statusCode).toBe(200);
  return (response.json().weeklyResults as WeeklyResult[]).find((entry) => entry.week === week)!;
};
const contestOf = async (who: SignedIn, contestId: string) =>
  (await as(who).get(`/api/contests/${contestId}`)).json() as Contest;
/** The mails saying `text`, the weeks' recaps aside (week-recap.test.ts: they tell the same weeks). */
const mailsAbout = (text: string) =>
  db
    .select({ to: outbox.toAddress, text: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.channel, "email"), ne(outbox.kind, "week-recap"), like(outbox.body, `%${text}%`)));
const lockRows = (contestId: string) =>
  db
    .select()
    .from(picks)
    .where(and(eq(picks.contestId, contestId), eq(picks.isLock, true)));

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  await sync();
  ruled = await newContest("Locks and rolls", { lockOfTheWeek: true, potRollover: true });
  plain = await newContest("Plain rules", {});
});

describe("the lock of the week", () => {
  it("is an option of the contest, off unless asked for", async () => {
    expect(await contestOf(bob, ruled)).toMatchObject({ lockOfTheWeek: true, potRollover: true });
    expect(await contestOf(bob, plain)).toMatchObject({ lockOfTheWeek: false, potRollover: false });
  });

  it("refuses a lock the week does not play, two at once, or a second, and writes nothing", async () => {
    const week = await games(12);
    const [ne, nyg] = ["NE", "NYG"].map((team) => week.find((g) => g.awayTeam === team)!);
    // Bob picks first in week 12.
    const none = await submit(bob, plain, 12, [over(ne!.id, true)]);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("This contest plays no lock of the week in week 12.");
    const two = await submit(bob, ruled, 12, [over(ne!.id, true), over(nyg!.id, true)]);
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe("Only one pick a week can be your lock.");
    const bad = await as(bob).post("/api/picks/batch", {
      contestId: ruled,
      week: 12,
      round: 1,
      picks: [{ ...over(ne!.id), lock: "yes" }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Lock must be true or false");
    // One pick at a time: the lock first, then a second one refused.
    expect((await submit(bob, ruled, 12, [over(ne!.id, true)])).statusCode).toBe(201);
    const second = await submit(bob, ruled, 12, [over(nyg!.id, true)]);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("You already have your lock of the week.");
    expect(await lockRows(plain)).toHaveLength(0);
    expect((await lockRows(ruled)).map((row) => row.gameId)).toEqual([ne!.id]);
  });

  it("shows the lock to the opponent once submitted, on every pick list", async () => {
    const week = await games(12);
    const [nyg, min, sea] = ["NYG", "MIN", "SEA"].map((team) => week.find((g) => g.awayTeam === team)!);
    expect((await submit(bob, ruled, 12, [over(nyg!.id)])).statusCode).toBe(201);
    const seen = (await as(alice).get(`/api/contests/${ruled}/availability/12/1`)).json() as Availability;
    expect(seen.opponentPicks.map((pick) => pick.isLock ?? false)).toEqual([true, false]);
    // Alice plays no lock this week.
    expect((await submit(alice, ruled, 12, [over(min!.id), over(sea!.id)])).statusCode).toBe(201);
    const results = await weekResult(alice, ruled, 12);
    expect(results.player2Picks.filter((pick) => pick.isLock).map((pick) => pick.game.awayTeam)).toEqual([
      "NE",
    ]);
    expect(results.player1Picks.some((pick) => "isLock" in pick)).toBe(false);
    const his = (await as(alice).get(`/api/contests/${ruled}/picks/player/${bob.id}?week=12`)).json();
    expect(JSON.stringify(his)).toContain('"isLock":true');
  });
});

describe("a pushed week's pot", () => {
  it("is a push made by a won lock, its $20 rolling into week 13 (the feed's finals)", async () => {
    // Overs: 60–60 goes over, 0–0 under. Bob's lock wins and his other pick loses: 2 wins; Alice's
    // two win: 2 wins. Without the lock Alice would take the week 2–1.
    vary.final(event(NE_CIN), 60, 60);
    vary.final(event(NYG_DET), 0, 0);
    vary.final(event(MIN_GB), 60, 60);
    vary.final(event(SEA_TEN), 60, 60);
    clock.set(new Date("2025-11-24T12:00:00Z"));
    await sync();
    await vi.waitFor(async () => expect((await weekResult(alice, ruled, 12)).isSettled).toBe(true), {
      timeout: 5_000,
      interval: 20,
    });
    expect(await weekResult(alice, ruled, 12)).toMatchObject({
      potAmount: 20,
      player1Wins: 2,
      player2Wins: 2,
      weekWinner: "tie",
      rollsOver: true,
    });
    await vi.waitFor(async () => expect(await mailsAbout("rolls over")).toHaveLength(2), {
      timeout: 5_000,
      interval: 50,
    });
    const told = await mailsAbout("“Locks and rolls” is settled");
    expect(told.map((mail) => mail.text.match(/settled\. (.*)\./)?.[1])).toEqual([
      "A push, 2–2 ($20 rolls over)",
      "A push, 2–2 ($20 rolls over)",
    ]);
    expect((await contestOf(alice, ruled)).standing).toMatchObject({
      completedWeeks: 1,
      player1: { wins: 2, losses: 0, runningTotal: 0 },
      player2: { wins: 2, losses: 1, runningTotal: 0 },
    });
  });

  it("is taken with week 13's by the week's winner, her lock counting two wins (the admin's scores)", async () => {
    clock.set(new Date("2025-11-26T12:00:00Z"));
    const [one, two, three, four] = (await games(13)).filter((game) => game.overUnder !== null);
    // Alice: her lock on one wins, two loses. Bob: three wins, four loses: 2–1 to Alice.
    await pickWeek(ruled, 13, [over(one!.id, true), over(two!.id)], [over(three!.id), over(four!.id)]);
    expect((await weekResult(bob, ruled, 13)).potAmount).toBe(40);
    clock.set(new Date("2025-12-02T12:00:00Z"));
    for (const [game, points] of [
      [one, 60],
      [two, 0],
      [three, 60],
      [four, 0],
    ] as const) {
      const scored = await as(admin).patch(`/api/games/${game!.id}`, {
        status: "final",
        homeScore: points,
        awayScore: points,
      });
      expect(scored.statusCode, scored.body).toBe(200);
    }
    await vi.waitFor(
      async () =>
        expect(await weekResult(alice, ruled, 13)).toMatchObject({
          isSettled: true,
          potAmount: 40,
          rolledIn: 20,
          player1Wins: 2,
          player2Wins: 1,
          weekWinner: "player1",
        }),
      { timeout: 5_000, interval: 20 },
    );
    expect((await weekResult(alice, ruled, 13)).rollsOver).toBeUndefined();
    expect((await contestOf(bob, ruled)).standing).toMatchObject({
      completedWeeks: 2,
      player1: { wins: 4, losses: 1, weeksWon: 1, runningTotal: 40 },
      player2: { wins: 3, losses: 2, weeksLost: 1, runningTotal: -40 },
    });
    await vi.waitFor(async () => expect(await mailsAbout("You won 2–1 (+$40)")).toHaveLength(1), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it("turns both options off from the next week without picks, the weeks before as they were", async () => {
    const edited = await as(admin).put(`/api/contests/${ruled}`, {
      name: "Locks and rolls",
      description: "",
      maxPicksPerPlayer: 2,
      isFree: false,
      betAmount: 20,
      lockOfTheWeek: false,
      potRollover: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ lockOfTheWeek: false, potRollover: false });
    expect(await weekResult(alice, ruled, 12)).toMatchObject({ rollsOver: true, player1Wins: 2 });
    const log = (await as(admin).get("/api/admin/activity?limit=5")).json();
    expect((log.entries as { summary: string }[]).map((entry) => entry.summary)).toContainEqual(
      expect.stringContaining("lock of the week off from week 14; pot rollover off from week 14"),
    );
  });

  it("is not a player.s to change", async () => {
    const body = { name: "Plain rules", description: "", maxPicksPerPlayer: 2, isFree: false, betAmount: 20 };
    expect((await as(alice).put(`/api/contests/${plain}`, { ...body, potRollover: true })).statusCode).toBe(
      403,
    );
    expect((await contestOf(alice, plain)).potRollover).toBe(false);
  });
});
