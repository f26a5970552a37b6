import type { GameStatus } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";

export type PickOutcome = "win" | "loss" | "push" | "void" | "pending";

type OutcomePick = Pick<MadePick, "result" | "isWin"> & { game: { status: GameStatus } };

/**
 * How a pick stands. A canceled game's picks are void (docs/rules.md): the server stores them as a
 * push, but a push is a result of the game and a void pick is not, so they read differently.
 */
export function pickOutcome(pick: OutcomePick): PickOutcome {
  if (pick.game.status === "canceled") return "void";
  if (pick.result === "push") return "push";
  if (pick.result === "win" || pick.isWin === true) return "win";
  if (pick.result === "loss" || pick.isWin === false) return "loss";
  return "pending";
}

export const OUTCOME_LABEL: Record<PickOutcome, string> = {
  win: "Win",
  loss: "Loss",
  push: "Push",
  void: "Void: game canceled",
  pending: "Pending",
};

/** Said once under a list that holds a void pick. */
export const VOID_NOTE = "A canceled game's picks count neither way.";

export const hasVoidPick = (picks: readonly OutcomePick[]) =>
  picks.some((pick) => pickOutcome(pick) === "void");
