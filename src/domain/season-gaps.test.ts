import { describe, expect, it } from "vitest";
import { awaitingResult, seasonGaps, type GapGame } from "./season-gaps";

const NOW = new Date("2025-11-20T12:00:00Z");
const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR);

const game = (overrides: Partial<GapGame>): GapGame => ({
  week: 12,
  gameDate: at(24),
  status: "upcoming",
  spread: "-3",
  overUnder: "44",
  ...overrides,
});

describe("awaitingResult", () => {
  it.each([
    ["upcoming, kickoff ahead", game({}), false],
    ["upcoming, kickoff now", game({ gameDate: NOW }), true],
    ["upcoming, kickoff passed", game({ gameDate: at(-1) }), true],
    ["live, kickoff passed", game({ status: "live", gameDate: at(-1) }), false],
    ["final", game({ status: "final", gameDate: at(-5) }), false],
    ["postponed", game({ status: "postponed", gameDate: at(-5) }), false],
  ])("%s", (_label, input, expected) => {
    expect(awaitingResult(input, NOW.getTime())).toBe(expected);
  });

  it("reads an ISO kickoff too", () => {
    expect(awaitingResult({ status: "upcoming", gameDate: at(-1).toISOString() }, NOW.getTime())).toBe(true);
  });
});

describe("seasonGaps", () => {
  it("counts the regular season's games only", () => {
    expect(seasonGaps([game({}), game({ week: 19 }), game({ week: 22 })], NOW, 12).games).toBe(1);
  });

  it("finds games of this week and next without a spread or a total, not kicked off", () => {
    const gaps = seasonGaps(
      [
        game({ spread: null }),
        game({ overUnder: null }),
        game({ week: 13, spread: null, overUnder: null }),
        game({ week: 14, spread: null }), // two weeks ahead: not yet
        game({ week: 11, spread: null, gameDate: at(-100), status: "final" }),
        game({ spread: null, gameDate: at(-1) }), // kicked off: its result is what lacks
        game({}),
      ],
      NOW,
      12,
    );
    expect(gaps.noLine).toEqual([
      { week: 12, count: 2 },
      { week: 13, count: 1 },
    ]);
  });

  it("finds games kicked off without a result: still upcoming, or live past any game's length", () => {
    const gaps = seasonGaps(
      [
        game({ week: 10, gameDate: at(-200) }),
        game({ week: 10, gameDate: at(-201) }),
        game({ week: 12, status: "live", gameDate: at(-9) }),
        game({ week: 12, status: "live", gameDate: at(-2) }), // being played
        game({ week: 12, status: "final", gameDate: at(-20) }),
        game({ week: 12, status: "canceled", gameDate: at(-20) }),
        game({ week: 19, gameDate: at(-20) }),
      ],
      NOW,
      12,
    );
    expect(gaps.noResult).toEqual([
      { week: 10, count: 2 },
      { week: 12, count: 1 },
    ]);
  });
});
