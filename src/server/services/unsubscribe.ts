import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db, Executor } from "../db/client";
import { notificationSettings, systemConfig } from "../db/schema";
import { findUserById } from "../repositories/users.repository";
import { publicUrl } from "./notice-texts";

/** The secret unsubscribe links are signed with, made on first use and kept in system_config. */
const SECRET_KEY = "unsubscribe_secret";
const secrets = new WeakMap<Db, Promise<Buffer>>();

function secretOf(db: Db): Promise<Buffer> {
  let found = secrets.get(db);
  if (!found) {
    found = (async () => {
      // Instances starting together insert one each; the first stays, every instance reads it.
      await db
        .insert(systemConfig)
        .values({ key: SECRET_KEY, value: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db.select().from(systemConfig).where(eq(systemConfig.key, SECRET_KEY));
      return Buffer.from(row!.value, "base64url");
    })();
    secrets.set(db, found);
    found.catch(() => secrets.delete(db));
  }
  return found;
}

const signature = (secret: Buffer, userId: string, kind: string) =>
  createHmac("sha256", secret).update(`${userId}:${kind}`).digest("base64url");

/**
 * Makes one-click unsubscribe links (RFC 8058) of a kind of e-mail: signed for one player, so they
 * need no sign-in and cannot be made for anyone else. Read the secret before a transaction (on
 * PGlite a read beside an open transaction waits for it).
 */
export async function unsubscribeLinks(ctx: AppContext): Promise<(userId: string, kind: string) => string> {
  const secret = await secretOf(ctx.db);
  const base = `${publicUrl(ctx.env)}/api/notifications/unsubscribe`;
  return (userId, kind) =>
    `${base}?${new URLSearchParams({ u: userId, k: kind, t: signature(secret, userId, kind) })}`;
}

/** The headers of an e-mail with a one-click unsubscribe (RFC 2369 and RFC 8058). */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/** Whether a link's token is the one signed for this player and kind, and the player still exists. */
export async function isValidUnsubscribe(
  ctx: AppContext,
  input: { userId: string; kind: string; token: string },
): Promise<boolean> {
  const expected = Buffer.from(signature(await secretOf(ctx.db), input.userId, input.kind));
  const given = Buffer.from(input.token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  // A link outlives its account: signed, but for nobody now.
  return (await findUserById(ctx.db, input.userId)) !== undefined;
}

/** Turns one kind of e-mail off for a player, keeping their other settings. */
export async function turnOffEmail(db: Executor, userId: string, kind: string): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, email: { [kind]: false } })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        email: sql`${notificationSettings.email} || ${JSON.stringify({ [kind]: false })}::jsonb`,
        updatedAt: new Date(),
      },
    });
}
