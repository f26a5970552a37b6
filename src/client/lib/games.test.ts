import { describe, expect, it } from "vitest";
import type { Game, GameStatus } from "@/contracts/games";
import {
  favoriteTeamOf,
  formatSpread,
  formatTotal,
  gameStateText,
  groupByWeekday,
  shownScore,
} from "./games";

const game = (spread: string | null, favoriteTeam: string | null = null) => ({
  homeTeam: "PHI",
  awayTeam: "DAL",
  spread,
  favoriteTeam,
  overUnder: "47.5",
});

describe("formatSpread", () => {
  it.each([
    ["-8.5", null, "PHI -8.5 / DAL +8.5"],
    ["3", null, "DAL -3 / PHI +3"],
    ["3.0", "DAL", "DAL -3 / PHI +3"],
    ["0", null, "Pick'em"],
    ["0.0", "PHI", "Pick'em"],
    [null, null, null],
  ])("spread %s (favorite %s): %s", (spread, favorite, text) => {
    expect(formatSpread(game(spread, favorite))).toBe(text);
  });

  it("names the favorite from the sign when none is given", () => {
    expect(favoriteTeamOf(game("-1"))).toBe("PHI");
    expect(favoriteTeamOf(game("1"))).toBe("DAL");
  });

  it("formats totals", () => {
    expect(formatTotal({ overUnder: "47.5" })).toBe("47.5");
    expect(formatTotal({ overUnder: "44.0" })).toBe("44");
    expect(formatTotal({ overUnder: null })).toBeNull();
  });
});

describe("groupByWeekday", () => {
  it("orders days as the league week's calendar does, Thursday through Wednesday", () => {
    const at = (iso: string) => ({ gameDate: iso });
    const groups = groupByWeekday([
      at("2025-09-08T19:00:00Z"), // Monday
      at("2025-09-07T17:00:00Z"), // Sunday
      at("2025-09-06T17:00:00Z"), // Saturday
      at("2025-09-04T19:00:00Z"), // Thursday
      at("2025-09-07T13:00:00Z"), // Sunday, earlier
    ]);
    expect(groups.map((group) => group.day)).toEqual(["Thursday", "Saturday", "Sunday", "Monday"]);
    expect(groups[2]!.games.map((g) => g.gameDate)).toEqual(["2025-09-07T13:00:00Z", "2025-09-07T17:00:00Z"]);
  });

  it("names the league's day (US Eastern), not the viewer's: Thursday night stays Thursday in UTC", () => {
    // The tests run with TZ=UTC: these kickoffs are Friday and Tuesday there.
    const groups = groupByWeekday([
      { gameDate: "2025-09-05T00:15:00Z" },
      { gameDate: "2025-09-09T00:15:00Z" },
    ]);
    expect(groups.map((group) => group.day)).toEqual(["Thursday", "Monday"]);
  });
});

describe("shownScore and gameStateText", () => {
  const state = (over: Partial<Game>) => ({
    status: "upcoming" as GameStatus,
    period: null,
    clock: null,
    phase: null,
    homeScore: null,
    awayScore: null,
    awayTeam: "PIT",
    homeTeam: "CHI",
    ...over,
  });

  it.each([
    [state({}), null, null],
    [
      state({ status: "live", period: 2, clock: "6:52", homeScore: 3, awayScore: 7 }),
      { home: 3, away: 7 },
      "Q2 6:52 · PIT 7, CHI 3",
    ],
    [
      state({ status: "live", phase: "halftime", period: 2, homeScore: 10, awayScore: 0 }),
      { home: 10, away: 0 },
      "Halftime · PIT 0, CHI 10",
    ],
    [state({ status: "live", period: 1, clock: "15:00" }), null, "Q1 15:00"],
    [
      state({ status: "final", period: 5, homeScore: 26, awayScore: 20 }),
      { home: 26, away: 20 },
      "Final/OT · PIT 20, CHI 26",
    ],
    // A postponed or canceled game's partial score is no result.
    [state({ status: "postponed", homeScore: 3, awayScore: 0 }), null, "Postponed"],
    [state({ status: "canceled", homeScore: 3, awayScore: 0 }), null, "Canceled"],
  ])("%j: score %j, %s", (game, score, text) => {
    expect(shownScore(game)).toEqual(score);
    expect(gameStateText(game)).toBe(text);
  });
});
