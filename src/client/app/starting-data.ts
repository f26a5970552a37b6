import { STARTING_DATA_ID, STARTING_DATA_PATHS } from "@/contracts/constants";

/**
 * The answers a player's page carries (decision 050: what every signed-in screen starts from, written
 * in by the server), as [query key, data] pairs; none when the page carries none (an admin's, a
 * visitor's, the service worker's offline copy) or what it carries cannot be read.
 */
export function readStartingData(text: string | null | undefined): [readonly [string], unknown][] {
  if (!text) return [];
  let carried: unknown;
  try {
    carried = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof carried !== "object" || carried === null || Array.isArray(carried)) return [];
  const byPath = carried as Record<string, unknown>;
  return STARTING_DATA_PATHS.filter((path) => path in byPath).map((path) => [[path], byPath[path]]);
}

/** The text of this page's starting data, read once: a later sign-in must not find the first user's. */
export function takeStartingData(): string | null {
  const element = document.getElementById(STARTING_DATA_ID);
  element?.remove();
  return element?.textContent ?? null;
}
