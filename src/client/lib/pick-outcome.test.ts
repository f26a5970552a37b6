import { describe, expect, it } from "vitest";
import type { GameStatus } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import { hasVoidPick, OUTCOME_LABEL, pickOutcome } from "./pick-outcome";

const pick = (result: MadePick["result"], status: GameStatus = "final", isWin: boolean | null = null) => ({
  result,
  isWin,
  game: { status },
});

describe("pickOutcome", () => {
  it.each([
    [pick("win"), "win"],
    [pick("loss"), "loss"],
    [pick("push"), "push"],
    [pick("pending", "live"), "pending"],
    [pick("pending", "postponed"), "pending"],
    // Older answers carry only isWin.
    [pick("pending", "final", true), "win"],
    [pick("pending", "final", false), "loss"],
  ] as const)("%j reads %s", (given, outcome) => {
    expect(pickOutcome(given)).toBe(outcome);
  });

  it("calls a canceled game's pick void, not a push, whatever was stored", () => {
    expect(pickOutcome(pick("push", "canceled"))).toBe("void");
    expect(pickOutcome(pick("pending", "canceled"))).toBe("void");
    expect(OUTCOME_LABEL.void).toBe("Void: game canceled");
  });

  it("finds a void pick in a list", () => {
    expect(hasVoidPick([pick("win"), pick("push")])).toBe(false);
    expect(hasVoidPick([pick("win"), pick("push", "canceled")])).toBe(true);
  });
});
