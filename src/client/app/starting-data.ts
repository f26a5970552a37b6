import { STARTING_DATA_ID, STARTING_DATA_PATHS } from "@/contracts/constants";

/** What a player's page carries, read (`readStartingData`). */
export interface StartingData {
  /** The answers every signed-in screen starts from, under their queries' keys (decision 050). */
  queries: [readonly [string], unknown][];
  /** Every answer it carries by its URL (those above too): the offline copy keeps them all. */
  answers: [string, unknown][];
  /** Its screen's first answers (past the starting data's) by their URLs, for its requests (decision 054). */
  screenAnswers: [string, unknown][];
}

/**
 * The answers a player's page carries (written in by the server: what every signed-in screen starts
 * from, decision 050, and its screen's first answers, decision 054); none when the page carries none
 * (an admin's, a visitor's, the service worker's offline copy) or what it carries cannot be read.
 */
export function readStartingData(text: string | null | undefined): StartingData {
  const none: StartingData = { queries: [], answers: [], screenAnswers: [] };
  if (!text) return none;
  let carried: unknown;
  try {
    carried = JSON.parse(text);
  } catch {
    return none;
  }
  if (typeof carried !== "object" || carried === null || Array.isArray(carried)) return none;
  const byUrl = carried as Record<string, unknown>;
  const starting: readonly string[] = STARTING_DATA_PATHS;
  const answers = Object.entries(byUrl).filter(([url]) => url.startsWith("/api/"));
  return {
    queries: STARTING_DATA_PATHS.filter((path) => path in byUrl).map((path) => [[path], byUrl[path]]),
    answers,
    screenAnswers: answers.filter(([url]) => !starting.includes(url)),
  };
}

/** The text of this page's starting data, read once: a later sign-in must not find the first user's. */
export function takeStartingData(): string | null {
  const element = document.getElementById(STARTING_DATA_ID);
  element?.remove();
  return element?.textContent ?? null;
}
