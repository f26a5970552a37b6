import { describe, expect, it } from "vitest";
import { runningTotal, seasonWinner, weekOutcome, type Result, type WeekInput } from "./weekly";

const picks = (p1: Result[], p2: Result[]) => [
  ...p1.map((result) => ({ userId: "p1", result })),
  ...p2.map((result) => ({ userId: "p2", result })),
];
const week = (extra: Partial<WeekInput>): WeekInput => ({
  week: 1,
  pot: 25,
  player1Id: "p1",
  player2Id: "p2",
  picks: [],
  allowance: 2,
  allKickedOff: false,
  ...extra,
});

describe("weekOutcome", () => {
  it.each<[string, Partial<WeekInput>, Partial<ReturnType<typeof weekOutcome>>]>([
    [
      "in progress while picks remain to be made",
      { picks: picks(["win", "win"], ["loss"]) },
      { isSettled: false, weekWinner: null, player1Wins: 2 },
    ],
    [
      "in progress while a pick is ungraded",
      { picks: picks(["win", "pending"], ["loss", "loss"]) },
      { isSettled: false },
    ],
    [
      "player 1 wins more",
      { picks: picks(["win", "win"], ["win", "loss"]) },
      { isSettled: true, weekWinner: "player1", player1Wins: 2, player2Wins: 1 },
    ],
    [
      "player 2 wins more",
      { picks: picks(["loss", "push"], ["win", "loss"]) },
      { isSettled: true, weekWinner: "player2" },
    ],
    [
      "equal wins is a tie",
      { picks: picks(["win", "loss"], ["push", "win"]) },
      { isSettled: true, weekWinner: "tie" },
    ],
    [
      "every game kicked off: settled with what was picked",
      { picks: picks(["win"], []), allKickedOff: true },
      { isSettled: true, weekWinner: "player1" },
    ],
    [
      "an extra game still to pick keeps the week open",
      { picks: picks(["win", "win"], ["loss", "loss"]), extra: { player1: 1, player2: 1 } },
      { isSettled: false, weekWinner: null },
    ],
    [
      "extra picks made and graded: settled",
      {
        picks: picks(["win", "win", "loss"], ["loss", "loss", "win"]),
        extra: { player1: 1, player2: 1 },
      },
      { isSettled: true, weekWinner: "player1" },
    ],
    [
      "one player's extra pick still to make",
      { picks: picks(["win", "win", "loss"], ["loss", "loss"]), extra: { player1: 1, player2: 1 } },
      { isSettled: false },
    ],
    [
      "an extra game that started unpicked adds nothing",
      { picks: picks(["win", "win", "loss"], ["loss", "loss"]), extra: { player1: 1, player2: 0 } },
      { isSettled: true, weekWinner: "player1" },
    ],
    [
      "nobody picked and it is over: a tie",
      { allKickedOff: true },
      { isSettled: true, weekWinner: "tie", player1Wins: 0 },
    ],
  ])("%s", (_label, input, expected) => {
    expect(weekOutcome(week(input))).toMatchObject(expected);
  });

  it("carries the pot", () => {
    expect(weekOutcome(week({ pot: 40 })).potAmount).toBe(40);
  });
});

describe("running total and season winner", () => {
  const weeks = [
    weekOutcome(week({ week: 1, pot: 25, picks: picks(["win", "win"], ["loss", "loss"]) })),
    weekOutcome(week({ week: 2, pot: 25, picks: picks(["loss", "loss"], ["win", "loss"]) })),
    weekOutcome(week({ week: 3, pot: 50, picks: picks(["win", "loss"], ["win", "loss"]) })),
    weekOutcome(week({ week: 4, pot: 50, picks: picks(["win", "win"], ["pending", "loss"]) })),
  ];

  it("adds pots won and subtracts pots lost over settled weeks only", () => {
    expect(runningTotal(weeks, "player1")).toBe(0);
    expect(runningTotal(weeks, "player2")).toBe(0);
    expect(runningTotal(weeks.slice(0, 1), "player1")).toBe(25);
    expect(runningTotal(weeks.slice(0, 1), "player2")).toBe(-25);
  });

  it("names the season's winner by correct picks", () => {
    expect(seasonWinner(weeks)).toBe("player1");
    expect(seasonWinner([])).toBe("tie");
  });
});
