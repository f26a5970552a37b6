import { describe, expect, it } from "vitest";
import { gameProgressText, type GameProgress } from "./game-status";

const game = (overrides: Partial<GameProgress>): GameProgress => ({
  status: "live",
  period: null,
  clock: null,
  phase: null,
  ...overrides,
});

describe("gameProgressText", () => {
  it.each([
    [game({ status: "upcoming" }), null],
    [game({ period: 2, clock: "6:52" }), "Q2 6:52"],
    [game({ period: 2, clock: "0:00", phase: "halftime" }), "Halftime"],
    [game({ period: 1, clock: "0:00", phase: "end_period" }), "End Q1"],
    [game({ period: 5, clock: "4:10" }), "OT 4:10"],
    [game({ period: 6, clock: "1:00" }), "2OT 1:00"],
    [game({}), "Live"],
    [game({ status: "final", period: 4 }), "Final"],
    [game({ status: "final", period: null }), "Final"],
    [game({ status: "final", period: 5 }), "Final/OT"],
    [game({ status: "postponed" }), "Postponed"],
    [game({ status: "canceled" }), "Canceled"],
  ])("%o reads %s", (input, text) => {
    expect(gameProgressText(input)).toBe(text);
  });
});
