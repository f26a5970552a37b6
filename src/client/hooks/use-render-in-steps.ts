import { startTransition, useEffect, useState } from "react";

/**
 * How many items of a long list to draw: the first `first` at once, then all of them in a
 * transition, which React renders in slices it can interrupt. The first paint waits for a few
 * items only, and no single task draws the whole list (a click meanwhile is answered first).
 */
export function useRenderInSteps(total: number, first: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown < total) startTransition(() => setShown(total));
  }, [shown, total]);
  return Math.min(shown, total);
}
