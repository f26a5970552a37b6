import { describe, expect, it } from "vitest";
import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import {
  contestPlayers,
  contestStats,
  editableTerms,
  editBodyOf,
  editFormOf,
  filterContests,
  postseasonTerms,
} from "./contests";

const ADA = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const GONE = "00000000-0000-4000-8000-00000000000c";

const contest = (over: Partial<Contest>): Contest => ({
  id: "10000000-0000-4000-8000-000000000000",
  name: "Sunday Showdown",
  description: "",
  status: "pending",
  player1Id: ADA,
  player2Id: BOB,
  player2Email: "bob@example.com",
  betAmount: 25,
  isFree: false,
  season: 2025,
  standing: {
    player1: { wins: 0, losses: 0, weeksWon: 0, weeksLost: 0, runningTotal: 0 },
    player2: { wins: 0, losses: 0, weeksWon: 0, weeksLost: 0, runningTotal: 0 },
    completedWeeks: 0,
  },
  startWeek: 1,
  currentWeek: 1,
  totalWeeks: 18,
  maxPicksPerPlayer: 2,
  rounds: null,
  tiebreaker: false,
  lockOfTheWeek: false,
  potRollover: false,
  postseason: false,
  postseasonMultipliers: [1, 1, 1, 1],
  winnerId: null,
  createdAt: "2025-09-01T00:00:00.000Z",
  predecessorId: null,
  rematch: null,
  ...over,
});

const user = (id: string, firstName: string, lastName: string): ListedUser => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  isAdmin: false,
  createdAt: "2025-09-01T00:00:00.000Z",
  lastActiveAt: null,
  contestsCount: 1,
});
const users = new Map([ADA, BOB].map((id, i) => [id, user(id, ["Ada", "Bob"][i]!, "Smith")]));

describe("contestPlayers", () => {
  it("names both players", () => {
    expect(contestPlayers(contest({}), users)).toEqual({ player1: "Ada Smith", player2: "Bob Smith" });
  });
  it("says Unknown for a user it cannot find", () => {
    expect(contestPlayers(contest({ player1Id: GONE, player2Id: GONE }), users)).toEqual({
      player1: "Unknown",
      player2: "Unknown",
    });
  });
  it("shows the e-mail of an invitee without an account", () => {
    expect(contestPlayers(contest({ player2Id: null, player2Email: "new@example.com" }), users).player2).toBe(
      "new@example.com",
    );
  });
});

describe("filterContests", () => {
  const a = contest({ name: "Sunday Showdown" });
  const b = contest({ name: "Monday Madness", player2Id: null, player2Email: "carl@example.com" });
  const playersOf = (c: Contest) => contestPlayers(c, users);
  it.each([
    ["", [a, b]],
    ["showdown", [a]],
    ["MONDAY", [b]],
    ["bob smith", [a]],
    ["ada", [a, b]],
    ["carl@", [b]],
    ["zzz", []],
  ])("%j", (search, expected) => {
    expect(filterContests([a, b], search, playersOf)).toEqual(expected);
  });
});

describe("contestStats", () => {
  it("counts by status and sums the bets of paid contests only", () => {
    expect(
      contestStats([
        contest({ status: "active", betAmount: 25 }),
        contest({ status: "active", betAmount: 10 }),
        contest({ status: "completed", betAmount: 0, isFree: true }),
        contest({ status: "pending", betAmount: 40, isFree: true }),
      ]),
    ).toEqual({ total: 4, active: 2, completed: 1, totalBetValue: 35 });
  });
});

describe("editFormOf", () => {
  it("starts the Edit Contest form from the contest, a free contest at $0", () => {
    expect(editFormOf(contest({ description: "Wings", maxPicksPerPlayer: 3 }))).toEqual({
      name: "Sunday Showdown",
      description: "Wings",
      maxPicksPerPlayer: 3,
      rounds: null,
      tiebreaker: false,
      lockOfTheWeek: false,
      potRollover: false,
      postseason: false,
      postseasonMultipliers: [1, 1, 1, 1],
      isFree: false,
      betAmount: 25,
    });
    const rounds = [{ roundNumber: 1, player1Picks: 2, player2Picks: 1 }];
    expect(editFormOf(contest({ rounds })).rounds).toEqual(rounds);
    expect(editFormOf(contest({ lockOfTheWeek: true, potRollover: true }))).toMatchObject({
      lockOfTheWeek: true,
      potRollover: true,
    });
    expect(editFormOf(contest({ isFree: true, betAmount: 40 }))).toMatchObject({
      isFree: true,
      betAmount: 0,
    });
  });
});

describe("the postseason in Edit Contest", () => {
  const postseasonContest = contest({
    totalWeeks: 22,
    postseason: true,
    postseasonMultipliers: [1, 1, 2, 3],
  });
  const body = (over: object = {}) => ({
    name: "Sunday Showdown",
    description: "",
    maxPicksPerPlayer: 2,
    isFree: false,
    betAmount: 25,
    ...over,
  });

  it("starts from the contest's postseason and multipliers, a copy of them", () => {
    const form = editFormOf(postseasonContest);
    expect(form).toMatchObject({ postseason: true, postseasonMultipliers: [1, 1, 2, 3] });
    expect(form.postseasonMultipliers).not.toBe(postseasonContest.postseasonMultipliers);
  });

  it("sends the postseason and its multipliers only when they change", () => {
    const unchanged = editBodyOf(
      postseasonContest,
      body({ postseason: true, postseasonMultipliers: [1, 1, 2, 3] }),
    );
    expect(unchanged).not.toHaveProperty("postseason");
    expect(unchanged).not.toHaveProperty("postseasonMultipliers");
    expect(
      editBodyOf(postseasonContest, body({ postseason: true, postseasonMultipliers: [2, 1, 2, 3] })),
    ).toEqual(body({ postseasonMultipliers: [2, 1, 2, 3] }));
    // Off: the multipliers no longer matter.
    expect(
      editBodyOf(postseasonContest, body({ postseason: false, postseasonMultipliers: [2, 2, 2, 2] })),
    ).toEqual(body({ postseason: false }));
    // On, for a contest that did not play it: the multipliers when they differ from 1× each.
    expect(editBodyOf(contest({}), body({ postseason: true, postseasonMultipliers: [1, 1, 1, 1] }))).toEqual(
      body({ postseason: true }),
    );
    expect(editBodyOf(contest({}), body({ postseason: true, postseasonMultipliers: [1, 1, 1, 2] }))).toEqual(
      body({ postseason: true, postseasonMultipliers: [1, 1, 1, 2] }),
    );
    expect(editBodyOf(contest({}), body({ postseason: false, postseasonMultipliers: [1, 1, 1, 2] }))).toEqual(
      body(),
    );
  });

  it.each([
    ["a pending contest through week 18", { status: "pending", totalWeeks: 18, currentWeek: 5 }, true, null],
    ["an active one playing it", { status: "active", totalWeeks: 22, currentWeek: 18 }, true, null],
    [
      "one in the postseason",
      { status: "active", totalWeeks: 22, currentWeek: 19 },
      false,
      "Week 18 is over: the postseason can no longer change.",
    ],
    [
      "one that ends before week 18",
      { status: "active", totalWeeks: 15, currentWeek: 5 },
      false,
      "Only a contest that runs through week 18 can play the postseason.",
    ],
    [
      "a completed one",
      { status: "completed", totalWeeks: 18, currentWeek: 18 },
      false,
      "This contest is completed: its postseason can no longer change.",
    ],
  ] as const)("may change for %s, or says why not", (_label, terms, editable, note) => {
    expect(postseasonTerms(terms)).toEqual({ editable, note });
  });
});

describe("editableTerms", () => {
  it.each([
    ["pending", true, null, null],
    ["active", true, null, "Applies from week 5 on; weeks already played keep their pots."],
    ["completed", false, "This contest is completed: its picks per week and bet can no longer change.", null],
    ["rejected", false, "This contest is rejected: its picks per week and bet can no longer change.", null],
  ] as const)("%s", (status, editable, note, betNote) => {
    expect(editableTerms({ status, currentWeek: 5 })).toEqual({ editable, note, betNote });
  });

  it("names a postseason round where a new bet applies from", () => {
    expect(editableTerms({ status: "active", currentWeek: 19 }).betNote).toBe(
      "Applies from the Wild Card round on; weeks already played keep their pots.",
    );
  });
});
