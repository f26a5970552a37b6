import { describe, expect, it } from "vitest";
import type { Pick as MadePick, WeekTiebreak } from "@/contracts/picks";
import { potText, rolloverText, weekTiebreakText, weekVerdictText } from "./weekly-results-view";

const names = { player1: "Alice", player2: "Bob" };
const somePick = {} as MadePick;
type Week = Parameters<typeof weekVerdictText>[0];
const week = (over: Partial<Week> = {}): Week => ({
  weekWinner: null,
  player1Picks: [somePick],
  player2Picks: [somePick],
  ...over,
});
const tiebreak = (over: Partial<WeekTiebreak> = {}): WeekTiebreak => ({
  gameId: "10000000-0000-4000-8000-000000000000",
  locked: true,
  player1Guess: 45,
  player2Guess: 50,
  total: 51,
  canceled: false,
  ...over,
});

describe("weekVerdictText", () => {
  it("keeps the verdicts of weeks decided without the tiebreaker", () => {
    expect(weekVerdictText(week({ weekWinner: "player1" }), names)).toBe("Alice Won");
    expect(weekVerdictText(week({ weekWinner: "player2" }), names)).toBe("Bob Won");
    expect(weekVerdictText(week({ weekWinner: "tie" }), names)).toBe("Push");
    expect(weekVerdictText(week({ weekWinner: "tie", player1Picks: [], player2Picks: [] }), names)).toBe(
      "No picks made",
    );
    expect(weekVerdictText(week(), names)).toBeNull();
  });

  it("says when the tiebreaker took a week tied on wins", () => {
    expect(weekVerdictText(week({ weekWinner: "player2", tiebreakWinner: "player2" }), names)).toBe(
      "Bob wins on the tiebreaker",
    );
    expect(weekVerdictText(week({ weekWinner: "player1", tiebreakWinner: "player1" }), names)).toBe(
      "Alice wins on the tiebreaker",
    );
  });
});

describe("weekTiebreakText", () => {
  it("reads the week's tiebreaker when the contest plays it that week", () => {
    expect(weekTiebreakText({ tiebreak: tiebreak() }, names)).toBe(
      "Tiebreaker: Alice 45 · Bob 50 · Total 51",
    );
    expect(
      weekTiebreakText({ tiebreak: tiebreak({ locked: false, player2Guess: "hidden", total: null }) }, names),
    ).toBe("Tiebreaker: Alice 45 · Bob hidden until kickoff");
    expect(weekTiebreakText({ tiebreak: tiebreak({ total: null, canceled: true }) }, names)).toBe(
      "Tiebreaker game canceled",
    );
    expect(weekTiebreakText({}, names)).toBeNull();
  });
});

describe("potText", () => {
  it("says the pot, what rolled into it, and whether the week is still played", () => {
    expect(potText({ potAmount: 25, isSettled: true })).toBe("Pot: $25");
    expect(potText({ potAmount: 25, isSettled: false })).toBe("Pot: $25 (In Progress)");
    expect(potText({ potAmount: 40, isSettled: true, rolledIn: 20 })).toBe(
      "Pot: $40 (incl. $20 rolled over)",
    );
    expect(potText({ potAmount: 40, isSettled: false, rolledIn: 20 })).toBe(
      "Pot: $40 (incl. $20 rolled over, In Progress)",
    );
  });
});

describe("rolloverText", () => {
  it("says which week a pot no one won rolls to, or that the last week's is left unclaimed", () => {
    expect(rolloverText({ week: 1, potAmount: 20, rollsOver: true }, 18)).toBe("Pot rolls over to week 2");
    expect(rolloverText({ week: 18, potAmount: 20, rollsOver: true }, 18)).toBe(
      "Pot left unclaimed: no week after it",
    );
    expect(rolloverText({ week: 1, potAmount: 20 }, 18)).toBeNull();
    expect(rolloverText({ week: 1, potAmount: 0, rollsOver: true }, 18)).toBeNull();
  });
});
