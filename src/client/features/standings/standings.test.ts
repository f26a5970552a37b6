import { describe, expect, it } from "vitest";
import type { Contest } from "@/contracts/contests";
import { chooseStandingsContest } from "@/contracts/screens";
import type { ContestStanding, WeeklyResult } from "@/contracts/picks";
import {
  bestWeek,
  currentWeekOf,
  formatBestWeek,
  formatSignedDollars,
  formatWinRate,
  leaders,
  recentWeeks,
  settlement,
  verdictNote,
  viewerSide,
  weekMoney,
  weekMoneyText,
  weekVerdict,
  weeksPlayed,
  winRate,
  type Side,
} from "./standings";

const ADA = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const CY = "00000000-0000-4000-8000-00000000000c";
const ADMIN = "00000000-0000-4000-8000-0000000000ad";

const standing = (
  one: [wins: number, losses: number, money: number],
  two: [wins: number, losses: number, money: number],
  completedWeeks = 0,
): ContestStanding => ({
  player1: { wins: one[0], losses: one[1], weeksWon: 0, weeksLost: 0, runningTotal: one[2] },
  player2: { wins: two[0], losses: two[1], weeksWon: 0, weeksLost: 0, runningTotal: two[2] },
  completedWeeks,
});

const contest = (id: string, over: Partial<Contest> = {}): Contest => ({
  id,
  name: `Contest ${id}`,
  description: "",
  status: "active",
  player1Id: ADA,
  player2Id: BOB,
  player2Email: "bob@example.com",
  betAmount: 25,
  isFree: false,
  season: 2025,
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
  standing: standing([0, 0, 0], [0, 0, 0]),
  ...over,
});

const week = (
  number: number,
  player1Wins: number,
  player2Wins: number,
  weekWinner: WeeklyResult["weekWinner"],
  { pot = 25, picks = 2 }: { pot?: number; picks?: number } = {},
): WeeklyResult => ({
  week: number,
  potAmount: pot,
  isSettled: weekWinner !== null,
  player1Wins,
  player2Wins,
  weekWinner,
  // Only the count matters here.
  player1Picks: Array.from({ length: picks }) as WeeklyResult["player1Picks"],
  player2Picks: Array.from({ length: picks }) as WeeklyResult["player2Picks"],
});

const names: Record<Side, string> = { player1: "Ada Lovelace", player2: "Bob Brown" };

describe("chooseStandingsContest", () => {
  const pending = contest("pending", { status: "pending" });
  const rejected = contest("rejected", { status: "rejected" });
  const done = contest("done", { status: "completed" });
  const live = contest("live");
  const others = contest("others", { player1Id: CY, player2Id: BOB });

  it.each([
    {
      case: "the first active contest by default",
      list: [done, live],
      requested: null,
      user: ADA,
      id: "live",
    },
    {
      case: "the first contest when none is active",
      list: [pending, done],
      requested: null,
      user: ADA,
      id: "done",
    },
    { case: "the one in the address", list: [live, done], requested: "done", user: ADA, id: "done" },
    {
      case: "a pending one when named",
      list: [live, pending],
      requested: "pending",
      user: ADA,
      id: "pending",
    },
    { case: "the user's own before others'", list: [others, live], requested: null, user: ADA, id: "live" },
    { case: "an admin's first active one", list: [others, live], requested: null, user: ADMIN, id: "others" },
    {
      case: "nothing without a started contest",
      list: [pending, rejected],
      requested: null,
      user: ADA,
      id: undefined,
    },
  ])("selects $case", ({ list, requested, user, id }) => {
    expect(chooseStandingsContest(list, requested, user).selected?.id).toBe(id);
  });

  it("offers started contests only, plus the one named in the address", () => {
    expect(
      chooseStandingsContest([pending, live, rejected, done], null, ADA).options.map((c) => c.id),
    ).toEqual(["live", "done"]);
    expect(chooseStandingsContest([pending, live], "pending", ADA).options.map((c) => c.id)).toEqual([
      "live",
      "pending",
    ]);
  });

  it.each([
    { requested: "gone", notFound: true },
    { requested: "live", notFound: false },
    { requested: null, notFound: false },
  ])("says whether $requested was found", ({ requested, notFound }) => {
    const choice = chooseStandingsContest([live], requested, ADA);
    expect(choice.notFound).toBe(notFound);
    expect(choice.selected?.id).toBe("live");
  });
});

describe("viewerSide", () => {
  it.each([
    { user: ADA, side: "player1", isPlayer: true },
    { user: BOB, side: "player2", isPlayer: true },
    { user: ADMIN, side: "player1", isPlayer: false },
    { user: undefined, side: "player1", isPlayer: false },
  ])("$user sees $side", ({ user, side, isPlayer }) => {
    expect(viewerSide({ player1Id: ADA, player2Id: BOB }, user)).toEqual({ side, isPlayer });
  });

  it("does not take a missing player 2 for the viewer", () => {
    expect(viewerSide({ player1Id: ADA, player2Id: null }, BOB)).toEqual({
      side: "player1",
      isPlayer: false,
    });
  });
});

describe("currentWeekOf", () => {
  it("is the week being played while the contest is active", () => {
    expect(currentWeekOf({ status: "active", currentWeek: 15 })).toBe(15);
  });

  it("is none once the contest is completed: its last week is no longer current", () => {
    expect(currentWeekOf({ status: "completed", currentWeek: 18 })).toBeNull();
  });
});

describe("winRate", () => {
  it.each([
    { wins: 0, losses: 0, rate: null, text: "—" },
    { wins: 2, losses: 0, rate: 1, text: "100%" },
    { wins: 0, losses: 3, rate: 0, text: "0%" },
    { wins: 2, losses: 1, rate: 2 / 3, text: "67%" },
    { wins: 1, losses: 7, rate: 0.125, text: "13%" },
  ])("$wins wins and $losses losses: $text", ({ wins, losses, rate, text }) => {
    expect(winRate(wins, losses)).toBe(rate);
    expect(formatWinRate(winRate(wins, losses))).toBe(text);
  });
});

describe("bestWeek", () => {
  const results = [week(3, 1, 2, "player2"), week(1, 2, 0, "player1"), week(2, 2, 2, "tie")];

  it.each([
    { side: "player1", best: { week: 1, wins: 2 }, text: "Week 1 (2 wins)" },
    { side: "player2", best: { week: 2, wins: 2 }, text: "Week 2 (2 wins)" },
  ] as const)("for $side: $text", ({ side, best, text }) => {
    expect(bestWeek(results, side)).toEqual(best);
    expect(formatBestWeek(bestWeek(results, side))).toBe(text);
  });

  it.each([
    { case: "no weeks", results: [], text: "—" },
    { case: "no correct pick", results: [week(1, 0, 2, "player2")], text: "—" },
    { case: "one correct pick", results: [week(4, 1, 0, null)], text: "Week 4 (1 win)" },
  ])("with $case: $text", ({ results, text }) => {
    expect(formatBestWeek(bestWeek(results, "player1"))).toBe(text);
  });
});

describe("weeksPlayed", () => {
  it.each([
    { results: [], played: 0 },
    { results: [week(1, 1, 0, "player1"), week(2, 0, 0, null)], played: 1 },
    { results: [week(1, 1, 1, "tie"), week(2, 0, 1, "player2")], played: 2 },
  ])("counts $played settled weeks", ({ results, played }) => {
    expect(weeksPlayed(results)).toBe(played);
  });
});

describe("weekVerdict and weekMoney", () => {
  it.each([
    { winner: "player1", side: "player1", verdict: "won", money: 25 },
    { winner: "player1", side: "player2", verdict: "lost", money: -25 },
    { winner: "player2", side: "player2", verdict: "won", money: 25 },
    { winner: "tie", side: "player1", verdict: "push", money: 0 },
    { winner: null, side: "player1", verdict: "in-progress", money: 0 },
  ] as const)("$winner for $side: $verdict", ({ winner, side, verdict, money }) => {
    const result = week(1, 1, 1, winner);
    expect(weekVerdict(result, side)).toBe(verdict);
    expect(weekMoney(result, side)).toBe(money);
  });

  it("treats an unsettled week as in progress whatever it says", () => {
    expect(weekVerdict({ isSettled: false, weekWinner: "player1" }, "player1")).toBe("in-progress");
  });

  it("tells a week neither player picked in from a tie on wins", () => {
    const unpicked = { isSettled: true, weekWinner: "tie" as const, player1Picks: [], player2Picks: [] };
    expect(weekVerdict(unpicked, "player1")).toBe("no-picks");
    expect(weekMoney({ ...unpicked, potAmount: 10 }, "player2")).toBe(0);
    expect(weekMoneyText({ ...unpicked, potAmount: 10 }, "player1").note).toBe("$10 pot not taken");
    expect(weekVerdict(week(1, 1, 1, "tie"), "player1")).toBe("push");
  });
});

describe("verdictNote", () => {
  it("says when the tiebreaker took a week tied on wins, for the winner and the loser alike", () => {
    const taken = { ...week(1, 1, 1, "player2"), tiebreakWinner: "player2" as const };
    expect(weekVerdict(taken, "player2")).toBe("won");
    expect(weekVerdict(taken, "player1")).toBe("lost");
    expect(weekMoney(taken, "player1")).toBe(-25);
    expect(verdictNote(taken)).toBe("on the tiebreaker");
    expect(verdictNote(week(1, 2, 1, "player1"))).toBeNull();
    expect(verdictNote(week(1, 1, 1, "tie"))).toBeNull();
  });
});

describe("formatSignedDollars", () => {
  it.each([
    { amount: 25, text: "+$25" },
    { amount: -25, text: "-$25" },
    { amount: 0, text: "$0" },
    { amount: 1250, text: "+$1,250" },
  ])("$amount is $text", ({ amount, text }) => {
    expect(formatSignedDollars(amount)).toBe(text);
  });
});

describe("leaders", () => {
  it.each([
    {
      case: "more correct picks first",
      standing: standing([1, 3, -25], [3, 1, 25]),
      order: ["Bob Brown", "Ada Lovelace"],
      ranks: [1, 2],
    },
    {
      case: "player 1 ahead",
      standing: standing([5, 1, 50], [2, 4, -50]),
      order: ["Ada Lovelace", "Bob Brown"],
      ranks: [1, 2],
    },
    {
      case: "equal picks share the rank, money decides the order",
      standing: standing([2, 2, -25], [2, 2, 25]),
      order: ["Bob Brown", "Ada Lovelace"],
      ranks: [1, 1],
    },
    {
      case: "all equal: seat order",
      standing: standing([0, 0, 0], [0, 0, 0]),
      order: ["Ada Lovelace", "Bob Brown"],
      ranks: [1, 1],
    },
  ])("$case", ({ standing, order, ranks }) => {
    const rows = leaders(standing, names);
    expect(rows.map((row) => row.name)).toEqual(order);
    expect(rows.map((row) => row.rank)).toEqual(ranks);
  });

  it("carries each player's record and money", () => {
    expect(leaders(standing([2, 0, 10], [1, 1, -10]), names)[1]).toEqual({
      side: "player2",
      name: "Bob Brown",
      rank: 2,
      wins: 1,
      losses: 1,
      runningTotal: -10,
    });
  });
});

describe("settlement", () => {
  it.each([
    { money: 10, result: { debtor: "Bob Brown", creditor: "Ada Lovelace", amount: 10 } },
    { money: -75, result: { debtor: "Ada Lovelace", creditor: "Bob Brown", amount: 75 } },
    { money: 0, result: null },
  ])("player 1 at $money", ({ money, result }) => {
    expect(settlement(standing([0, 0, money], [0, 0, -money]), names)).toEqual(result);
  });
});

describe("recentWeeks", () => {
  it.each([
    { case: "newest first, at most the count", count: 2, weeks: [4, 3] },
    { case: "every week with something to show", count: 10, weeks: [4, 3, 2, 1] },
  ])("$case", ({ count, weeks }) => {
    const results = [
      week(1, 1, 0, "player1"),
      week(2, 0, 0, null, { picks: 1 }),
      week(3, 1, 1, "tie"),
      week(4, 0, 0, null, { picks: 2 }),
      week(5, 0, 0, null, { picks: 0 }),
    ];
    expect(recentWeeks(results, count).map((result) => result.week)).toEqual(weeks);
  });
});

describe("weekMoneyText (one figure for a week in both cards)", () => {
  const week = (extra: object) => ({ isSettled: true, weekWinner: "tie" as const, potAmount: 20, ...extra });
  it("shows a push as $0, saying the pot is not taken", () => {
    expect(weekMoneyText(week({}), "player1")).toEqual({ text: "$0", amount: 0, note: "$20 pot not taken" });
  });
  it("shows a settled week's money from the player's side", () => {
    expect(weekMoneyText(week({ weekWinner: "player1" }), "player1").text).toBe("+$20");
    expect(weekMoneyText(week({ weekWinner: "player1" }), "player2").text).toBe("-$20");
  });
  it("shows the pot at stake while the week is played", () => {
    expect(weekMoneyText(week({ isSettled: false, weekWinner: null }), "player1")).toEqual({
      text: "Pot $20",
      amount: null,
      note: null,
    });
  });
});
