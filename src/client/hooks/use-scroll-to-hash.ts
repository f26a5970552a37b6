import { useEffect } from "react";

/**
 * Scrolls to the element the address's #fragment names once `ready` (its content has loaded): the
 * browser looks for it only at navigation, before a page's data has arrived.
 */
export function useScrollToHash(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: "start" });
  }, [ready]);
}
