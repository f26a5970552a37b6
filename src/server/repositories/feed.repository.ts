import { and, desc, eq, exists, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { feedState, feedSyncs, gameProposals, games, picks } from "../db/schema";

export type FeedStateRow = typeof feedState.$inferSelect;
export type FeedSyncRow = typeof feedSyncs.$inferSelect;

export async function findFeedState(db: Executor, source: string): Promise<FeedStateRow | undefined> {
  const [row] = await db.select().from(feedState).where(eq(feedState.source, source));
  return row;
}

export async function updateFeedState(
  db: Executor,
  source: string,
  values: Partial<Omit<FeedStateRow, "source">>,
): Promise<void> {
  await db
    .insert(feedState)
    .values({ source, ...values })
    .onConflictDoUpdate({ target: feedState.source, set: values });
}

/**
 * Takes (or keeps) the poller's lease for `ttlSeconds`: true when this owner holds it now. The
 * lease runs on the database's clock, so instances with different clocks agree on it.
 */
export async function takeLease(db: Executor, source: string, owner: string, ttlSeconds: number) {
  await db.insert(feedState).values({ source }).onConflictDoNothing();
  const taken = await db
    .update(feedState)
    .set({ leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${ttlSeconds})` })
    .where(
      and(
        eq(feedState.source, source),
        or(
          isNull(feedState.leaseOwner),
          eq(feedState.leaseOwner, owner),
          lt(feedState.leaseUntil, sql`now()`),
        ),
      ),
    )
    .returning({ source: feedState.source });
  return taken.length > 0;
}

export async function releaseLease(db: Executor, source: string, owner: string): Promise<void> {
  await db
    .update(feedState)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(feedState.source, source), eq(feedState.leaseOwner, owner)));
}

export async function insertSync(db: Executor, row: typeof feedSyncs.$inferInsert): Promise<void> {
  await db.insert(feedSyncs).values(row);
}

export function recentSyncs(db: Executor, source: string, limit: number): Promise<FeedSyncRow[]> {
  return (
    db
      .select()
      .from(feedSyncs)
      .where(eq(feedSyncs.source, source))
      // Under a stopped clock (APP_NOW) syncs share their times: the moment they were written decides.
      .orderBy(desc(feedSyncs.startedAt), desc(feedSyncs.recordedAt))
      .limit(limit)
  );
}

/** A season's games, locked until the sync's transaction ends (an admin's edit waits for it). */
export function lockSeasonGames(db: Executor, season: number) {
  return db.select().from(games).where(eq(games.season, season)).for("update");
}

/**
 * The games of a season that have picks or proposals: their week cannot move. One probe of each
 * game into the picks' and proposals' game indexes, not a pass over every pick of the season.
 */
export async function gamesInPlay(db: Executor, season: number): Promise<Set<string>> {
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(
      and(
        eq(games.season, season),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(picks)
              .where(eq(picks.gameId, games.id)),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(gameProposals)
              .where(eq(gameProposals.gameId, games.id)),
          ),
        ),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
