import { and, eq, like, ne, notLike } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Contest } from "../../src/contracts/contests";
import type { Game } from "../../src/contracts/games";
import type { TiebreakAnswer, WeeklyResult } from "../../src/contracts/picks";
import type { TurnInfo } from "../../src/contracts/turn";
import { outbox, tiebreakGuesses } from "../../src/server/db/schema";
import { as as request } from "../as";
import { openEventStream } from "../event-stream";
import { signUp, type SignedIn } from "../factories";
import { EspnStandIn, recorded, vary, type EspnEvent } from "../feed-stand-in";
import { createTestApp } from "../setup/test-app";

/**
 * The weekly tiebreaker through the API (docs/rules.md, "Contest options"), on week 12 of 2025
 * brought in by the feed's stand-in: the guesses, hidden until the week's last game (CAR @ SF,
 * Monday night) kicks off; the reminders of a guess owed; a week tied on wins that waits for that
 * game's final, though nobody picked it, and goes to the closer guess, its players told by their
 * `grades` event and the settled-week mail. Then week 13, its last game's score entered by the
 * admin: the same path.
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
const BUF_HOU = "401772946";
const PIT_CHI = "401772780";
const CAR_SF = "401772820";

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
/** Alice (player 1) against Bob with the tiebreaker; `plain` without it; `owed` for the reminders. */
let tied: string;
let plain: string;
let owed: string;
let base = "";

const sync = async () => {
  const response = await as(admin).post("/api/admin/feed/sync", { season: 2025, week: 12 });
  expect(response.statusCode, response.body).toBe(200);
};
const games = async (week: number) =>
  (await as(alice).get(`/api/games/week/${week}/season/2025`)).json() as Game[];
const gameOf = async (week: number, away: string) => (await games(week)).find((g) => g.awayTeam === away)!;

async function newContest(name: string, tiebreaker?: boolean) {
  const created = await as(alice).post("/api/contests", {
    name,
    player2Email: bob.email,
    defaultBetAmount: 20,
    maxPicksPerPlayer: 1,
    contestCreationPassword: "pw",
    ...(tiebreaker === undefined ? {} : { tiebreaker }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await as(bob).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);
  return id;
}

/** Each player's "over" on a game of their own: both win, or both lose, with the scores below. */
async function pickOvers(contestId: string, week: number, games: { alice: string; bob: string }) {
  const submit = (who: SignedIn, gameId: string) =>
    as(who).post("/api/picks/batch", {
      contestId,
      week,
      round: 1,
      picks: [{ gameId, market: "total", side: "over" }],
    });
  // The week's first picker goes first.
  const first = await submit(alice, games.alice);
  if (first.statusCode !== 201) {
    expect((await submit(bob, games.bob)).statusCode).toBe(201);
    expect((await submit(alice, games.alice)).statusCode).toBe(201);
  } else expect((await submit(bob, games.bob)).statusCode).toBe(201);
}

const guess = (who: SignedIn | null, contestId: string, body: object) =>
  as(who).put(`/api/contests/${contestId}/tiebreak`, body);
const tiebreakOf = async (who: SignedIn, contestId: string, week = 12) => {
  const response = await as(who).get(`/api/contests/${contestId}/tiebreak?week=${week}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TiebreakAnswer).tiebreak;
};
const weekResult = async (who: SignedIn, contestId: string, week: number) => {
  const response = await as(who).get(`/api/contests/${contestId}/weekly-results`);
  expect(response.statusCode).toBe(200);
  const weeks = response.json().weeklyResults as WeeklyResult[];
  return weeks.find((entry) => entry.week === week)!;
};
const contestOf = async (who: SignedIn, contestId: string) =>
  (await as(who).get(`/api/contests/${contestId}`)).json() as Contest;
/** The mails saying `text`, the weeks' recaps aside (week-recap.test.ts: they tell the same weeks). */
const mailsAbout = (text: string) =>
  db
    .select({ to: outbox.toAddress, subject: outbox.subject, text: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.channel, "email"), ne(outbox.kind, "week-recap"), like(outbox.body, `%${text}%`)));

beforeAll(async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  await sync();
  tied = await newContest("Tied on wins", true);
  plain = await newContest("Plain rules");
  owed = await newContest("Guess owed", true);
});

describe("the guesses", () => {
  it("is an option of the contest: on when asked for, off by default through the API", async () => {
    expect((await contestOf(alice, tied)).tiebreaker).toBe(true);
    expect((await contestOf(bob, plain)).tiebreaker).toBe(false);
    expect(await tiebreakOf(alice, plain)).toBeNull();
    expect((await weekResult(alice, plain, 12)).tiebreak).toBeUndefined();
  });

  it("keeps a guess its maker's own until the last game kicks off", async () => {
    const lastGame = await gameOf(12, "CAR");
    expect((await guess(alice, tied, { week: 12, guess: 44 })).json()).toEqual({
      week: 12,
      tiebreak: {
        gameId: lastGame.id,
        locked: false,
        player1Guess: 44,
        player2Guess: null,
        total: null,
        canceled: false,
      },
    });
    expect(await tiebreakOf(bob, tied)).toMatchObject({ player1Guess: "hidden", player2Guess: null });
    expect((await guess(bob, tied, { week: 12, guess: 41 })).statusCode).toBe(200);
    expect(await tiebreakOf(alice, tied)).toMatchObject({ player1Guess: 44, player2Guess: "hidden" });
    expect(await tiebreakOf(bob, tied)).toMatchObject({ player1Guess: "hidden", player2Guess: 41 });
    // An admin who does not play sees neither number yet.
    expect(await tiebreakOf(admin, tied)).toMatchObject({ player1Guess: "hidden", player2Guess: "hidden" });
    // Changed before the kickoff.
    expect((await guess(alice, tied, { week: 12, guess: 45 })).statusCode).toBe(200);
    expect((await weekResult(alice, tied, 12)).tiebreak).toMatchObject({
      player1Guess: 45,
      player2Guess: "hidden",
    });
  });

  it("refuses a guess that is not one, or not the caller's to make, and writes nothing", async () => {
    for (const bad of [-1, 201, 44.5, "44"]) {
      const response = await guess(alice, tied, { week: 12, guess: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Guess must be a whole number of points from 0 to 200.");
    }
    const refused = await guess(alice, plain, { week: 12, guess: 40 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This contest plays no tiebreaker in week 12.");
    expect((await guess(admin, tied, { week: 12, guess: 40 })).statusCode).toBe(403);
    expect((await guess(null, tied, { week: 12, guess: 40 })).statusCode).toBe(401);
    expect((await guess(alice, tied, { week: 3, guess: 40 })).statusCode).toBe(409);
    const rows = await db.select().from(tiebreakGuesses).where(eq(tiebreakGuesses.contestId, tied));
    expect(rows.map((row) => row.guess).sort()).toEqual([41, 45]);
  });

  it("tells the countdown who still owes a guess, and until when", async () => {
    await pickOvers(tied, 12, { alice: (await gameOf(12, "BUF")).id, bob: (await gameOf(12, "PIT")).id });
    await pickOvers(owed, 12, { alice: (await gameOf(12, "BUF")).id, bob: (await gameOf(12, "PIT")).id });
    expect((await guess(alice, owed, { week: 12, guess: 30 })).statusCode).toBe(200);
    const turn = (await as(bob).get(`/api/contests/${owed}/turn/12`)).json() as TurnInfo;
    expect(turn.tiebreak).toEqual({
      locksAt: "2025-11-25T01:15:00.000Z",
      player1Guessed: true,
      player2Guessed: false,
    });
    const none = (await as(bob).get(`/api/contests/${plain}/turn/12`)).json() as TurnInfo;
    expect(none.tiebreak).toBeNull();
  });

  it("reminds a player whose picks are in of the guess still owed, before the last kickoff", async () => {
    // Sunday night: 22 hours before Monday's kickoff, past the 24-hour lead.
    clock.set(new Date("2025-11-24T03:15:00Z"));
    await app.reminders.run();
    // Of the contests whose picks are in (the plain one's are not: its players are reminded of them).
    const reminded = await db
      .select({ to: outbox.toAddress, subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.kind, "reminder"), notLike(outbox.subject, "%Plain rules%")));
    expect(reminded).toEqual([
      {
        to: bob.email,
        subject: "Reminder: your week 12 tiebreaker guess in “Guess owed” is due in 22 hours",
      },
    ]);
    await app.reminders.run();
    expect(await mailsAbout("tiebreaker guess to make")).toHaveLength(1);
  });
});

describe("a week tied on wins", () => {
  it("waits for the last game's final, though nobody picked it", async () => {
    vary.final(event(BUF_HOU), 30, 24);
    vary.final(event(PIT_CHI), 31, 28);
    await sync();
    const week = await weekResult(alice, tied, 12);
    expect(week).toMatchObject({ player1Wins: 1, player2Wins: 1, isSettled: false, weekWinner: null });
    expect(week.tiebreak).toMatchObject({ locked: false, total: null });
    expect((await contestOf(alice, tied)).standing.completedWeeks).toBe(0);
  });

  it("locks the guesses at its kickoff and shows both", async () => {
    clock.set(new Date("2025-11-25T01:20:00Z"));
    const late = await guess(bob, tied, { week: 12, guess: 38 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("The tiebreaker's game has kicked off: guesses can no longer change.");
    expect(await tiebreakOf(alice, tied)).toMatchObject({ locked: true, player1Guess: 45, player2Guess: 41 });
    expect(await tiebreakOf(bob, owed)).toMatchObject({ locked: true, player1Guess: 30, player2Guess: null });
  });

  it("goes to the closer guess at its final, its players told as by any final", async () => {
    clock.set(new Date("2025-11-25T05:00:00Z"));
    const stream = await openEventStream(base, alice);
    try {
      vary.final(event(CAR_SF), 17, 20);
      await sync();
      const grades = await stream.waitFor((candidate) => candidate.action === "grades");
      expect(grades.contests).toEqual(expect.arrayContaining([tied, owed]));
    } finally {
      await stream.close();
    }
    await vi.waitFor(async () => expect((await weekResult(alice, tied, 12)).isSettled).toBe(true), {
      timeout: 5_000,
      interval: 20,
    });
    // 37 points: Bob's 41 is 4 away, Alice's 45 is 8.
    expect(await weekResult(alice, tied, 12)).toMatchObject({
      player1Wins: 1,
      player2Wins: 1,
      weekWinner: "player2",
      tiebreakWinner: "player2",
      tiebreak: { locked: true, player1Guess: 45, player2Guess: 41, total: 37, canceled: false },
    });
    expect((await contestOf(bob, tied)).standing).toMatchObject({
      completedWeeks: 1,
      player2: { weeksWon: 1, runningTotal: 20 },
      player1: { weeksLost: 1, runningTotal: -20 },
    });
    // A guess beats none.
    expect(await weekResult(bob, owed, 12)).toMatchObject({
      weekWinner: "player1",
      tiebreakWinner: "player1",
    });
    // Two players of the week tied on wins: told like any settled week.
    await vi.waitFor(async () => expect(await mailsAbout("on the tiebreaker")).toHaveLength(4), {
      timeout: 5_000,
      interval: 50,
    });
    const told = await mailsAbout("“Tied on wins” is settled");
    expect(told.map((mail) => mail.text.match(/settled\. (.*)\./)?.[1]).sort()).toEqual([
      "You lost 1–1 on the tiebreaker (−$20)",
      "You won 1–1 on the tiebreaker (+$20)",
    ]);
    // The plain contest's week 12 has no picks: its settled week reads as before.
    expect((await weekResult(alice, plain, 12)).tiebreak).toBeUndefined();
  });
});

describe("by the admin's score entry", () => {
  it("settles a tied week the same way when the admin enters the last game's score", async () => {
    clock.set(new Date("2025-11-26T12:00:00Z"));
    const week13 = await games(13);
    const last = week13.at(-1)!;
    const [one, two] = week13.filter((game) => game.overUnder !== null && game.id !== last.id);
    await pickOvers(tied, 13, { alice: one!.id, bob: two!.id });
    expect((await guess(alice, tied, { week: 13, guess: 50 })).statusCode).toBe(200);
    expect((await guess(bob, tied, { week: 13, guess: 30 })).statusCode).toBe(200);
    clock.set(new Date("2025-12-02T12:00:00Z"));
    const score = (game: Game, home: number, away: number) =>
      as(admin).patch(`/api/games/${game.id}`, { status: "final", homeScore: home, awayScore: away });
    // Both overs lose: a tie at 0–0 on wins.
    expect((await score(one!, 0, 0)).statusCode).toBe(200);
    expect((await score(two!, 0, 0)).statusCode).toBe(200);
    expect((await weekResult(alice, tied, 13)).isSettled).toBe(false);
    const stream = await openEventStream(base, bob);
    try {
      expect((await score(last, 27, 21)).statusCode).toBe(200);
      const grades = await stream.waitFor((candidate) => candidate.action === "grades");
      expect(grades.contests).toContain(tied);
    } finally {
      await stream.close();
    }
    await vi.waitFor(
      async () =>
        expect(await weekResult(bob, tied, 13)).toMatchObject({
          isSettled: true,
          weekWinner: "player1",
          tiebreakWinner: "player1",
          tiebreak: { player1Guess: 50, player2Guess: 30, total: 48 },
        }),
      { timeout: 5_000, interval: 20 },
    );
  });

  it("turns the tiebreaker off from the next week without picks, the weeks before as they were", async () => {
    const edited = await as(admin).put(`/api/contests/${tied}`, {
      name: "Tied on wins",
      description: "",
      maxPicksPerPlayer: 1,
      isFree: false,
      betAmount: 20,
      tiebreaker: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().tiebreaker).toBe(false);
    expect((await weekResult(alice, tied, 13)).tiebreakWinner).toBe("player1");
    const refused = await guess(alice, tied, { week: 14, guess: 40 });
    expect(refused.json().message).toBe("This contest plays no tiebreaker in week 14.");
    const log = (await as(admin).get("/api/admin/activity?limit=5")).json();
    expect((log.entries as { summary: string }[]).map((entry) => entry.summary)).toContainEqual(
      expect.stringContaining("tiebreaker off from week 14"),
    );
  });
});
