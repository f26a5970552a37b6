import { describe, expect, it } from "vitest";
import { favoriteTeamOf, formatSpread, formatTotal, groupByWeekday } from "./games";

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
  it("orders days Thursday, Sunday, Monday, Saturday, Friday, Tuesday, Wednesday", () => {
    const at = (iso: string) => ({ gameDate: iso });
    const groups = groupByWeekday([
      at("2025-09-08T19:00:00Z"), // Monday
      at("2025-09-07T17:00:00Z"), // Sunday
      at("2025-09-06T17:00:00Z"), // Saturday
      at("2025-09-04T19:00:00Z"), // Thursday
      at("2025-09-07T13:00:00Z"), // Sunday, earlier
    ]);
    expect(groups.map((group) => group.day)).toEqual(["Thursday", "Sunday", "Monday", "Saturday"]);
    expect(groups[1]!.games.map((g) => g.gameDate)).toEqual(["2025-09-07T13:00:00Z", "2025-09-07T17:00:00Z"]);
  });

  it("names the viewer's weekday as an en-US Intl formatter does", () => {
    const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long" });
    for (let day = 0; day < 7; day += 1) {
      const iso = new Date(Date.UTC(2025, 8, 4 + day, 3, 30)).toISOString();
      expect(groupByWeekday([{ gameDate: iso }])[0]!.day).toBe(weekday.format(new Date(iso)));
    }
  });
});
