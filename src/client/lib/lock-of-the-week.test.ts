import { describe, expect, it } from "vitest";
import type { GameStatus } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import { holdsLock, outcomeLabel } from "./lock-of-the-week";

const pick = (
  result: MadePick["result"],
  isLock?: true,
  status: GameStatus = "final",
): Pick<MadePick, "result" | "isWin" | "isLock"> & { game: { status: GameStatus } } => ({
  result,
  isWin: result === "win" ? true : result === "loss" ? false : null,
  ...(isLock ? { isLock } : {}),
  game: { status },
});

describe("holdsLock", () => {
  it("is true once one of the picks is the lock", () => {
    expect(holdsLock([])).toBe(false);
    expect(holdsLock([pick("pending"), pick("win")])).toBe(false);
    expect(holdsLock([pick("pending"), pick("pending", true)])).toBe(true);
  });
});

describe("outcomeLabel", () => {
  it.each([
    [pick("win"), "Win"],
    [pick("loss"), "Loss"],
    [pick("win", true), "2 wins"],
    [pick("loss", true), "2 losses"],
    [pick("push", true), "Push"],
    [pick("pending", true), "Pending"],
    [pick("push", true, "canceled"), "Void: game canceled"],
  ])("%o reads %s", (made, label) => {
    expect(outcomeLabel(made)).toBe(label);
  });
});
