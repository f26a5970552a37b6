import { describe, expect, it } from "vitest";
import type { LineHistory, LineMove } from "@/contracts/games";
import { homeLine, moveLine, spreadPoints, spreadText, totalText } from "./line-history-view";

const game = { homeTeam: "DET", awayTeam: "NYG" };
const move = (spread: string | null, over: Partial<LineMove> = {}): LineMove => ({
  movedAt: "2025-11-20T12:00:00.000Z",
  spread,
  favoriteTeam: null,
  overUnder: "50.5",
  source: "feed",
  ...over,
});

describe("a move's line", () => {
  it.each([
    ["the home favorite", move("-10.5"), "DET -10.5"],
    ["the away favorite, named", move("3.0", { favoriteTeam: "NYG" }), "NYG -3"],
    ["the away favorite, by the sign", move("3.0"), "NYG -3"],
    ["pick'em", move("0.0"), "Pick'em"],
    ["no spread", move(null), "No spread"],
  ])("%s", (_name, shown, text) => {
    expect(spreadText(game, shown)).toBe(text);
  });

  it("its total and its whole line", () => {
    expect(totalText(move("-10.0"))).toBe("O/U 50.5");
    expect(totalText(move("-10.0", { overUnder: null }))).toBe("No total");
    expect(moveLine(game, move("-10.0", { overUnder: "51.0" }))).toBe("DET -10 · O/U 51");
  });

  it("the home team's line on the chart's axis", () => {
    expect([homeLine(-10.5), homeLine(3), homeLine(0)]).toEqual(["-10.5", "+3", "PK"]);
  });
});

describe("spreadPoints", () => {
  const history = (moves: LineMove[], closing: LineMove | null = null): LineHistory => ({
    gameId: "00000000-0000-4000-8000-000000000000",
    opening: moves[0] ?? null,
    moves,
    closing,
  });

  it("each move, then the line held to now before the kickoff, or to the kickoff", () => {
    const moves = [move("-14.0"), move("-10.0", { movedAt: "2025-11-21T12:00:00.000Z" })];
    const before = spreadPoints(history(moves));
    expect(before.map((point) => point.spread)).toEqual([-14, -10, -10]);
    expect(before.at(-1)!.label).toBe("Now");
    const after = spreadPoints(history(moves, moves[1]!));
    expect(after.at(-1)).toEqual({ label: "Kickoff", spread: -10 });
  });

  it("a line that never had a spread has no chart", () => {
    expect(spreadPoints(history([move(null)]))).toEqual([]);
    expect(spreadPoints(history([move(null), move("-3.0")])).map((point) => point.spread)).toEqual([
      null,
      -3,
      -3,
    ]);
  });
});
