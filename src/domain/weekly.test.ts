import { describe, expect, it } from "vitest";
import {
  rollPots,
  runningTotal,
  seasonWinner,
  tiebreakWinner,
  weekOutcome,
  type Result,
  type WeekInput,
} from "./weekly";

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

describe("the weekly tiebreaker", () => {
  it.each<[string, number | null, number | null, number, ReturnType<typeof tiebreakWinner>]>([
    ["the closer guess", 44, 38, 45, "player1"],
    ["the closer guess below the total", 52, 41, 45, "player2"],
    ["the exact total", 45, 45, 45, "tie"],
    ["equally close, either side", 41, 49, 45, "tie"],
    ["a guess against none", null, 60, 20, "player2"],
    ["none against a guess", 3, null, 70, "player1"],
    ["no guess from either", null, null, 45, "tie"],
  ])("%s: %s and %s on a total of %s", (_, player1Guess, player2Guess, total, winner) => {
    expect(tiebreakWinner({ player1Guess, player2Guess }, total)).toBe(winner);
  });

  const tied = picks(["win", "loss"], ["loss", "win"]);

  it("takes a week tied on wins, pot and all, for the closer guess", () => {
    const outcome = weekOutcome(
      week({ picks: tied, tiebreak: { player1Guess: 40, player2Guess: 47, total: 45 } }),
    );
    expect(outcome).toMatchObject({ isSettled: true, weekWinner: "player2", tiebreakWinner: "player2" });
    expect(runningTotal([outcome], "player2")).toBe(25);
  });

  it("leaves a week won on picks to the picks, whatever the guesses", () => {
    const outcome = weekOutcome(
      week({
        picks: picks(["win", "win"], ["win", "loss"]),
        tiebreak: { player1Guess: 0, player2Guess: 45, total: 45 },
      }),
    );
    expect(outcome).toMatchObject({ weekWinner: "player1" });
    expect(outcome.tiebreakWinner).toBeUndefined();
  });

  it("keeps the week open until the last game is final, even with every pick graded", () => {
    const outcome = weekOutcome(
      week({ picks: tied, tiebreak: { player1Guess: 40, player2Guess: 47, total: null } }),
    );
    expect(outcome).toMatchObject({ isSettled: false, weekWinner: null });
  });

  it("settles a week nobody picked in by the guesses once the last game is final", () => {
    const outcome = weekOutcome(
      week({ allKickedOff: true, tiebreak: { player1Guess: 51, player2Guess: null, total: 33 } }),
    );
    expect(outcome).toMatchObject({ isSettled: true, weekWinner: "player1", tiebreakWinner: "player1" });
  });

  it("falls away when the last game is canceled: a tie on wins is a push", () => {
    const outcome = weekOutcome(
      week({ picks: tied, tiebreak: { player1Guess: 40, player2Guess: 47, total: "void" } }),
    );
    expect(outcome).toMatchObject({ isSettled: true, weekWinner: "tie" });
    expect(outcome.tiebreakWinner).toBeUndefined();
  });
});

describe("the lock of the week", () => {
  const lock = (userId: string, result: Result) => [{ userId, result }];

  it.each<[string, Result[], Result[], ReturnType<typeof lock>, number, number, string]>([
    ["a won lock counts two wins", ["win", "loss"], ["win", "win"], lock("p1", "win"), 2, 2, "tie"],
    ["a won lock turns a lost week", ["win", "loss"], ["win", "loss"], lock("p1", "win"), 2, 1, "player1"],
    ["a lost lock counts two losses", ["win", "loss"], ["win", "loss"], lock("p2", "loss"), 1, 1, "tie"],
    ["a lock on a push counts nothing", ["push", "win"], ["win", "loss"], lock("p1", "push"), 1, 1, "tie"],
  ])("%s", (_, one, two, locks, player1Wins, player2Wins, winner) => {
    const outcome = weekOutcome(week({ picks: picks(one, two), locks }));
    expect(outcome).toMatchObject({ isSettled: true, player1Wins, player2Wins, weekWinner: winner });
  });

  it("both locks count, each for its player", () => {
    const outcome = weekOutcome(
      week({
        picks: picks(["win", "loss"], ["win", "loss"]),
        locks: [...lock("p1", "win"), ...lock("p2", "win")],
      }),
    );
    expect(outcome).toMatchObject({ player1Wins: 2, player2Wins: 2, weekWinner: "tie" });
  });

  it("a lock still to be graded leaves the week unsettled", () => {
    const outcome = weekOutcome(
      week({ picks: picks(["win", "pending"], ["win", "loss"]), locks: lock("p1", "pending") }),
    );
    expect(outcome).toMatchObject({ isSettled: false, player1Wins: 1 });
  });
});

describe("the pot's rollover", () => {
  const settled = (weekNo: number, weekWinner: "player1" | "player2" | "tie" | null, pot = 20) =>
    ({
      week: weekNo,
      potAmount: pot,
      isSettled: weekWinner !== null,
      player1Wins: 1,
      player2Wins: 1,
      weekWinner,
    }) as const;
  const always = () => true;

  it("rolls a pushed week's pot into the next, until a week is won", () => {
    const weeks = rollPots(
      [settled(1, "tie"), settled(2, "tie"), settled(3, "player2"), settled(4, "player1")],
      always,
    );
    expect(weeks.map((w) => [w.potAmount, w.rolledIn, w.rollsOver])).toEqual([
      [20, undefined, true],
      [40, 20, true],
      [60, 40, undefined],
      [20, undefined, undefined],
    ]);
    expect(runningTotal(weeks, "player2")).toBe(60 - 20);
  });

  it("holds what rolled into a week not yet settled, and hands nothing on from it yet", () => {
    const weeks = rollPots([settled(1, "tie"), settled(2, null), settled(3, "player1")], always);
    expect(weeks.map((w) => [w.potAmount, w.rolledIn])).toEqual([
      [20, undefined],
      [40, 20],
      [20, undefined],
    ]);
  });

  it("leaves the last week's roll unclaimed at the season's end", () => {
    const weeks = rollPots([settled(17, "player1"), settled(18, "tie")], always);
    expect(weeks[1]).toMatchObject({ potAmount: 20, rollsOver: true });
    expect(runningTotal(weeks, "player1")).toBe(20);
  });

  it("rolls only from weeks that play it, and never a $0 pot", () => {
    expect(rollPots([settled(1, "tie"), settled(2, "player1")], (w) => w !== 1)[1]!.potAmount).toBe(20);
    expect(rollPots([settled(1, "tie", 0), settled(2, "player1", 0)], always)[1]!.rolledIn).toBeUndefined();
  });
});
