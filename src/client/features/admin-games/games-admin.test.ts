import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/client/lib/api";
import { addGameForm, editGameForm, gameBodyOf, gameFormValuesOf } from "./game-form";
import {
  csvImportSummary,
  defaultWeekFilter,
  deleteGameErrorMessage,
  emptyGamesMessage,
  favoriteModeOf,
  filterGames,
  formatKb,
  isCsvFile,
  pinnedSummary,
  signedLine,
  spreadFavorite,
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

  it.each([
    ["all", "No games found. Add some games to get started!"],
    [4, "No games found for Week 4."],
  ] as const)("empty message for %s", (filter, text) => {
    expect(emptyGamesMessage(filter)).toBe(text);
  });
});

describe("lines and the favorite", () => {
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

  it.each([
    ["-3", "MIA"],
    ["2.5", "NYJ"],
    ["0", null],
    ["", null],
    [null, null],
  ])("automatic favorite at spread %j is %s", (spread, favorite) => {
    expect(spreadFavorite("MIA", "NYJ", spread)).toBe(favorite);
  });

  it.each([
    ["-3.0", "MIA", "auto"],
    ["3.0", "NYJ", "auto"],
    ["3.0", "MIA", "home"],
    ["-3.0", "NYJ", "away"],
    ["0.0", null, "auto"],
    [null, null, "auto"],
  ] as const)("stored spread %s with favorite %s reads as %s", (spread, favoriteTeam, mode) => {
    expect(favoriteModeOf({ homeTeam: "MIA", awayTeam: "NYJ", spread, favoriteTeam })).toBe(mode);
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

describe("the game forms", () => {
  const filled = {
    week: "19",
    season: "2025",
    awayTeam: "nyj",
    homeTeam: "MIA",
    gameDate: "2026-01-11T18:25:00.000Z",
    spread: "2.5",
    overUnder: "44.5",
    favorite: "auto" as const,
    status: "upcoming" as const,
  };
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it("turns the inputs into the body of POST /api/games", () => {
    const parsed = editGameForm.parse(filled);
    expect(gameBodyOf(parsed)).toEqual({
      week: 19,
      season: 2025,
      homeTeam: "MIA",
      awayTeam: "NYJ",
      gameDate: "2026-01-11T18:25:00.000Z",
      spread: "2.5",
      overUnder: "44.5",
      favoriteTeam: null,
      status: "upcoming",
    });
    expect(
      gameBodyOf(editGameForm.parse({ ...filled, spread: "", overUnder: "", favorite: "home" })),
    ).toMatchObject({ spread: null, overUnder: null, favoriteTeam: "MIA" });
  });

  it.each([
    [{ week: "" }, "Week is required"],
    [{ week: "19" }, "Week must be between 1 and 18"],
    [{ week: "0" }, "Week must be between 1 and 18"],
    [{ season: "" }, "Season is required"],
    [{ season: "2019" }, "Season must be 2020 or later"],
    [{ season: "2031" }, "Season must be 2030 or earlier"],
    [{ homeTeam: "" }, "Home team is required"],
    [{ awayTeam: "" }, "Away team is required"],
    [{ awayTeam: "mia" }, "Away team must be different from home team"],
    [{ gameDate: "" }, "Game date and time is required"],
    [{ overUnder: "10" }, "Over/under must be at least 20"],
    [{ overUnder: "81" }, "Over/under must be 80 or less"],
  ])("the add form refuses %j: %s", (change, message) => {
    expect(messages(addGameForm.safeParse({ ...filled, week: "5", ...change }))).toContain(message);
  });

  it.each([
    [{ week: "" }, "Week must be between 1 and 22"],
    [{ week: "23" }, "Week must be between 1 and 22"],
    [{ season: "" }, "Season must be 2020 or later"],
  ])("the edit form refuses %j: %s", (change, message) => {
    expect(messages(editGameForm.safeParse({ ...filled, ...change }))).toContain(message);
  });

  it("the edit form takes week 22 and reads a stored game back", () => {
    expect(editGameForm.safeParse({ ...filled, week: "22" }).success).toBe(true);
    const values = gameFormValuesOf({
      id: "7c0b0f3e-1111-4111-8111-111111111111",
      week: 3,
      season: 2025,
      homeTeam: "MIA",
      awayTeam: "NYJ",
      favoriteTeam: "MIA",
      gameDate: "2025-09-21T17:00:00.000Z",
      spread: "3.0",
      overUnder: "44.0",
      homeScore: null,
      awayScore: null,
      status: "upcoming",
      period: null,
      clock: null,
      phase: null,
      externalId: null,
      pinned: [],
    });
    expect(values).toMatchObject({ week: "3", spread: "3", overUnder: "44", favorite: "home" });
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
