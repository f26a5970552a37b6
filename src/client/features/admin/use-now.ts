import { useEffect, useState } from "react";
import { serverNow } from "@/client/lib/server-clock";

/**
 * The time now by the server's clock, moved on every `everyMs`: relative times ("5 minutes ago")
 * stay true while shown.
 */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
