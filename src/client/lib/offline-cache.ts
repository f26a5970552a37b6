/**
 * The Cache Storage cache in which the service worker (sw.ts) keeps the API's GET answers, so that
 * the app opens offline with the last data it had. Per browser, not per user: it is emptied on
 * sign-out, on any sign-in or sign-up, and on a 401.
 */
export const API_CACHE = "football-pool-api";

/** Seconds an API request waits for the network before the kept answer is used (decision 025). */
export const API_NETWORK_TIMEOUT_S = 4;

/** The current user: kept (offline the app must still know who is signed in), unlike the rest of /api/auth. */
const CURRENT_USER = "/api/auth/user";

/**
 * Whether the service worker keeps this request's answer for offline use: same-origin GETs of the
 * API, but not the session's own calls (/api/auth/*, the current user aside), not the live-update
 * stream (/api/events), not the sign-in page (/api/login, a document) and not the player's own
 * account (/api/account/*: their devices, their data's download).
 */
export function isCachedApiRequest(method: string, url: URL, origin: string): boolean {
  if (method !== "GET" || url.origin !== origin) return false;
  const path = url.pathname.toLowerCase().replace(/\/+$/, "");
  if (!path.startsWith("/api/")) return false;
  if (path === CURRENT_USER) return true;
  return !["/api/auth", "/api/events", "/api/login", "/api/account"].some(
    (excluded) => path === excluded || path.startsWith(`${excluded}/`),
  );
}

/**
 * Whether this request changes who is signed in (sign-in, sign-up, sign-out: any non-GET under
 * /api/auth): the kept answers belong to the session before it and are dropped.
 */
export function changesSession(method: string, url: URL, origin: string): boolean {
  return (
    method !== "GET" &&
    method !== "HEAD" &&
    url.origin === origin &&
    url.pathname.toLowerCase().startsWith("/api/auth/")
  );
}

/** Drops every kept API answer (sign-out); nothing to do where there is no Cache Storage. */
export async function clearApiCache(): Promise<void> {
  if (typeof caches !== "undefined") await caches.delete(API_CACHE);
}

/**
 * Keeps answers the page did not ask the network for (those a player's page carries, decision 050)
 * as the service worker keeps those it fetches, so that the app opens offline with them too. Nothing
 * to do where there is no Cache Storage; a failure loses only the offline copy.
 */
export async function keepApiAnswers(answers: readonly (readonly [path: string, data: unknown])[]) {
  if (typeof caches === "undefined" || answers.length === 0) return;
  try {
    const cache = await caches.open(API_CACHE);
    await Promise.all(
      answers.map(([path, data]) =>
        cache.put(
          new Request(new URL(path, location.origin)),
          new Response(JSON.stringify(data), { headers: { "content-type": "application/json" } }),
        ),
      ),
    );
  } catch {
    // The app works as it does without a worker.
  }
}
