import { describe, expect, it } from "vitest";
import { guessText, tiebreakLine } from "./tiebreak";

const names = { player1: "Ada Admin", player2: "Bob Brown" };
const open = { player1Guess: 47, player2Guess: "hidden" as const, total: null, canceled: false };

describe("guessText", () => {
  it.each([
    [47, "47"],
    [0, "0"],
    ["hidden" as const, "hidden until kickoff"],
    [null, "no guess"],
  ])("%s reads %s", (guess, text) => {
    expect(guessText(guess)).toBe(text);
  });
});

describe("tiebreakLine", () => {
  it("names both guesses, the other player's hidden before the kickoff", () => {
    expect(tiebreakLine(open, names)).toBe("Tiebreaker: Ada Admin 47 · Bob Brown hidden until kickoff");
    expect(tiebreakLine({ ...open, player2Guess: null }, names)).toBe(
      "Tiebreaker: Ada Admin 47 · Bob Brown no guess",
    );
  });

  it("adds the last game's total once it is final", () => {
    expect(tiebreakLine({ ...open, player2Guess: 50, total: 51 }, names)).toBe(
      "Tiebreaker: Ada Admin 47 · Bob Brown 50 · Total 51",
    );
    expect(tiebreakLine({ ...open, player1Guess: null, player2Guess: 0, total: 0 }, names)).toBe(
      "Tiebreaker: Ada Admin no guess · Bob Brown 0 · Total 0",
    );
  });

  it("says when the last game was canceled: the tiebreaker falls away", () => {
    expect(tiebreakLine({ ...open, player2Guess: 50, canceled: true }, names)).toBe(
      "Tiebreaker game canceled",
    );
  });
});
