import { useEffect, useState, useSyncExternalStore } from "react";
import { nextTickDelay } from "./turn-countdown";

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}
const isVisible = () => document.visibilityState !== "hidden";

/**
 * The browser's clock (ms), redrawn only as often as a countdown needs: `remainingAt(now)` says how
 * far the nearest target is. Every second within the last hour, on the minute before that, never
 * while the page is hidden (and at once when it shows again), never without a target. One timer at a
 * time, cleared on every redraw and on unmount.
 */
export function useCountdownClock(remainingAt: (now: number) => number | null): number {
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  const [now, setNow] = useState(() => Date.now());
  const delay = visible ? nextTickDelay(remainingAt(now)) : null;

  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [now, delay]);

  // Back from a hidden tab: catch up with the time that went by.
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setNow(Date.now()), 0);
    return () => clearTimeout(timer);
  }, [visible]);

  return now;
}
