import { describe, expect, it } from "vitest";
import { postseasonBetsText, postseasonLimitText, postseasonRoundsText } from "./postseason-rules";

describe("the Contest Rules card's postseason", () => {
  it("names the rounds", () => {
    expect(postseasonRoundsText()).toBe("Wild Card, Divisional, Conference Championships and Super Bowl");
  });

  it("lists the rounds' bets when any is not the weekly bet", () => {
    expect(postseasonBetsText([1, 1, 1, 1])).toBeNull();
    expect(postseasonBetsText([1, 1, 2, 3])).toBe(
      "Wild Card 1×, Divisional 1×, Conference Championships 2×, Super Bowl 3×",
    );
  });

  it("says which rounds allow fewer picks than the contest's week", () => {
    expect(postseasonLimitText({ rounds: null, maxPicksPerPlayer: 2 })).toBeNull();
    expect(postseasonLimitText({ rounds: null, maxPicksPerPlayer: 3 })).toBe(
      "Postseason picks: at most 2 in the Super Bowl (the spread and the total of each game)",
    );
    expect(postseasonLimitText({ rounds: null, maxPicksPerPlayer: 9 })).toBe(
      "Postseason picks: at most 8 in the Divisional round, 4 in the Conference Championships and 2 in the Super Bowl (the spread and the total of each game)",
    );
    const rounds = [
      { roundNumber: 1, player1Picks: 3, player2Picks: 1 },
      { roundNumber: 2, player1Picks: 2, player2Picks: 1 },
    ];
    expect(postseasonLimitText({ rounds, maxPicksPerPlayer: 2 })).toBe(
      "Postseason picks: at most 4 in the Conference Championships and 2 in the Super Bowl (the spread and the total of each game)",
    );
  });
});
