/**
 * Whether a new version of the app is ready (a new service worker waiting, or already taking over
 * from another tab), for the update prompt. The page is only reloaded when the player asks for it
 * ("Reload"): never by itself, so never mid-pick.
 */
let available = false;
let waiting: ServiceWorker | null = null;
let reloadRequested = false;
const listeners = new Set<() => void>();

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const isUpdateAvailable = (): boolean => available;

/** A new version is there: `worker` waits to take over, or has already (another tab took it). */
export function offerUpdate(worker: ServiceWorker | null): void {
  available = true;
  waiting = worker;
  listeners.forEach((listener) => listener());
}

/**
 * The player asked for the new version: the waiting worker takes over, and the page reloads once it
 * controls it; when it already does, the page reloads now.
 */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker || !navigator.serviceWorker) {
    location.reload();
    return;
  }
  reloadRequested = true;
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  worker.postMessage({ type: "SKIP_WAITING" });
}

/**
 * Another page (another tab's "Reload") had the new worker take over this one: its code is now
 * older than the worker's, so the prompt stays up, and "Reload" just reloads.
 */
export function takenOverElsewhere(): void {
  if (!reloadRequested) offerUpdate(null);
}

/** For tests: back to no update. */
export function resetUpdateState(): void {
  available = false;
  waiting = null;
  reloadRequested = false;
}
