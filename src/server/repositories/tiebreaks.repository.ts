// The weekly tiebreaker's guesses. The standings are computed from them (the contest's results
// data reads them), so every write clears the contest from the read cache.
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { clearNow } from "../db/read-cache";
import { tiebreakGuesses } from "../db/schema";

/** A player's guess of a week, made or changed. */
export async function saveGuess(
  db: Executor,
  values: { contestId: string; week: number; userId: string; guess: number },
): Promise<void> {
  await db
    .insert(tiebreakGuesses)
    .values(values)
    .onConflictDoUpdate({
      target: [tiebreakGuesses.contestId, tiebreakGuesses.week, tiebreakGuesses.userId],
      set: { guess: values.guess, updatedAt: sql`now()` },
    });
  await clearNow(db, { contest: values.contestId });
}
