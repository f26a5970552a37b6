import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { favoriteOf, gradePick, isWinOf, type Grade, type PickLine } from "./grading";

const game = (homeScore: number, awayScore: number) => ({
  homeTeam: "PHI",
  awayTeam: "DAL",
  homeScore,
  awayScore,
});
const spreadPick = (
  side: "favorite" | "underdog",
  lineSpread: number,
  lineFavorite: string | null = null,
): PickLine => ({
  market: "spread",
  side,
  lineSpread,
  lineFavorite,
  lineTotal: null,
});
const totalPick = (side: "over" | "under", lineTotal: number): PickLine => ({
  market: "total",
  side,
  lineSpread: null,
  lineFavorite: null,
  lineTotal,
});

describe("spread", () => {
  it.each<[string, PickLine, [number, number], Grade]>([
    ["home favorite covers -8.5 by winning by 9", spreadPick("favorite", -8.5), [24, 15], "win"],
    ["home favorite fails -8.5 winning by 8", spreadPick("favorite", -8.5), [24, 16], "loss"],
    ["underdog +8.5 covers losing by 8", spreadPick("underdog", -8.5), [24, 16], "win"],
    ["underdog +8.5 loses losing by 9", spreadPick("underdog", -8.5), [24, 15], "loss"],
    ["favorite -3 pushes winning by 3", spreadPick("favorite", -3), [20, 17], "push"],
    ["underdog +3 pushes losing by 3", spreadPick("underdog", -3), [20, 17], "push"],
    ["away favorite (+7 home view) covers winning by 10", spreadPick("favorite", 7), [10, 20], "win"],
    ["away favorite fails losing outright", spreadPick("favorite", 7), [21, 20], "loss"],
    ["home underdog +7 wins outright", spreadPick("underdog", 7), [21, 20], "win"],
    ["named favorite wins over the sign", spreadPick("favorite", -3, "PHI"), [27, 20], "win"],
    ["pick'em: favorite is home, wins outright", spreadPick("favorite", 0), [21, 20], "win"],
    ["pick'em: home loses", spreadPick("favorite", 0), [20, 21], "loss"],
    ["pick'em: underdog (away) wins outright", spreadPick("underdog", 0), [20, 21], "win"],
    ["pick'em: a tie pushes", spreadPick("favorite", 0), [20, 20], "push"],
    ["pick'em: a tie pushes the underdog too", spreadPick("underdog", 0), [20, 20], "push"],
    ["pick'em ignores a named favorite", spreadPick("favorite", 0, "DAL"), [21, 20], "win"],
  ])("%s", (_label, pick, [home, away], grade) => {
    expect(gradePick(pick, game(home, away))).toBe(grade);
  });
});

describe("total", () => {
  it.each<[string, PickLine, [number, number], Grade]>([
    ["over 47.5 with 48", totalPick("over", 47.5), [28, 20], "win"],
    ["over 47.5 with 47", totalPick("over", 47.5), [27, 20], "loss"],
    ["under 47.5 with 47", totalPick("under", 47.5), [27, 20], "win"],
    ["under 47.5 with 48", totalPick("under", 47.5), [28, 20], "loss"],
    ["over 44 with 44 pushes", totalPick("over", 44), [24, 20], "push"],
    ["under 44 with 44 pushes", totalPick("under", 44), [24, 20], "push"],
  ])("%s", (_label, pick, [home, away], grade) => {
    expect(gradePick(pick, game(home, away))).toBe(grade);
  });
});

describe("favoriteOf and isWinOf", () => {
  it.each([
    [-3, null, "PHI"],
    [3, null, "DAL"],
    [3, "PHI", "PHI"],
    [0, "DAL", "PHI"],
    [-3, "XXX", "PHI"],
  ] as const)("spread %d, named %s: %s", (spread, named, expected) => {
    expect(favoriteOf({ homeTeam: "PHI", awayTeam: "DAL" }, spread, named)).toBe(expected);
  });

  it("shows pending and push as null", () => {
    expect([isWinOf("win"), isWinOf("loss"), isWinOf("push"), isWinOf("pending")]).toEqual([
      true,
      false,
      null,
      null,
    ]);
  });
});

describe("every final game of the shipped 2025 season", () => {
  const rows = parse(readFileSync("data-seed/nfl-2025-schedule.csv"), { columns: true }) as Record<
    string,
    string
  >[];
  const finals = rows.filter((row) => row.status === "final" && row.spread !== "" && row.overUnder !== "");

  it("has results to grade", () => {
    expect(finals.length).toBeGreaterThan(200);
  });

  it("grades favorite and underdog (and over and under) oppositely, or both push", () => {
    const counts = { win: 0, loss: 0, push: 0 };
    for (const row of finals) {
      const score = {
        homeTeam: row.homeTeam!,
        awayTeam: row.awayTeam!,
        homeScore: Number(row.homeScore),
        awayScore: Number(row.awayScore),
      };
      const spread = Number(row.spread);
      const favorite = gradePick(spreadPick("favorite", spread, row.favoriteTeam || null), score);
      const underdog = gradePick(spreadPick("underdog", spread, row.favoriteTeam || null), score);
      const over = gradePick(totalPick("over", Number(row.overUnder)), score);
      const under = gradePick(totalPick("under", Number(row.overUnder)), score);
      for (const [a, b] of [
        [favorite, underdog],
        [over, under],
      ]) {
        expect(a === "push" ? b === "push" : a !== b && b !== "push").toBe(true);
      }
      counts[favorite] += 1;
      // An independent count: the favorite covers when its margin beats the spread.
      const margin = (row.favoriteTeam === row.homeTeam ? 1 : -1) * (score.homeScore - score.awayScore);
      expect(favorite).toBe(margin > Math.abs(spread) ? "win" : margin < Math.abs(spread) ? "loss" : "push");
    }
    expect(counts.win + counts.loss + counts.push).toBe(finals.length);
  });
});
