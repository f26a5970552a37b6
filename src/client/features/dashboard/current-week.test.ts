import { describe, expect, it } from "vitest";
import { currentWeekStat } from "./current-week";

describe("the Dashboard's Current Week", () => {
  it.each([
    [7, true, 7, "2025 NFL season"],
    [18, true, 18, "2025 NFL season"],
    [19, false, "Wild Card", "2025 NFL postseason"],
    [21, false, "Conference Championships", "2025 NFL postseason"],
    [22, false, "Super Bowl", "2025 season over"],
    [18, false, 18, "2025 season over"],
  ])("week %i (weeks to play: %s) reads %s, %s", (currentWeek, weeksToPlay, value, note) => {
    expect(currentWeekStat({ season: 2025, currentWeek, weeksToPlay })).toEqual({ value, note });
  });

  it("waits for the season", () => {
    expect(currentWeekStat(undefined)).toEqual({ value: undefined, note: "NFL season" });
  });
});
