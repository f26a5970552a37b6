import { describe, expect, it } from "vitest";
import { contestResultText } from "./contest-result";

const names = { player1: "Cal Carter", player2: "Bea Baker" };
const record = (wins: number, weeksWon: number, runningTotal: number) => ({
  wins,
  losses: 0,
  weeksWon,
  weeksLost: 0,
  runningTotal,
});
const contest = (over: Partial<Parameters<typeof contestResultText>[0]> = {}) => ({
  season: 2026,
  startWeek: 1,
  totalWeeks: 18,
  winnerId: "cal",
  player1Id: "cal",
  isFree: false,
  standing: { player1: record(45, 9, 20), player2: record(38, 7, -20), completedWeeks: 18 },
  ...over,
});

describe("contestResultText", () => {
  it("names the winner, the picks and weeks, and who owes whom", () => {
    expect(contestResultText(contest(), names)).toBe(
      "Cal Carter wins the 2026 season, 45 correct picks to 38 (weeks won: Cal Carter 9, Bea Baker 7). Bea Baker owes Cal Carter $20.",
    );
  });

  it("reads from player 2's win too, and money the other way", () => {
    const text = contestResultText(
      contest({
        winnerId: "bea",
        standing: { player1: record(30, 5, -30), player2: record(41, 10, 30), completedWeeks: 18 },
      }),
      names,
    );
    expect(text).toBe(
      "Bea Baker wins the 2026 season, 41 correct picks to 30 (weeks won: Cal Carter 5, Bea Baker 10). Cal Carter owes Bea Baker $30.",
    );
  });

  it("says a tie is level, and a free contest moves no money", () => {
    const level = contest({
      winnerId: null,
      isFree: true,
      standing: { player1: record(40, 8, 0), player2: record(40, 8, 0), completedWeeks: 18 },
    });
    expect(contestResultText(level, names)).toBe(
      "The 2026 season ends level at 40 correct picks each (weeks won: Cal Carter 8, Bea Baker 8).",
    );
    expect(contestResultText({ ...level, isFree: false }, names)).toMatch(/Nobody owes anything\.$/);
  });

  it.each([
    [13, 18, "weeks 13 to 18 of 2026"],
    [18, 18, "week 18 of 2026"],
    [1, 17, "weeks 1 to 17 of 2026"],
    [13, 22, "weeks 13 to 18 of 2026 and its postseason"],
    [18, 22, "week 18 of 2026 and its postseason"],
    [1, 22, "the 2026 season and its postseason"],
  ])("names the NFL weeks of a contest from week %i to %i", (startWeek, totalWeeks, span) => {
    expect(contestResultText(contest({ startWeek, totalWeeks }), names)).toBe(
      `Cal Carter wins ${span}, 45 correct picks to 38 (weeks won: Cal Carter 9, Bea Baker 7). Bea Baker owes Cal Carter $20.`,
    );
  });

  it("says the weeks that ended level", () => {
    const level = {
      winnerId: null,
      standing: { player1: record(4, 2, 0), player2: record(4, 2, 0), completedWeeks: 6 },
    };
    expect(contestResultText(contest({ ...level, startWeek: 13 }), names)).toMatch(
      /^Weeks 13 to 18 of 2026 end level at 4 correct picks each /,
    );
    expect(contestResultText(contest({ ...level, startWeek: 18 }), names)).toMatch(
      /^Week 18 of 2026 ends level at 4 correct picks each /,
    );
  });
});
