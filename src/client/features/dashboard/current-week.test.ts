import { describe, expect, it } from "vitest";
import { currentWeekStat } from "./current-week";

describe("the Dashboard's Current Week", () => {
  it.each([
    [7, true, false, 7, "2025 NFL season"],
    [18, true, false, 18, "2025 NFL season"],
    [18, false, false, 18, "2025 season over"],
    [19, false, false, "Wild Card", "2025 NFL postseason"],
    [21, false, false, "Conference Championships", "2025 NFL postseason"],
    [22, false, false, "Super Bowl", "2025 NFL postseason"],
    [22, false, true, "Off-season", "2025 season over"],
  ])(
    "week %i (weeks to play: %s, season over: %s) reads %s, %s",
    (currentWeek, weeksToPlay, seasonOver, value, note) => {
      expect(currentWeekStat({ season: 2025, currentWeek, weeksToPlay, seasonOver })).toEqual({
        value,
        note,
      });
    },
  );

  it("waits for the season", () => {
    expect(currentWeekStat(undefined)).toEqual({ value: undefined, note: "NFL season" });
  });
});
