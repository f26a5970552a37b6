// The moves of games' lines (docs/rules.md, "Where the line went"). Written only by
// `recordLineMoves` (services/game-changes.ts); read by line-history.service.ts.
import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { games, lineMoves } from "../db/schema";

export type LineMoveRow = typeof lineMoves.$inferSelect;
export type LineMoveInsert = Omit<typeof lineMoves.$inferInsert, "id">;

let lastMs = 0;
let sequence = 0;

/**
 * A UUID ordered by when it was made (version 7: milliseconds of the real clock, then a counter):
 * moves written at the same moment of the app's clock (a clock stopped by APP_NOW) are read back in
 * the order they were written.
 */
export function timeOrderedId(nowMs = Date.now()): string {
  if (nowMs > lastMs) {
    lastMs = nowMs;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    lastMs += 1;
    sequence = 0;
  }
  const random = randomBytes(8);
  random[0] = (random[0]! & 0x3f) | 0x80;
  const hex = lastMs.toString(16).padStart(12, "0") + "7" + sequence.toString(16).padStart(3, "0");
  const tail = random.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${tail.slice(0, 4)}-${tail.slice(4)}`;
}

/** One insert for every move of a write (at most one a game). */
export async function insertLineMoves(db: Executor, moves: readonly LineMoveInsert[]): Promise<void> {
  if (moves.length === 0) return;
  await db.insert(lineMoves).values(moves.map((move) => ({ id: timeOrderedId(), ...move })));
}

/** A game's moves, oldest first (in the order written, at the same time). */
export function listLineMoves(db: Executor, gameId: string): Promise<LineMoveRow[]> {
  return db
    .select()
    .from(lineMoves)
    .where(eq(lineMoves.gameId, gameId))
    .orderBy(asc(lineMoves.movedAt), asc(lineMoves.id));
}

/** Every move of a season's games, each with its game's kickoff and status, by game and oldest first. */
export function listSeasonLineMoves(db: Executor, season: number) {
  return db
    .select({
      gameId: lineMoves.gameId,
      movedAt: lineMoves.movedAt,
      spread: lineMoves.spread,
      favoriteTeam: lineMoves.favoriteTeam,
      overUnder: lineMoves.overUnder,
      source: lineMoves.source,
      status: games.status,
      gameDate: games.gameDate,
    })
    .from(lineMoves)
    .innerJoin(games, eq(games.id, lineMoves.gameId))
    .where(eq(games.season, season))
    .orderBy(asc(lineMoves.gameId), asc(lineMoves.movedAt), asc(lineMoves.id));
}
