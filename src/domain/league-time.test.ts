import { describe, expect, it } from "vitest";
import {
  compareLeagueDays,
  groupByLeagueDay,
  leagueClock,
  leagueDateKey,
  leagueInstant,
  leagueWeekday,
} from "./league-time";

describe("leagueClock: the wall clock in New York", () => {
  it.each([
    // Thursday night football: Friday in UTC, Thursday in the league.
    ["2025-09-05T00:15:00Z", "Thursday", "2025-09-04", 20, 15],
    ["2025-09-07T17:00:00Z", "Sunday", "2025-09-07", 13, 0],
    // Monday night: Tuesday in UTC.
    ["2025-09-09T00:15:00Z", "Monday", "2025-09-08", 20, 15],
    // After the autumn change (EST, UTC-5).
    ["2025-11-28T01:20:00Z", "Thursday", "2025-11-27", 20, 20],
    ["2025-12-01T01:15:00Z", "Sunday", "2025-11-30", 20, 15],
    // Around midnight: the offset decides the day.
    ["2025-09-05T03:59:00Z", "Thursday", "2025-09-04", 23, 59],
    ["2025-09-05T04:00:00Z", "Friday", "2025-09-05", 0, 0],
    ["2025-12-05T04:59:00Z", "Thursday", "2025-12-04", 23, 59],
    ["2025-12-05T05:00:00Z", "Friday", "2025-12-05", 0, 0],
  ])("%s is %s %s %i:%i", (iso, weekday, date, hour, minute) => {
    expect(leagueWeekday(iso)).toBe(weekday);
    expect(leagueDateKey(iso)).toBe(date);
    expect(leagueClock(iso)).toMatchObject({ hour, minute });
  });

  it.each([
    [2025, 9, 4, 20, 20, "2025-09-05T00:20:00.000Z"],
    [2025, 11, 27, 12, 30, "2025-11-27T17:30:00.000Z"],
    // Both sides of the spring and autumn changes.
    [2026, 3, 7, 13, 0, "2026-03-07T18:00:00.000Z"],
    [2026, 3, 8, 13, 0, "2026-03-08T17:00:00.000Z"],
    [2025, 11, 1, 13, 0, "2025-11-01T17:00:00.000Z"],
    [2025, 11, 2, 13, 0, "2025-11-02T18:00:00.000Z"],
  ])("leagueInstant(%i-%i-%i %i:%i) is %s and reads back", (y, mo, d, h, mi, iso) => {
    const instant = leagueInstant(y, mo, d, h, mi);
    expect(instant.toISOString()).toBe(iso);
    expect(leagueClock(instant)).toMatchObject({ year: y, month: mo, day: d, hour: h, minute: mi });
  });
});

describe("groupByLeagueDay", () => {
  const at = (gameDate: string) => ({ gameDate });

  it("keeps the league week's days in calendar order, whatever the process's zone", () => {
    // Week 1 of 2025: the opener, the Friday game in São Paulo, Sunday, Monday night.
    const groups = groupByLeagueDay([
      at("2025-09-09T00:15:00Z"), // Monday 8:15 PM ET
      at("2025-09-07T20:25:00Z"), // Sunday 4:25 PM ET
      at("2025-09-06T00:00:00Z"), // Friday 8:00 PM ET
      at("2025-09-07T17:00:00Z"), // Sunday 1:00 PM ET
      at("2025-09-05T00:20:00Z"), // Thursday 8:20 PM ET
    ]);
    expect(groups.map((group) => group.day)).toEqual(["Thursday", "Friday", "Sunday", "Monday"]);
    expect(groups[2]!.games.map((game) => game.gameDate)).toEqual([
      "2025-09-07T17:00:00Z",
      "2025-09-07T20:25:00Z",
    ]);
    expect(groups[0]!.date).toBe("2025-09-04");
  });

  it("puts a late-season Saturday before Sunday, and the Friday after Thanksgiving after Thursday", () => {
    const groups = groupByLeagueDay([
      at("2025-12-21T18:00:00Z"), // Sunday
      at("2025-12-20T22:00:00Z"), // Saturday 5:00 PM ET
      at("2025-12-19T01:15:00Z"), // Thursday 8:15 PM ET
      at("2025-12-23T01:15:00Z"), // Monday 8:15 PM ET
    ]);
    expect(groups.map((group) => group.day)).toEqual(["Thursday", "Saturday", "Sunday", "Monday"]);
    const thanksgiving = groupByLeagueDay([
      at("2026-11-27T20:00:00Z"), // Friday 3:00 PM ET, the day after Thanksgiving
      at("2026-12-01T01:15:00Z"), // Monday 8:15 PM ET
      at("2026-11-29T18:00:00Z"), // Sunday
      at("2026-11-27T01:20:00Z"), // Thursday 8:20 PM ET
    ]);
    expect(thanksgiving.map((group) => group.day)).toEqual(["Thursday", "Friday", "Sunday", "Monday"]);
  });

  it("keeps two dates of one weekday apart, the earlier first", () => {
    const groups = groupByLeagueDay([at("2025-09-16T18:00:00Z"), at("2025-09-09T18:00:00Z")]);
    expect(groups.map((group) => [group.day, group.date])).toEqual([
      ["Tuesday", "2025-09-09"],
      ["Tuesday", "2025-09-16"],
    ]);
  });

  it("is empty without games", () => {
    expect(groupByLeagueDay([])).toEqual([]);
  });
});

describe("compareLeagueDays", () => {
  it("sorts kickoffs in the league week's calendar order", () => {
    const kickoffs = [
      "2025-09-06T00:00:00Z", // Friday
      "2025-09-09T00:15:00Z", // Monday night
      "2025-09-07T20:25:00Z", // Sunday late
      "2025-09-07T17:00:00Z", // Sunday early
      "2025-09-05T00:20:00Z", // Thursday night
    ];
    expect([...kickoffs].sort(compareLeagueDays)).toEqual([
      "2025-09-05T00:20:00Z",
      "2025-09-06T00:00:00Z",
      "2025-09-07T17:00:00Z",
      "2025-09-07T20:25:00Z",
      "2025-09-09T00:15:00Z",
    ]);
    expect(compareLeagueDays("2025-09-07T17:00:00Z", "2025-09-07T17:00:00Z")).toBe(0);
  });
});
