import { describe, expect, it } from "vitest";
import {
  betMultiplier,
  isPostseason,
  limitRounds,
  weekInText,
  weekInTextStart,
  weekLabel,
  weekName,
  weekOfEspnPostseason,
  weekPickLimit,
} from "./postseason";
import { weekRounds } from "./rounds";

describe("the postseason's weeks", () => {
  it.each([
    [1, "Week 1"],
    [18, "Week 18"],
    [19, "Wild Card"],
    [20, "Divisional"],
    [21, "Conference Championships"],
    [22, "Super Bowl"],
  ])("week %i is named %s", (week, name) => {
    expect(weekName(week)).toBe(name);
    expect(isPostseason(week)).toBe(week > 18);
  });

  it.each([
    [12, "week 12", "week 12", "Week 12"],
    [19, "Wild Card", "the Wild Card round", "The Wild Card round"],
    [20, "Divisional", "the Divisional round", "The Divisional round"],
    [21, "Conference Championships", "the Conference Championships", "The Conference Championships"],
    [22, "Super Bowl", "the Super Bowl", "The Super Bowl"],
  ])("week %i in texts: your %s picks, picks for %s, %s of “Rivals”", (week, label, inText, start) => {
    expect(weekLabel(week)).toBe(label);
    expect(weekInText(week)).toBe(inText);
    expect(weekInTextStart(week)).toBe(start);
  });

  it.each([
    [1, 19],
    [2, 20],
    [3, 21],
    [4, undefined],
    [5, 22],
    [6, undefined],
  ])("ESPN's postseason week %i is our week %s (the Pro Bowl none)", (espnWeek, week) => {
    expect(weekOfEspnPostseason(espnWeek)).toBe(week);
  });
});

describe("a round's picks: at most the spread and the total of each of its games", () => {
  it.each([
    [18, Number.POSITIVE_INFINITY],
    [19, 12],
    [20, 8],
    [21, 4],
    [22, 2],
  ])("week %i allows %s picks a player", (week, limit) => {
    expect(weekPickLimit(week)).toBe(limit);
  });

  it("leaves a week within its limit as it is", () => {
    const rounds = [{ roundNumber: 1, player1Picks: 2, player2Picks: 2 }];
    expect(limitRounds(rounds, 22)).toBe(rounds);
    expect(limitRounds(rounds, 12)).toBe(rounds);
  });

  it("gives the rounds of the Super Bowl what its two picks leave, round by round", () => {
    const rounds = [
      { roundNumber: 1, player1Picks: 1, player2Picks: 2 },
      { roundNumber: 2, player1Picks: 2, player2Picks: 1 },
      { roundNumber: 3, player1Picks: 1, player2Picks: 1 },
    ];
    expect(limitRounds(rounds, 22)).toEqual([
      { roundNumber: 1, player1Picks: 1, player2Picks: 2 },
      { roundNumber: 2, player1Picks: 1, player2Picks: 0 },
      { roundNumber: 3, player1Picks: 0, player2Picks: 0 },
    ]);
  });

  it("holds a contest of five picks a week to four in the conference championships", () => {
    const contest = { maxPicksPerPlayer: 5, roundPlans: null };
    expect(weekRounds(contest, 18)).toEqual([{ roundNumber: 1, player1Picks: 5, player2Picks: 5 }]);
    expect(weekRounds(contest, 21)).toEqual([{ roundNumber: 1, player1Picks: 4, player2Picks: 4 }]);
    expect(weekRounds(contest, 22)).toEqual([{ roundNumber: 1, player1Picks: 2, player2Picks: 2 }]);
  });
});

describe("the bet's multiplier", () => {
  it.each([
    [null, 22, 1],
    [[1, 2, 3, 4], 18, 1],
    [[1, 2, 3, 4], 19, 1],
    [[1, 2, 3, 4], 20, 2],
    [[1, 2, 3, 4], 21, 3],
    [[1, 2, 3, 4], 22, 4],
  ])("%j in week %i: %i×", (multipliers, week, multiplier) => {
    expect(betMultiplier(multipliers, week)).toBe(multiplier);
  });
});
