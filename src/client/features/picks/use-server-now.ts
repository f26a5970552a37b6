import { useMemo, useSyncExternalStore } from "react";

/** How often the screen re-reads the clock, so games lock at kickoff while it stays open. */
const TICK_MS = 15_000;

let clientNow = Date.now();

function subscribe(onChange: () => void) {
  // A screen opened long after the last tick starts from the real time.
  clientNow = Date.now();
  const timer = setInterval(() => {
    clientNow = Date.now();
    onChange();
  }, TICK_MS);
  return () => clearInterval(timer);
}

const getSnapshot = () => clientNow;

/**
 * "Now" by the server's clock (GET /api/season's `now`, which APP_NOW may fix), advanced by the time
 * elapsed in the browser since it was read, in whole ticks: the screen's clock moves in steps of
 * TICK_MS wherever the reading falls, also when it was made before the screen opened (the app asks
 * for the season at start). Locks follow the server, not the browser's clock.
 */
export function useServerNow(serverNow: string | undefined, readAt: number): Date {
  const now = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return useMemo(() => {
    if (!serverNow) return new Date(now);
    const elapsed = Math.max(0, Math.floor((now - readAt) / TICK_MS) * TICK_MS);
    return new Date(Date.parse(serverNow) + elapsed);
  }, [serverNow, readAt, now]);
}
