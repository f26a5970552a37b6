/**
 * "Now" by the server's clock (which `APP_NOW` may fix, docs/rules.md "Replay"), for everything a
 * page shows or compares with a time: the browser's clock advanced by how far the server's was from
 * it when GET /api/season last answered (the app asks at start). Before that answer, the browser's.
 */
let offsetMs = 0;
const listeners = new Set<() => void>();

/** Called with each answer of GET /api/season: its `now`, read at `readAt` by the browser's clock. */
export function learnServerNow(serverNow: string, readAt = Date.now()): void {
  const at = Date.parse(serverNow);
  if (!Number.isFinite(at)) return;
  const moved = Math.abs(at - readAt - offsetMs) > 1000;
  offsetMs = at - readAt;
  // What was shown by the browser's clock before the first answer is shown again by the server's.
  if (moved) for (const listener of listeners) listener();
}

/** For useSyncExternalStore: told when the server's clock is first learned, or has moved. */
export function subscribeServerClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server's clock ahead of the browser's, in milliseconds. */
export const serverOffset = (): number => offsetMs;

/** The server's time now, in milliseconds. */
export const serverNow = (): number => Date.now() + offsetMs;

/** The server's time now, as a Date. */
export const serverDate = (): Date => new Date(serverNow());
