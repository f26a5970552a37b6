import { describe, expect, it } from "vitest";
import {
  addDialogStart,
  dialogGameForm,
  favoriteModeOf,
  gameAddedText,
  gameBodyOf,
  gameFormValuesOf,
  inlineGameForm,
  spreadFavorite,
} from "./game-form";

describe("the favorite", () => {
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
    const parsed = dialogGameForm.parse(filled);
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
      gameBodyOf(dialogGameForm.parse({ ...filled, spread: "", overUnder: "", favorite: "home" })),
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
  ])("the inline add form refuses %j: %s", (change, message) => {
    expect(messages(inlineGameForm.safeParse({ ...filled, week: "5", ...change }))).toContain(message);
  });

  it.each([
    [{ week: "" }, "Week must be between 1 and 22"],
    [{ week: "23" }, "Week must be between 1 and 22"],
    [{ season: "" }, "Season must be 2020 or later"],
  ])("the dialogs refuse %j: %s", (change, message) => {
    expect(messages(dialogGameForm.safeParse({ ...filled, ...change }))).toContain(message);
  });

  it("the dialogs take week 22 and reads a stored game back", () => {
    expect(dialogGameForm.safeParse({ ...filled, week: "22" }).success).toBe(true);
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

describe("the Add Game dialog", () => {
  it.each([
    [
      "the server's season and week when known",
      { season: 2025, currentWeek: 7 },
      "2026-03-01T12:00",
      7,
      2025,
    ],
    ["else week 1 from September on", undefined, "2025-09-01T00:00", 1, 2025],
    ["else week 1 in December", undefined, "2025-12-31T23:00", 1, 2025],
    ["else week 18 of last season before September", undefined, "2026-08-31T23:00", 18, 2025],
    ["else week 18 in January", undefined, "2026-01-02T12:00", 18, 2025],
  ] as const)("starts on %s", (_label, season, now, week, seasonYear) => {
    // Local times: the rule reads the viewer's own calendar.
    expect(addDialogStart(season, new Date(now))).toEqual({ week, season: seasonYear });
  });

  it("says which game was added to which week", () => {
    expect(gameAddedText({ awayTeam: "NYJ", homeTeam: "MIA", week: 12 })).toBe(
      "NYJ @ MIA has been added to week 12.",
    );
    expect(gameAddedText({ awayTeam: "NYJ", homeTeam: "MIA", week: 20 })).toBe(
      "NYJ @ MIA has been added to the Divisional round.",
    );
  });
});
