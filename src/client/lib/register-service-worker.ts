import { offerUpdate, takenOverElsewhere } from "./app-update";

/** How often, at most, an open page asks whether a new version is out. */
const UPDATE_CHECK_MS = 15 * 60_000;

/**
 * Registers /sw.js (production builds only; main.tsx loads this after the page's load event) and
 * tells the update prompt (app-update.ts) when a new version waits. Browsers look for a new worker
 * on navigations, which a single-page app rarely makes: it is also looked for when the page comes
 * back into view, every UPDATE_CHECK_MS at most.
 */
export async function registerServiceWorker(container: ServiceWorkerContainer): Promise<void> {
  const hadController = container.controller !== null;
  container.addEventListener("controllerchange", () => {
    if (hadController) takenOverElsewhere();
  });
  // Some browsers (and automation that blocks workers) answer without a registration: no worker.
  const registration = (await container.register("/sw.js", { scope: "/" })) as
    ServiceWorkerRegistration | undefined;
  if (!registration) return;
  const offerIfWaiting = (worker: ServiceWorker | null) => {
    // Without a controller this is the first worker, not an update.
    if (worker?.state === "installed" && container.controller) offerUpdate(worker);
  };
  offerIfWaiting(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => offerIfWaiting(worker));
  });
  let checkedAt = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - checkedAt < UPDATE_CHECK_MS) return;
    checkedAt = Date.now();
    registration.update().catch(() => undefined); // offline: next time
  });
}
