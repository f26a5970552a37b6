import { useEffect, useState } from "react";

/** The time now, moved on every `everyMs`: relative times ("5 minutes ago") stay true while shown. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
