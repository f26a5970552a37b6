/**
 * The lock of the week as every screen reads it: a pick a player marked as their lock counts two
 * wins, or two losses (a push nothing).
 */
import type { Pick as MadePick } from "@/contracts/picks";
import { OUTCOME_LABEL, pickOutcome, type PickOutcome } from "./pick-outcome";

/** What a lock means, said beside its badge (its title, and to a screen reader). */
export const LOCK_MEANING = "Lock of the week: counts double";

/** Whether these picks (a player's of a week) hold their lock already. */
export const holdsLock = (picks: readonly Pick<MadePick, "isLock">[]) =>
  picks.some((pick) => pick.isLock === true);

const LOCK_OUTCOME_LABEL: Partial<Record<PickOutcome, string>> = { win: "2 wins", loss: "2 losses" };

/** A pick's outcome as its list says it: "Win", "Push"; a lock's "2 wins" or "2 losses". */
export function outcomeLabel(pick: Parameters<typeof pickOutcome>[0] & Pick<MadePick, "isLock">): string {
  const outcome = pickOutcome(pick);
  return (pick.isLock ? LOCK_OUTCOME_LABEL[outcome] : undefined) ?? OUTCOME_LABEL[outcome];
}
