import { describe, expect, it } from "vitest";
import {
  currentSeason,
  nextSeasonOf,
  seasonOfDate,
  seasonWeek,
  weekAt,
  weekOneStart,
  weekStartMs,
  weekStartsAt,
} from "./season";

// 2025's first game: DAL at PHI, Thu 2025-09-04 20:20 ET.
const kickoff2025 = new Date("2025-09-05T00:20:00Z");
const openings = [
  { season: 2024, firstKickoff: new Date("2024-09-06T00:20:00Z") },
  { season: 2025, firstKickoff: kickoff2025 },
];

describe("weekAt, the 2025 anchor rule (anchor 2025-09-30 06:00 UTC)", () => {
  it.each([
    ["long before the season", "2025-06-01T00:00:00Z", 1],
    ["the week before kickoff", "2025-09-02T05:59:59Z", 1],
    ["week 1 begins", "2025-09-02T06:00:00Z", 1],
    ["kickoff night", "2025-09-05T00:20:00Z", 1],
    ["last moment of week 1", "2025-09-09T05:59:59Z", 1],
    ["three weeks before the anchor ends week 1", "2025-09-09T06:00:00Z", 2],
    ["two weeks before the anchor", "2025-09-16T06:00:00Z", 3],
    ["one week before the anchor", "2025-09-23T06:00:00Z", 4],
    ["one minute before the anchor", "2025-09-30T05:59:00Z", 4],
    ["at the anchor", "2025-09-30T06:00:00Z", 5],
    ["a full week after the anchor", "2025-10-07T06:00:00Z", 6],
    ["week 18 begins", "2025-12-30T06:00:00Z", 18],
    ["the Wild Card round", "2026-01-06T06:00:00Z", 19],
    ["the Divisional round", "2026-01-13T06:00:00Z", 20],
    ["the conference championships", "2026-01-20T06:00:00Z", 21],
    ["the Pro Bowl's week begins the Super Bowl's", "2026-01-27T06:00:00Z", 22],
    ["the Super Bowl's own week", "2026-02-08T23:30:00Z", 22],
    ["a year later, capped at the Super Bowl's", "2026-11-22T00:00:00Z", 22],
  ])("%s (%s) is week %i", (_label, now, week) => {
    expect(weekAt(kickoff2025, new Date(now))).toBe(week);
  });
});

describe("weekOneStart", () => {
  it.each([
    ["Thursday night (Friday UTC)", "2025-09-05T00:20:00Z", "2025-09-02T06:00:00Z"],
    ["a Tuesday after the turnover", "2025-09-02T18:00:00Z", "2025-09-02T06:00:00Z"],
    ["a Tuesday before the turnover", "2025-09-02T03:00:00Z", "2025-08-26T06:00:00Z"],
    ["a Sunday", "2025-09-07T17:00:00Z", "2025-09-02T06:00:00Z"],
  ])("%s", (_label, first, start) => {
    expect(weekOneStart(new Date(first)).toISOString()).toBe(new Date(start).toISOString());
  });

  it("weekStartsAt steps a week at a time", () => {
    expect(weekStartsAt(kickoff2025, 5).toISOString()).toBe("2025-09-30T06:00:00.000Z");
  });

  it("weekStartMs is weekStartsAt in ms, each season's own, however often asked", () => {
    for (const { firstKickoff } of openings)
      for (const week of [1, 2, 12, 18, 19])
        for (let time = 0; time < 2; time += 1)
          expect(weekStartMs(new Date(firstKickoff), week)).toBe(
            weekOneStart(firstKickoff).getTime() + (week - 1) * 7 * 24 * 60 * 60 * 1000,
          );
    expect(weekStartMs(kickoff2025, 5)).toBe(Date.parse("2025-09-30T06:00:00.000Z"));
  });
});

describe("currentSeason", () => {
  it.each([
    ["the configured season wins", "2025-10-01T00:00:00Z", 2024, 2024],
    ["in the season", "2025-10-01T00:00:00Z", null, 2025],
    ["less than 120 days before the first game", "2025-05-10T00:00:00Z", null, 2025],
    ["more than 120 days before the first game: last season", "2025-05-01T00:00:00Z", null, 2024],
    ["long after: the latest season", "2026-11-22T00:00:00Z", null, 2025],
    ["before any known season: the earliest", "2020-01-01T00:00:00Z", null, 2024],
  ])("%s", (_label, now, configured, season) => {
    expect(currentSeason(new Date(now), openings, configured)).toBe(season);
  });

  it("falls back to the calendar when no games are known", () => {
    expect(currentSeason(new Date("2027-01-15T00:00:00Z"), [])).toBe(2026);
    expect(seasonOfDate(new Date("2027-09-15T00:00:00Z"))).toBe(2027);
  });
});

describe("seasonWeek", () => {
  it("combines season and week", () => {
    expect(seasonWeek(new Date("2025-10-01T00:00:00Z"), openings)).toEqual({ season: 2025, currentWeek: 5 });
    expect(seasonWeek(new Date("2025-10-01T00:00:00Z"), [])).toEqual({ season: 2025, currentWeek: 1 });
  });
});

describe("nextSeasonOf", () => {
  const opening2026 = { season: 2026, firstKickoff: new Date("2026-09-11T00:20:00Z") };

  it("is the earliest later season with games, with its first kickoff", () => {
    expect(nextSeasonOf(2025, [...openings, opening2026], new Date("2026-03-01T00:00:00Z"))).toEqual({
      season: 2026,
      firstKickoff: opening2026.firstKickoff,
    });
  });

  it.each([
    ["in January, the next year's", "2026-01-10T00:00:00Z", 2026],
    ["in March, the calendar's", "2026-03-10T00:00:00Z", 2026],
    ["a year on, the calendar's", "2027-11-25T00:00:00Z", 2027],
  ])("without its games, %s, schedule not loaded", (_label, now, season) => {
    expect(nextSeasonOf(2025, openings, new Date(now))).toEqual({ season, firstKickoff: null });
  });
});
