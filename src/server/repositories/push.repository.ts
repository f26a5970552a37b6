import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/client";
import { IDS_PER_STATEMENT, chunks } from "../db/chunks";
import { notificationSettings, pushSubscriptions } from "../db/schema";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/** Stores a device's subscription; an endpoint already known (this user's or another's) becomes this user's. */
export async function upsertSubscription(
  db: Executor,
  input: {
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
    sessionId: string | null;
  },
): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: input.userId,
        p256dh: input.p256dh,
        auth: input.auth,
        userAgent: input.userAgent,
        sessionId: input.sessionId,
      },
    })
    .returning();
  return row!;
}

/** Removes a user's subscription by its endpoint; false when that user has none there. */
export async function deleteUserSubscription(
  db: Executor,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** A subscription its push service says is gone (404, 410): its queued notifications go with it. */
export async function deleteSubscription(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/**
 * A user's devices, to queue pushes to in the same transaction: locked against their removal (FOR
 * KEY SHARE) until it ends, as `subscriptionsOf`.
 */
export function userSubscriptions(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).for("key share");
}

async function byIds<T>(ids: readonly string[], read: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const slice of chunks([...new Set(ids)], IDS_PER_STATEMENT)) rows.push(...(await read(slice)));
  return rows;
}

/**
 * The devices of these users, all in one statement (up to `IDS_PER_STATEMENT` users), to queue
 * pushes to in the same transaction: locked against their removal (FOR KEY SHARE) until it ends. A
 * device the mailer removes meanwhile (its push service said it is gone) then goes after the
 * transaction, its new rows with it (ON DELETE CASCADE); unlocked, its removal committed between
 * this read and the rows' insert failed the whole change (a contest's acceptance: 500) on its
 * foreign key.
 */
export function subscriptionsOf(db: Executor, userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  return byIds(userIds, (ids) =>
    db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids)).for("key share"),
  );
}

export function subscriptionsByIds(db: Executor, ids: string[]): Promise<PushSubscriptionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function markSubscriptionSuccess(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

export async function findSettings(
  db: Executor,
  userId: string,
): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

/** The settings of these users who have any, all in one statement (up to `IDS_PER_STATEMENT` users). */
export function settingsOf(db: Executor, userIds: readonly string[]): Promise<NotificationSettingsRow[]> {
  return byIds(userIds, (ids) =>
    db.select().from(notificationSettings).where(inArray(notificationSettings.userId, ids)),
  );
}

export async function saveSettings(
  db: Executor,
  input: {
    userId: string;
    email: Record<string, boolean>;
    push: Record<string, boolean>;
    reminderLeadMinutes: number[];
  },
): Promise<void> {
  const { email, push, reminderLeadMinutes } = input;
  await db
    .insert(notificationSettings)
    .values(input)
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { email, push, reminderLeadMinutes, updatedAt: new Date() },
    });
}
