import type { Result } from "@/domain/weekly";

/*
 * Values that many rows kept in memory hold alike, as one string each (decision 046): a
 * value read from the database is a new string every time, and the caches of a live Sunday hold
 * hundreds of thousands of such rows, each string one more object for every full collection of the
 * heap to mark.
 */

const RESULT_WORDS: Readonly<Record<Result, Result>> = {
  win: "win",
  loss: "loss",
  push: "push",
  pending: "pending",
};

/** A pick's result as the one string of that word. */
export const sharedResult = (result: string): Result => RESULT_WORDS[result as Result] ?? (result as Result);

/** A player's id as the contest's own string of it where it is one of its players. */
export function sharedPlayerId(
  userId: string,
  players: { player1Id: string; player2Id: string | null },
): string {
  if (userId === players.player1Id) return players.player1Id;
  if (userId === players.player2Id) return players.player2Id;
  return userId;
}

/** Texts seen (`sharedText`): a season has a few hundred games, lines and teams. */
const texts = new Map<string, string>();
const MAX_TEXTS = 10_000;

/**
 * A short text of which there are few (a game's id, a pick's market, side, line or favorite), as one
 * string for all; past the bound, the ones seen start over. The first one seen is kept as a copy of
 * its own: it may be cut from a longer text (a contest's whole text of picks), which it would keep in
 * memory.
 */
export function sharedText<T extends string | null>(text: T): T {
  if (text === null) return text;
  const known = texts.get(text);
  if (known !== undefined) return known as T;
  if (texts.size >= MAX_TEXTS) texts.clear();
  // A JSON round trip makes a new string of any text, each character as it was.
  const own = JSON.parse(JSON.stringify(text)) as string;
  texts.set(own, own);
  return own as T;
}
