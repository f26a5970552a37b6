// The share links of a contest's season in review: at most one live (not revoked) per contest, a
// partial unique index (`contest_shares_one_live_key`) standing behind it. Not cached: no clear.
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../db/client";
import { contestShares } from "../db/schema";

export type ContestShareRow = typeof contestShares.$inferSelect;

/** The contest's live share link, if any. */
export async function findLiveShare(db: Executor, contestId: string): Promise<ContestShareRow | undefined> {
  const [row] = await db
    .select()
    .from(contestShares)
    .where(and(eq(contestShares.contestId, contestId), isNull(contestShares.revokedAt)));
  return row;
}

/** The live share link of this token, if it is one. */
export async function findLiveShareByToken(
  db: Executor,
  token: string,
): Promise<ContestShareRow | undefined> {
  const [row] = await db
    .select()
    .from(contestShares)
    .where(and(eq(contestShares.token, token), isNull(contestShares.revokedAt)));
  return row;
}

export async function insertShare(
  db: Executor,
  values: { contestId: string; token: string; createdBy: string },
  now: Date,
): Promise<ContestShareRow> {
  const [row] = await db
    .insert(contestShares)
    .values({ ...values, createdAt: now })
    .returning();
  return row!;
}

/** Revokes the contest's live link; the revoked row, or undefined when there was none. */
export async function revokeShare(
  db: Executor,
  contestId: string,
  now: Date,
): Promise<ContestShareRow | undefined> {
  const [row] = await db
    .update(contestShares)
    .set({ revokedAt: now })
    .where(and(eq(contestShares.contestId, contestId), isNull(contestShares.revokedAt)))
    .returning();
  return row;
}
