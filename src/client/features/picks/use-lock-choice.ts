import { useCallback, useState } from "react";
import type { Contest } from "@/contracts/contests";
import type { Market, Side } from "@/domain/grading";
import type { Pick as MadePick } from "@/contracts/picks";
import { lockOf, mayChooseLock, toggleLock } from "./lock-view";
import type { Selection } from "./picks-view";

/** A selected pick's lock toggle, stable across renders (the game cards are memoized). */
export type ToggleLock = (gameId: string, market: Market, side: Side) => void;

/**
 * The player's choice of their lock of the week among the picks selected: offered while the
 * contest's week plays it and their picks of the week hold none (see mayChooseLock).
 */
export function useLockChoice(contest: Pick<Contest, "lockOfTheWeek">, held: MadePick[], valid: Selection[]) {
  const [chosen, setChosen] = useState<Selection | null>(null);
  const lockable = mayChooseLock(contest, held);
  const onToggleLock = useCallback<ToggleLock>(
    (gameId, market, side) => setChosen((current) => toggleLock(current, { gameId, market, side })),
    [],
  );
  return {
    lockable,
    /** The selection that is the lock, if one is chosen and still selected. */
    lock: lockable ? lockOf(valid, chosen) : null,
    onToggleLock,
    clearLock: () => setChosen(null),
  };
}
