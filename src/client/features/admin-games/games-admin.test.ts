import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/client/lib/api";
import {
  csvImportSummary,
  defaultSeason,
  defaultWeekFilter,
  deleteGameErrorMessage,
  emptyGamesMessage,
  filterGames,
  formatKb,
  isCsvFile,
  pinnedSummary,
  seasonsIn,
  signedLine,
  weeksIn,
} from "./games-admin";

const game = (week: number, gameDate: string, awayTeam = "DAL", season = 2025) => ({
  week,
  season,
  gameDate,
  awayTeam,
});

describe("the week filter", () => {
  const games = [
    game(2, "2025-09-14T17:00:00Z"),
    game(1, "2025-09-07T20:25:00Z", "NYJ"),
    game(1, "2025-09-07T17:00:00Z"),
    game(1, "2025-09-07T17:00:00Z", "BUF"),
    game(19, "2026-01-10T21:30:00Z"),
  ];

  it("offers the weeks that have games", () => {
    expect(weeksIn(games)).toEqual([1, 2, 19]);
  });

  it.each([
    [[1, 2], 1, 1],
    [[1, 2], 5, "all"],
    [[1, 2], undefined, "all"],
  ] as const)("weeks %j, current week %s: shows %s", (weeks, current, expected) => {
    expect(defaultWeekFilter([...weeks], current)).toBe(expected);
  });

  it("keeps one week's games, by kickoff then away team", () => {
    expect(filterGames(games, 1).map((g) => g.awayTeam)).toEqual(["BUF", "DAL", "NYJ"]);
    expect(filterGames(games, "all").map((g) => g.week)).toEqual([1, 1, 1, 2, 19]);
    expect(filterGames(games, 7)).toEqual([]);
  });

  it("keeps one season's games: a week number means nothing across seasons", () => {
    const twoSeasons = [
      ...games,
      game(12, "2026-11-29T18:00:00Z", "IND", 2026),
      game(12, "2025-11-23T18:00:00Z"),
    ];
    expect(seasonsIn(twoSeasons)).toEqual([2026, 2025]);
    expect(filterGames(twoSeasons, 12, 2026).map((g) => g.season)).toEqual([2026]);
    expect(filterGames(twoSeasons, 12).map((g) => g.season)).toEqual([2026, 2025]);
    expect(filterGames(twoSeasons, "all", 2025)).toHaveLength(6);
  });

  it.each([
    [[2026, 2025], 2025, 2025],
    [[2026, 2025], 2027, 2026],
    [[2026, 2025], undefined, 2026],
    [[], 2026, undefined],
  ] as const)("seasons %j, current season %s: shows %s", (seasons, current, expected) => {
    expect(defaultSeason([...seasons], current)).toBe(expected);
  });

  it("orders a week by league day (US Eastern) in calendar order, Thursday through Wednesday, whatever the viewer's zone", () => {
    const week1 = [
      game(1, "2025-09-09T00:15:00Z", "MIN"), // Monday 8:15 PM ET (Tuesday in UTC)
      game(1, "2025-09-06T00:00:00Z", "KC"), // Friday 8:00 PM ET
      game(1, "2025-09-07T17:00:00Z", "PIT"), // Sunday 1:00 PM ET
      game(1, "2025-09-05T00:20:00Z", "DAL"), // Thursday 8:20 PM ET (Friday in UTC)
    ];
    expect(filterGames(week1, 1).map((g) => g.awayTeam)).toEqual(["DAL", "KC", "PIT", "MIN"]);
  });

  it.each([
    ["all", "No games found. Add some games to get started!"],
    [4, "No games found for Week 4."],
  ] as const)("empty message for %s", (filter, text) => {
    expect(emptyGamesMessage(filter)).toBe(text);
  });
});

describe("lines", () => {
  it.each([
    ["3.5", "+3.5"],
    ["3.0", "+3"],
    ["-7.0", "-7"],
    ["-2.5", "-2.5"],
    ["0.0", "0"],
    [null, null],
  ])("spread %s shows %s", (raw, shown) => {
    expect(signedLine(raw)).toBe(shown);
  });
});

describe("CSV", () => {
  it("summarises without errors", () => {
    expect(csvImportSummary({ created: 3, updated: 1, skipped: 0, total: 4, errors: [] })).toEqual({
      summary: "Created 3 new games, updated 1 existing games. 0 skipped.",
      errors: [],
    });
  });

  it("shows the first three errors then how many more", () => {
    const errors = ["Line 2: a", "Line 3: b", "Line 4: c", "Line 5: d", "Line 6: e"];
    expect(csvImportSummary({ created: 1, updated: 0, skipped: 5, total: 6, errors }).errors).toEqual([
      "Line 2: a",
      "Line 3: b",
      "Line 4: c",
      "... and 2 more errors",
    ]);
    expect(
      csvImportSummary({ created: 0, updated: 0, skipped: 3, total: 3, errors: errors.slice(0, 3) }).errors,
    ).toHaveLength(3);
  });

  it.each([
    ["games.csv", "text/csv", true],
    ["GAMES.CSV", "application/vnd.ms-excel", true],
    ["games.csv", "", true],
    ["games.txt", "text/csv", true],
    ["games.txt", "text/plain", false],
    ["games.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", false],
    ["photo.png", "image/png", false],
  ])("%s (%s) is a CSV file: %s", (name, type, ok) => {
    expect(isCsvFile({ name, type })).toBe(ok);
  });

  it.each([
    [0, "0.0 KB"],
    [1536, "1.5 KB"],
    [1024 * 1024, "1024.0 KB"],
  ])("%i bytes is %s", (bytes, text) => {
    expect(formatKb(bytes)).toBe(text);
  });
});

describe("the delete error message", () => {
  it.each([
    [
      new ApiRequestError(
        409,
        JSON.stringify({ message: "This game has picks and cannot be deleted." }),
        "Conflict",
      ),
      "This game has picks and cannot be deleted.",
    ],
    [new ApiRequestError(500, "", "Internal Server Error"), "500: Internal Server Error"],
    [new ApiRequestError(502, "<html>Bad gateway</html>", "Bad Gateway"), "502: <html>Bad gateway</html>"],
    [new Error("Failed to fetch"), "Failed to fetch"],
    [new Error(""), "Failed to delete game. Please try again."],
    [undefined, "Failed to delete game. Please try again."],
  ])("%s gives %j", (error, message) => {
    expect(deleteGameErrorMessage(error)).toBe(message);
  });
});

describe("pinnedSummary", () => {
  it.each([
    [[], null],
    [["status"], "Set by hand: the status."],
    [["status", "line"], "Set by hand: the line and the status."],
    [["score", "kickoff", "status", "line"], "Set by hand: the line, the kickoff, the score and the status."],
  ] as const)("%j: %s", (pinned, text) => {
    expect(pinnedSummary(pinned)).toBe(text);
  });
});
