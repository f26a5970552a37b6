/**
 * Answers the page's document carried for the requests its screen makes first (decision 054), by
 * URL: the first GET of each is answered from here instead of the network, once. What is not taken
 * is let go at the first live event or the first change the page sends (from then on an answer
 * taken from the page could be older than what the server would give), and a minute after the
 * page started; only a request's first answer is ever from the page.
 */
const carried = new Map<string, unknown>();
let expiry: ReturnType<typeof setTimeout> | undefined;

/** How long what the page carried waits to be asked for (a slow connection's screen code aside). */
const KEPT_MS = 60_000;

export function keepCarriedAnswers(answers: Iterable<readonly [url: string, data: unknown]>): void {
  for (const [url, data] of answers) carried.set(url, data);
  if (carried.size === 0) return;
  clearTimeout(expiry);
  expiry = setTimeout(dropCarriedAnswers, KEPT_MS);
}

/** The page's answer for this GET, taken (undefined when it carried none). */
export function takeCarriedAnswer(url: string): { data: unknown } | undefined {
  if (!carried.has(url)) return undefined;
  const data = carried.get(url);
  carried.delete(url);
  return { data };
}

export function dropCarriedAnswers(): void {
  carried.clear();
  clearTimeout(expiry);
  expiry = undefined;
}
