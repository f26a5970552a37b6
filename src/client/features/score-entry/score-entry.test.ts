import { describe, expect, it } from "vitest";
import type { Game } from "@/contracts/games";
import { draftOf, isDirty, parseDraft, scoreCardLine, scoringToast } from "./score-entry";

const game = (overrides: Partial<Game> = {}): Game => ({
  id: "00000000-0000-4000-8000-000000000001",
  week: 1,
  season: 2025,
  homeTeam: "PHI",
  awayTeam: "DAL",
  favoriteTeam: null,
  gameDate: "2025-09-05T00:20:00Z",
  spread: "-8.5",
  overUnder: "47.5",
  homeScore: null,
  awayScore: null,
  status: "upcoming",
  period: null,
  clock: null,
  phase: null,
  externalId: null,
  pinned: [],
  ...overrides,
});

describe("scoreCardLine", () => {
  it.each([
    [{ spread: "-8.5" }, "PHI -8.5"],
    [{ spread: "3.0" }, "DAL -3"],
    [{ spread: "3", favoriteTeam: "DAL" }, "DAL -3"],
    [{ spread: "0" }, "Pick'em"],
    [{ spread: null }, null],
    [{ spread: null, favoriteTeam: "PHI" }, null],
  ])("%o gives %s", (overrides, line) => {
    expect(scoreCardLine(game(overrides))).toBe(line);
  });
});

describe("drafts", () => {
  it("is clean until an edit differs from the saved game", () => {
    const saved = game({ homeScore: 24, awayScore: 20, status: "final" });
    expect(isDirty(saved, undefined)).toBe(false);
    expect(isDirty(saved, draftOf(saved))).toBe(false);
    expect(isDirty(saved, { ...draftOf(saved), homeScore: " 24 " })).toBe(false);
    expect(isDirty(saved, { ...draftOf(saved), homeScore: "27" })).toBe(true);
    expect(isDirty(saved, { ...draftOf(saved), status: "live" })).toBe(true);
  });

  it("sends whole scores of 0 or more, empty as none", () => {
    expect(parseDraft({ awayScore: "20", homeScore: "0", status: "final" })).toEqual({
      ok: true,
      body: { awayScore: 20, homeScore: 0, status: "final" },
    });
    expect(parseDraft({ awayScore: "", homeScore: " ", status: "upcoming" })).toEqual({
      ok: true,
      body: { awayScore: null, homeScore: null, status: "upcoming" },
    });
  });

  it.each(["-1", "2.5", "abc"])("refuses %s", (score) => {
    expect(parseDraft({ awayScore: score, homeScore: "3", status: "live" })).toEqual({
      ok: false,
      message: "Scores must be whole numbers of 0 or more",
    });
  });
});

describe("scoringToast", () => {
  const ok = { status: "fulfilled", value: {} } as const;
  const failed = { status: "rejected", reason: new Error("409") } as const;

  it("counts outcomes", () => {
    expect(scoringToast([ok, ok])).toEqual({
      title: "Scoring Complete",
      description: "2 games scored successfully",
    });
    expect(scoringToast([ok, failed, failed]).description).toBe("1 game scored successfully, 2 failed");
  });

  it("reports a total failure and an empty week", () => {
    expect(scoringToast([failed])).toEqual({
      title: "Scoring Error",
      description: "Failed to score games",
      variant: "destructive",
    });
    expect(scoringToast([])).toEqual({
      title: "No Games to Score",
      description: "No games are marked as final yet.",
    });
  });
});
