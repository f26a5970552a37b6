// Failed sign-ins per e-mail address (lower-cased), and the devices accounts signed in on, by the
// SHA-256 of their cookie's token.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Executor } from "../db/client";
import { signInDevices, signInFailures } from "../db/schema";

export type SignInFailuresRow = typeof signInFailures.$inferSelect;
export type SignInDeviceRow = typeof signInDevices.$inferSelect;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The address's failures, locked until the transaction ends (an empty row made first if there is none). */
export async function lockFailures(tx: Executor, email: string): Promise<SignInFailuresRow> {
  await tx.insert(signInFailures).values({ email }).onConflictDoNothing();
  const [row] = await tx.select().from(signInFailures).where(eq(signInFailures.email, email)).for("update");
  return row!;
}

export async function updateFailures(
  db: Executor,
  email: string,
  set: Partial<Omit<SignInFailuresRow, "email">>,
): Promise<void> {
  await db.update(signInFailures).set(set).where(eq(signInFailures.email, email));
}

/** Removes addresses whose last failure is before `before`: nothing in their row counts any more. */
export async function deleteOldFailures(db: Executor, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, before));
}

/** The device of a cookie's token if it is the user's and has not expired, locked until the transaction ends. */
export async function lockDevice(
  tx: Executor,
  token: string,
  userId: string,
  now: Date,
): Promise<SignInDeviceRow | undefined> {
  const [row] = await tx
    .select()
    .from(signInDevices)
    .where(
      and(
        eq(signInDevices.id, hashOf(token)),
        eq(signInDevices.userId, userId),
        gt(signInDevices.expiresAt, now),
      ),
    )
    .for("update");
  return row;
}

export async function updateDevice(
  db: Executor,
  id: string,
  set: Partial<Omit<SignInDeviceRow, "id" | "userId">>,
): Promise<void> {
  await db.update(signInDevices).set(set).where(eq(signInDevices.id, id));
}

/**
 * A new device for a user, until `expiresAt`: the token for its cookie (only its hash is stored).
 * The user's devices expired at `now` go.
 */
export async function insertDevice(
  db: Executor,
  input: { userId: string; expiresAt: Date; now: Date },
): Promise<string> {
  await db
    .delete(signInDevices)
    .where(and(eq(signInDevices.userId, input.userId), lt(signInDevices.expiresAt, input.now)));
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(signInDevices)
    .values({ id: hashOf(token), userId: input.userId, expiresAt: input.expiresAt, createdAt: input.now });
  return token;
}
