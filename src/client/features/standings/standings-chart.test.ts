import { describe, expect, it } from "vitest";
import type { WeeklyResult } from "@/contracts/picks";
import {
  balanceAxis,
  chartSummary,
  chartWeeks,
  finalBalance,
  hasChartData,
  winsAxis,
} from "./standings-chart";

const week = (
  number: number,
  wins: [player1: number, player2: number],
  winner: WeeklyResult["weekWinner"],
  pot = 25,
): WeeklyResult => ({
  week: number,
  potAmount: pot,
  isSettled: winner !== null,
  player1Wins: wins[0],
  player2Wins: wins[1],
  weekWinner: winner,
  player1Picks: [],
  player2Picks: [],
});

// Week 3 is still being played; the results arrive out of order.
const season = [week(2, [0, 2], "player2"), week(1, [2, 1], "player1"), week(3, [1, 0], null)];

describe("chartWeeks", () => {
  it("runs the balance over settled weeks, in week order, from player 1's side", () => {
    expect(chartWeeks(season, "player1")).toEqual([
      {
        week: 1,
        label: "W1",
        settled: true,
        mineWins: 2,
        theirsWins: 1,
        mineBalance: 25,
        theirsBalance: -25,
      },
      { week: 2, label: "W2", settled: true, mineWins: 0, theirsWins: 2, mineBalance: 0, theirsBalance: 0 },
      {
        week: 3,
        label: "W3",
        settled: false,
        mineWins: 1,
        theirsWins: 0,
        mineBalance: null,
        theirsBalance: null,
      },
    ]);
  });

  it("labels a postseason round by its short name", () => {
    const postseason = [week(18, [1, 0], "player1"), week(19, [0, 1], null), week(22, [0, 0], null)];
    expect(chartWeeks(postseason, "player1").map((w) => w.label)).toEqual(["W18", "WC", "SB"]);
  });

  it("mirrors for player 2", () => {
    const weeks = chartWeeks(season, "player2");
    expect(weeks.map((w) => [w.mineWins, w.theirsWins, w.mineBalance])).toEqual([
      [1, 2, -25],
      [2, 0, 0],
      [0, 1, null],
    ]);
  });

  it("moves no money on a push, and each week's own pot on a bet change", () => {
    const weeks = chartWeeks(
      [week(1, [1, 1], "tie", 25), week(2, [2, 0], "player1", 50), week(3, [0, 1], "player2", 10)],
      "player1",
    );
    expect(weeks.map((w) => w.mineBalance)).toEqual([0, 50, 40]);
    expect(weeks.map((w) => w.theirsBalance)).toEqual([0, -50, -40]);
    expect(Object.is(weeks[0]!.theirsBalance, -0)).toBe(false);
  });

  it("keeps a free contest at 0", () => {
    const weeks = chartWeeks([week(1, [2, 0], "player1", 0)], "player1");
    expect(weeks[0]).toMatchObject({ mineBalance: 0, theirsBalance: 0, mineWins: 2 });
  });
});

describe("finalBalance and chartSummary", () => {
  const names = { mine: "You", theirs: "Bob" };

  it("sums up picks and money for screen readers", () => {
    const weeks = chartWeeks(season, "player1");
    expect(finalBalance(weeks)).toBe(0);
    expect(chartSummary(weeks, names, false)).toBe(
      "Over 3 weeks (2 settled): You 3 correct picks, Bob 3. Balance: You $0, Bob $0.",
    );
    const ahead = chartWeeks([week(1, [1, 0], "player1")], "player1");
    expect(chartSummary(ahead, names, false)).toBe(
      "Over 1 week (1 settled): You 1 correct pick, Bob 0. Balance: You +$25, Bob -$25.",
    );
  });

  it("leaves money out of a free contest, and says when nothing was played", () => {
    expect(chartSummary(chartWeeks(season, "player2"), { mine: "Bob", theirs: "Ada" }, true)).toBe(
      "Over 3 weeks: Bob 3 correct picks, Ada 3.",
    );
    expect(chartSummary([], names, false)).toBe("No weeks played yet.");
    expect(finalBalance([])).toBe(0);
  });
});

describe("hasChartData", () => {
  it("draws once a week is settled or a pick is correct, not for a week of ungraded picks", () => {
    expect(hasChartData(chartWeeks([], "player1"))).toBe(false);
    expect(hasChartData(chartWeeks([week(2, [0, 0], null)], "player1"))).toBe(false);
    expect(hasChartData(chartWeeks([week(2, [0, 1], null)], "player1"))).toBe(true);
    // A week settled with no correct pick on either side (a push) still has its balance point.
    expect(hasChartData(chartWeeks([week(2, [0, 0], "tie")], "player1"))).toBe(true);
  });
});

describe("balanceAxis (the axis fits the money)", () => {
  const weeksWith = (...balances: (number | null)[]) =>
    balances.map((balance, index) => ({
      week: index + 1,
      label: `W${index + 1}`,
      settled: balance !== null,
      mineWins: 0,
      theirsWins: 0,
      mineBalance: balance,
      theirsBalance: balance === null ? null : -balance,
    }));

  it("spans the largest balance either way, on round steps", () => {
    expect(balanceAxis(weeksWith(10, 20, -10))).toEqual({
      domain: [-20, 20],
      ticks: [-20, -10, 0, 10, 20],
      width: 4 * 8 + 12,
    });
    const big = balanceAxis(weeksWith(1_250, 2_500, null));
    expect(big.domain).toEqual([-3_000, 3_000]);
    expect(big.ticks).toEqual([-3_000, -2_000, -1_000, 0, 1_000, 2_000, 3_000]);
    // "-$3,000" is 7 characters: the axis is wide enough for it.
    expect(big.width).toBe(7 * 8 + 12);
  });

  it("keeps whole dollars for small amounts and a scale when no money moved", () => {
    expect(balanceAxis(weeksWith(3)).ticks).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    expect(balanceAxis(weeksWith(25, 50)).ticks).toEqual([-50, -25, 0, 25, 50]);
    expect(balanceAxis(weeksWith(0, 0)).domain).toEqual([-5, 5]);
    expect(balanceAxis(weeksWith(1)).ticks).toEqual([-1, 0, 1]);
  });
});

describe("winsAxis (the axis fits the picks a week holds)", () => {
  /** A week in which the players held this many picks (their contents do not matter here). */
  const held = (result: WeeklyResult, player1: number, player2: number): WeeklyResult => {
    const picks = (count: number) =>
      Array.from({ length: count }, () => ({}) as WeeklyResult["player1Picks"][number]);
    return { ...result, player1Picks: picks(player1), player2Picks: picks(player2) };
  };

  it("tops out at one pick a week, with no ticks in between", () => {
    const season = [held(week(13, [1, 0], "player1"), 1, 1), held(week(14, [0, 0], null), 0, 0)];
    expect(winsAxis(season, 1)).toEqual({ domain: [0, 1], ticks: [0, 1] });
  });

  it("reaches the allowance though nobody has that many correct picks", () => {
    expect(winsAxis([week(1, [1, 0], "player1")], 3)).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
  });

  it("reaches a week's extra picks beyond the allowance", () => {
    expect(winsAxis([held(week(1, [2, 1], "player1"), 3, 2)], 2).domain).toEqual([0, 3]);
  });

  it("steps by whole numbers, at most six ticks, for larger allowances", () => {
    expect(winsAxis([], 8)).toEqual({ domain: [0, 8], ticks: [0, 2, 4, 6, 8] });
    expect(winsAxis([], 16)).toEqual({ domain: [0, 16], ticks: [0, 4, 8, 12, 16] });
    expect(winsAxis([], 11).ticks).toEqual([0, 3, 6, 9, 12]);
  });

  it("still shows one pick when nothing is known", () => {
    expect(winsAxis([], 0)).toEqual({ domain: [0, 1], ticks: [0, 1] });
  });
});
