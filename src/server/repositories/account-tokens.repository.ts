// Single-use account links (a password reset, an e-mail change's confirmation): the token goes in
// the link, only its SHA-256 is stored, and it is spent by the one statement that checks it.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { accountTokens } from "../db/schema";

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];
export type AccountTokenRow = typeof accountTokens.$inferSelect;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new token for a user and purpose, valid until `expiresAt`; the user's earlier unused tokens of
 * the same purpose are spent (only the newest link works). Returns the token itself, for the link:
 * it is not stored and cannot be read again.
 */
export async function issueAccountToken(
  db: Executor,
  input: { userId: string; purpose: AccountTokenPurpose; expiresAt: Date; now: Date; newEmail?: string },
): Promise<string> {
  await db
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  const token = randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({
    id: hashOf(token),
    userId: input.userId,
    purpose: input.purpose,
    newEmail: input.newEmail ?? null,
    expiresAt: input.expiresAt,
  });
  return token;
}

/**
 * Spends a token: its row if it exists for this purpose, is unused and has not expired at `now`
 * (marking it used in the same statement, so two uses cannot both succeed); null otherwise. Call it
 * inside the transaction of what the token allows, so a failed change leaves it unspent.
 */
export async function spendAccountToken(
  db: Executor,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenRow | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.id, hashOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** A token's row without spending it (a page asking whether its link still works). */
export async function findLiveAccountToken(
  db: Executor,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenRow | null> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.id, hashOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Removes tokens spent or expired before `before` (housekeeping). */
export async function deleteOldAccountTokens(db: Executor, before: Date): Promise<void> {
  await db
    .delete(accountTokens)
    .where(sql`coalesce(${accountTokens.usedAt}, ${accountTokens.expiresAt}) < ${before}`);
}

/** The address of the user's e-mail change still waiting for its link to be opened, if any. */
export async function pendingEmailChange(db: Executor, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, "email_change"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Spends every unused token of the user, whatever its purpose: their links stop working. */
export async function spendUserTokens(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}
