import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Contest } from "../../src/contracts/contests";
import type { Game } from "../../src/contracts/games";
import type { WeeklyResult } from "../../src/contracts/picks";
import { outbox } from "../../src/server/db/schema";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { EspnStandIn, recorded, vary, type EspnEvent, type Scoreboard } from "../feed-stand-in";
import { createTestApp } from "../setup/test-app";

/**
 * The postseason through the API (docs/rules.md, "The postseason"): a contest created in week 18 of
 * 2025 goes on through the Wild Card round, brought in by the feed's stand-in from the recorded
 * round (before kickoff, with lines; then its real finals), and the Super Bowl, a round derived
 * from it: two picks a player at most, its bet multiplied, the contest completed after it.
 */
const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, clock, db } = await createTestApp({
  now: "2025-12-31T12:00:00Z",
  env: { FEED_URL: standIn.url },
  feed: { timeoutMs: 3_000 },
});
const as = (who: SignedIn | null) => request(app, who);

/** The recorded Wild Card round as ESPN listed it before kickoff: scheduled, each with a line. */
function wildCardBeforeKickoff(): Scoreboard {
  const body = recorded("2025-postseason-week-1-final.json");
  for (const event of body.events) {
    vary.status(event, "STATUS_SCHEDULED");
    for (const team of event.competitions[0].competitors) {
      team.score = "0";
      delete team.winner;
    }
    const home = vary.competitor(event, "home").team.abbreviation;
    vary.line(event, `${home} -2.5`, -2.5, 45.5);
  }
  return body;
}

/**
 * A Super Bowl derived from the recorded round: BUF at JAX on 2026-02-08, ESPN's postseason week 5,
 * an event of its own (the Wild Card game keeps its id).
 */
function superBowl(final?: { away: number; home: number }): Scoreboard {
  const body = wildCardBeforeKickoff();
  const event = body.events.find((candidate: EspnEvent) => candidate.id === "401772977")!;
  event.id = "401772999";
  vary.moved(event, "2026-02-08T23:30Z", 5);
  if (final) vary.final(event, final.away, final.home);
  return { ...body, events: [event] };
}

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let contestId: string;

const sync = async (week: number) => {
  const response = await as(admin).post("/api/admin/feed/sync", { season: 2025, week });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const games = async (week: number) =>
  (await as(alice).get(`/api/games/week/${week}/season/2025`)).json() as Game[];
const gameOf = async (week: number, away: string) => (await games(week)).find((g) => g.awayTeam === away)!;
const contestOf = async (who: SignedIn, id: string) =>
  (await as(who).get(`/api/contests/${id}`)).json() as Contest;
const weekResult = async (id: string, week: number) =>
  ((await as(alice).get(`/api/contests/${id}/weekly-results`)).json().weeklyResults as WeeklyResult[]).find(
    (entry) => entry.week === week,
  );

const mailSubjects = async () =>
  (await db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.channel, "email"))).map(
    (row) => row.subject,
  );

type Wish = { gameId: string; market: "spread" | "total"; side: "favorite" | "underdog" | "over" | "under" };
const submit = (who: SignedIn, week: number, picks: Wish[]) =>
  as(who).post("/api/picks/batch", { contestId, week, round: 1, picks });
/** Both players' picks of a week, whoever picks first. */
async function pickWeek(week: number, mine: Wish[], theirs: Wish[]) {
  const first = await submit(alice, week, mine);
  if (first.statusCode === 201) {
    const second = await submit(bob, week, theirs);
    expect(second.statusCode, second.body).toBe(201);
    return;
  }
  const second = await submit(bob, week, theirs);
  expect(second.statusCode, second.body).toBe(201);
  const last = await submit(alice, week, mine);
  expect(last.statusCode, last.body).toBe(201);
}

const CREATE = {
  name: "Through the Super Bowl",
  defaultBetAmount: 10,
  maxPicksPerPlayer: 3,
  contestCreationPassword: "pw",
};
const EDIT = {
  name: "Through the Super Bowl",
  description: "",
  maxPicksPerPlayer: 3,
  isFree: false,
  betAmount: 10,
};

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  standIn.setWeek(2025, 19, wildCardBeforeKickoff());
});

describe("the postseason option", () => {
  it("makes a contest created in week 18 run through the Super Bowl (week 22)", async () => {
    const created = await as(alice).post("/api/contests", {
      ...CREATE,
      player2Email: bob.email,
      postseason: true,
      postseasonMultipliers: [1, 1, 2, 3],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      startWeek: 18,
      totalWeeks: 22,
      postseason: true,
      postseasonMultipliers: [1, 1, 2, 3],
    });
    contestId = created.json().id;
    expect((await as(bob).patch(`/api/contests/${contestId}`, { status: "active" })).statusCode).toBe(200);
  });

  it("is off unless asked for, and refuses a last week before 18 or a multiplier out of bounds", async () => {
    const plain = await as(alice).post("/api/contests", { ...CREATE, player2Email: "carl@example.com" });
    expect(plain.json()).toMatchObject({
      totalWeeks: 18,
      postseason: false,
      postseasonMultipliers: [1, 1, 1, 1],
    });
    const early = await as(alice).post("/api/contests", {
      ...CREATE,
      player2Email: "dora@example.com",
      postseason: true,
      firstWeek: 18,
      lastWeek: 18,
    });
    expect(early.statusCode).toBe(201);
    const short = await as(admin).post("/api/contests", {
      ...CREATE,
      player2Email: "dora@example.com",
      postseason: true,
      lastWeek: 17,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: "A contest that plays the postseason runs through week 18.",
      issues: [{ path: "lastWeek" }],
    });
    const zero = await as(alice).post("/api/contests", {
      ...CREATE,
      player2Email: "dora@example.com",
      postseason: true,
      postseasonMultipliers: [1, 0, 1, 1],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain("A round's multiplier must be a whole number from 1 to 10");
  });

  it("is the admin's to turn on or off until week 18 ends, and then no longer", async () => {
    const off = await as(admin).put(`/api/contests/${contestId}`, { ...EDIT, postseason: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ totalWeeks: 18, postseason: false });
    const on = await as(admin).put(`/api/contests/${contestId}`, {
      ...EDIT,
      postseason: true,
      postseasonMultipliers: [1, 1, 2, 3],
    });
    expect(on.json()).toMatchObject({
      totalWeeks: 22,
      postseason: true,
      postseasonMultipliers: [1, 1, 2, 3],
    });
    expect(
      (await as(alice).put(`/api/contests/${contestId}`, { ...EDIT, postseason: false })).statusCode,
    ).toBe(403);
    const log = (await as(admin).get("/api/admin/activity?limit=3")).json();
    expect((log.entries as { summary: string }[]).map((entry) => entry.summary)).toContainEqual(
      expect.stringContaining("postseason on; postseason bets 1×, 1×, 2×, 3×"),
    );

    clock.set(new Date("2026-01-07T12:00:00Z"));
    const late = await as(admin).put(`/api/contests/${contestId}`, { ...EDIT, postseason: false });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Week 18 is over: the postseason can no longer change.");
    expect((await contestOf(alice, contestId)).totalWeeks).toBe(22);
  });
});

describe("the Wild Card round", () => {
  it("comes in by the feed as week 19, never into a regular-season week", async () => {
    const week18 = (await games(18)).length;
    expect(await sync(19)).toMatchObject({ created: 6 });
    const round = await games(19);
    expect(round).toHaveLength(6);
    expect(
      round.every((game) => game.week === 19 && game.status === "upcoming" && game.overUnder === "45.5"),
    ).toBe(true);
    expect((await games(18)).length).toBe(week18);
    // Week 18 over, no contest can be created for 2025 any more; its postseason is still played.
    expect((await as(alice).get("/api/season")).json()).toMatchObject({
      season: 2025,
      currentWeek: 19,
      weeksToPlay: false,
      seasonOver: false,
    });
    expect((await contestOf(bob, contestId)).currentWeek).toBe(19);
  });

  it("is picked and graded by its recorded finals, its pot the bet times 1", async () => {
    const [lar, gb, sf, buf, lac, hou] = await Promise.all(
      ["LAR", "GB", "SF", "BUF", "LAC", "HOU"].map((away) => gameOf(19, away === "LAR" ? "LA" : away)),
    );
    // The finals: LA 34–31 (65), CHI 31–27 (58), SF 23–19 (42), BUF 27–24 (51), NE 16–3 (19), HOU 30–6 (36).
    const total = (game: Game, side: "over" | "under"): Wish => ({ gameId: game.id, market: "total", side });
    await pickWeek(
      19,
      [total(lar!, "over"), total(gb!, "over"), total(sf!, "over")],
      [total(buf!, "under"), total(lac!, "over"), total(hou!, "under")],
    );
    clock.set(new Date("2026-01-13T12:00:00Z"));
    standIn.setWeek(2025, 19, recorded("2025-postseason-week-1-final.json"));
    expect(await sync(19)).toMatchObject({ updated: 6 });
    await vi.waitFor(
      async () =>
        expect(await weekResult(contestId, 19)).toMatchObject({
          isSettled: true,
          potAmount: 10,
          player1Wins: 2,
          player2Wins: 1,
          weekWinner: "player1",
        }),
      { timeout: 5_000, interval: 20 },
    );
    // The settled-week mail names the round.
    await vi.waitFor(
      async () =>
        expect(
          (await mailSubjects()).filter((subject) => subject.startsWith("The Wild Card round of")),
        ).toEqual(
          expect.arrayContaining([expect.stringContaining("“Through the Super Bowl”: You won 2–1 (+$10)")]),
        ),
      { timeout: 5_000, interval: 50 },
    );
  });
});

describe("the Super Bowl", () => {
  it("allows two picks a player, the spread and the total, for a bet 3 times the stake", async () => {
    standIn.setWeek(2025, 22, superBowl());
    clock.set(new Date("2026-02-03T12:00:00Z"));
    expect(await sync(22)).toMatchObject({ created: 1 });
    expect((await contestOf(alice, contestId)).currentWeek).toBe(22);
    const game = await gameOf(22, "BUF");
    // JAX -2.5 at home, 45.5: Bob takes JAX and the over, Alice BUF and the under.
    await pickWeek(
      22,
      [
        { gameId: game.id, market: "spread", side: "underdog" },
        { gameId: game.id, market: "total", side: "under" },
      ],
      [
        { gameId: game.id, market: "spread", side: "favorite" },
        { gameId: game.id, market: "total", side: "over" },
      ],
    );
    expect(await weekResult(contestId, 22)).toMatchObject({ isSettled: false, potAmount: 30 });
  });

  it("completes the contest once final: BUF 27–24 takes the spread and the over", async () => {
    standIn.setWeek(2025, 22, superBowl({ away: 27, home: 24 }));
    clock.set(new Date("2026-02-09T12:00:00Z"));
    expect(await sync(22)).toMatchObject({ updated: 1 });
    await vi.waitFor(
      async () =>
        expect(await weekResult(contestId, 22)).toMatchObject({
          isSettled: true,
          potAmount: 30,
          player1Wins: 1,
          player2Wins: 1,
          weekWinner: "tie",
        }),
      { timeout: 5_000, interval: 20 },
    );
    const contest = await contestOf(bob, contestId);
    expect(contest.status).toBe("completed");
    expect(contest.winnerId).toBe(alice.id);
  });
});
