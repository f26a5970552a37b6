import { useSyncExternalStore } from "react";
import { RefreshCw, WifiOff } from "lucide-react";
import { useOnline } from "@/client/hooks/use-online";
import { applyUpdate, isUpdateAvailable, subscribeToUpdate } from "@/client/lib/app-update";

const notice =
  "pointer-events-auto flex w-full items-center gap-3 rounded-md border bg-popover px-4 py-3 text-sm text-popover-foreground shadow-lg sm:w-auto sm:max-w-md";

/**
 * "You are offline" while the browser has no network, and the prompt to reload into a new version
 * of the app (decision 025), at the bottom of the landing page and of the signed-in shell. Plain
 * markup rather than the ui Button: this ships in the landing page's first bundle.
 */
export function AppStatus() {
  const online = useOnline();
  const update = useSyncExternalStore(subscribeToUpdate, isUpdateAvailable, () => false);
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-stretch gap-2 p-4 sm:items-center"
    >
      {!online && (
        <p className={notice}>
          <WifiOff className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          You are offline
        </p>
      )}
      {update && (
        <div className={notice}>
          <RefreshCw className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="flex-1">A new version of Football Pool is available.</span>
          <button
            type="button"
            onClick={applyUpdate}
            className="inline-flex h-8 shrink-0 items-center justify-center rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground shadow-xs transition-colors outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
