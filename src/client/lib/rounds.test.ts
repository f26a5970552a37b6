import { describe, expect, it } from "vitest";
import type { Round } from "@/contracts/contests";
import {
  addRound,
  currentWeekPicks,
  defaultRounds,
  limitedWeekPicks,
  removeRound,
  renumberRounds,
  setRoundPicks,
} from "./rounds";

const r = (roundNumber: number, player1Picks: number, player2Picks: number): Round => ({
  roundNumber,
  player1Picks,
  player2Picks,
});

describe("defaultRounds", () => {
  it("starts with round 1 at two picks each", () => {
    expect(defaultRounds()).toEqual([r(1, 2, 2)]);
  });

  it("returns a fresh list each time", () => {
    const first = defaultRounds();
    first[0]!.player1Picks = 5;
    expect(defaultRounds()).toEqual([r(1, 2, 2)]);
  });
});

describe("addRound", () => {
  it.each([
    ["to the default round", [r(1, 2, 2)], [r(1, 2, 2), r(2, 1, 1)]],
    ["to two rounds", [r(1, 2, 2), r(2, 3, 0)], [r(1, 2, 2), r(2, 3, 0), r(3, 1, 1)]],
    ["to an empty list", [], [r(1, 1, 1)]],
  ])("appends n+1 with one pick each %s", (_label, before, after) => {
    expect(addRound(before)).toEqual(after);
  });

  it("does not change its input", () => {
    const before = [r(1, 2, 2)];
    addRound(before);
    expect(before).toEqual([r(1, 2, 2)]);
  });
});

describe("removeRound", () => {
  it.each([
    ["the only round is kept", [r(1, 2, 2)], 0, [r(1, 2, 2)]],
    ["the last of two", [r(1, 2, 2), r(2, 1, 1)], 1, [r(1, 2, 2)]],
    ["the first of two, renumbered", [r(1, 2, 2), r(2, 1, 3)], 0, [r(1, 1, 3)]],
    ["a middle round, renumbered", [r(1, 2, 2), r(2, 0, 1), r(3, 4, 4)], 1, [r(1, 2, 2), r(2, 4, 4)]],
    ["an index past the end is ignored", [r(1, 2, 2), r(2, 1, 1)], 5, [r(1, 2, 2), r(2, 1, 1)]],
    ["a negative index is ignored", [r(1, 2, 2), r(2, 1, 1)], -1, [r(1, 2, 2), r(2, 1, 1)]],
  ])("%s", (_label, before, index, after) => {
    expect(removeRound(before, index)).toEqual(after);
  });
});

describe("renumberRounds", () => {
  it.each([
    ["already in order", [r(1, 1, 1), r(2, 1, 1)], [r(1, 1, 1), r(2, 1, 1)]],
    ["gaps closed", [r(2, 1, 0), r(5, 0, 1)], [r(1, 1, 0), r(2, 0, 1)]],
    ["empty", [], []],
  ])("%s", (_label, before, after) => {
    expect(renumberRounds(before)).toEqual(after);
  });
});

describe("setRoundPicks", () => {
  it.each([
    ["sets player 1", "player1Picks", 3, [r(1, 3, 2)]],
    ["sets player 2", "player2Picks", 0, [r(1, 2, 0)]],
    ["never below 0", "player1Picks", -2, [r(1, 0, 2)]],
    ["whole picks only", "player2Picks", 2.7, [r(1, 2, 2)]],
    ["not a number is 0", "player1Picks", Number.NaN, [r(1, 0, 2)]],
  ] as const)("%s", (_label, player, picks, after) => {
    expect(setRoundPicks([r(1, 2, 2)], 0, player, picks)).toEqual(after);
  });
});

describe("a week's picks", () => {
  const P1 = "00000000-0000-4000-8000-00000000000a";
  const P2 = "00000000-0000-4000-8000-00000000000b";
  const contest = (over: object = {}) => ({
    rounds: null,
    maxPicksPerPlayer: 3,
    player2Id: P2,
    currentWeek: 5,
    ...over,
  });

  it.each([
    [5, 3, 3],
    [18, 16, 16],
    [19, 16, 12],
    [20, 10, 8],
    [21, 6, 4],
    [22, 3, 2],
    [22, 1, 1],
  ])(
    "week %i holds %i picks to %i (the spread and the total of each postseason game)",
    (week, picks, held) => {
      expect(limitedWeekPicks(picks, week)).toBe(held);
    },
  );

  it("counts the contest's picks per player, or a player's own over custom rounds, held to the week's limit", () => {
    expect(currentWeekPicks(contest(), P1)).toBe(3);
    expect(currentWeekPicks(contest({ currentWeek: 22 }), P1)).toBe(2);
    const rounds = [r(1, 2, 1), r(2, 2, 2)];
    expect(currentWeekPicks(contest({ rounds }), P1)).toBe(4);
    expect(currentWeekPicks(contest({ rounds }), P2)).toBe(3);
    expect(currentWeekPicks(contest({ rounds, currentWeek: 22 }), P2)).toBe(2);
    expect(currentWeekPicks(contest({ rounds, currentWeek: 21 }), undefined)).toBe(4);
  });
});
