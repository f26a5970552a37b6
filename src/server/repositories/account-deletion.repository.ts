// What deleting an account writes besides the user row (users.repository.ts `updateUser`) and the
// sessions (sessions.repository.ts `deleteOtherSessions`): the person's traces, not the contests'.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { clearNow } from "../db/read-cache";
import {
  accountTokens,
  activity,
  contests,
  outbox,
  pushSubscriptions,
  reminders,
  signInDevices,
  users,
} from "../db/schema";
import { live, nextRevision, type ContestRow } from "./contests.repository";

/** Whether the account is still there to delete, its row locked for the deletion (a second one waits, then finds it gone). */
export async function lockLiveUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for("update");
  return rows.length > 0;
}

/** The contests (not archived) in which the user plays or is invited by e-mail. */
const ofPlayer = (userId: string, email: string) =>
  and(
    live,
    or(
      eq(contests.player1Id, userId),
      eq(contests.player2Id, userId),
      and(isNull(contests.player2Id), sql`lower(${contests.player2Email}) = ${email.toLowerCase()}`),
    ),
  );

/** Those contests, locked for the deletion's transaction (a pick or an answer waits for it). */
export async function lockPlayerContests(db: Executor, userId: string, email: string): Promise<ContestRow[]> {
  return db.update(contests).set({ revision: nextRevision }).where(ofPlayer(userId, email)).returning();
}

/** Declines these challenges (pending): nobody can answer or play them any more. */
export async function declineContests(db: Executor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(contests)
    .set({ status: "rejected", updatedAt: now, revision: nextRevision })
    .where(and(inArray(contests.id, [...ids]), eq(contests.status, "pending")));
  await clearNow(db, "contests");
}

/** The address the user was invited at, in every contest they were invited to, becomes `placeholder`. */
export async function replaceInvitationEmail(
  db: Executor,
  userId: string,
  email: string,
  placeholder: string,
): Promise<void> {
  await db
    .update(contests)
    .set({ player2Email: placeholder, revision: nextRevision })
    .where(
      or(
        eq(contests.player2Id, userId),
        and(isNull(contests.player2Id), sql`lower(${contests.player2Email}) = ${email.toLowerCase()}`),
      ),
    );
  await clearNow(db, "contests");
}

/** Every device of the user (their queued pushes go with them: ON DELETE CASCADE). */
export async function deletePushSubscriptionsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** E-mail to this address not sent yet: queued, kept (no SMTP configured) or given up. */
export async function deleteUnsentMailTo(db: Executor, email: string): Promise<void> {
  await db
    .delete(outbox)
    .where(
      and(
        eq(outbox.channel, "email"),
        inArray(outbox.status, ["queued", "kept", "failed"]),
        sql`lower(${outbox.toAddress}) = ${email.toLowerCase()}`,
      ),
    );
}

/** The person's single-use links and the devices they signed in on (their device cookies). */
export async function deleteAccountTokensOf(db: Executor, userId: string): Promise<void> {
  await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await db.delete(signInDevices).where(eq(signInDevices.userId, userId));
}

export async function deleteRemindersOf(db: Executor, userId: string): Promise<void> {
  await db.delete(reminders).where(eq(reminders.userId, userId));
}

/** A string as a regular expression matching it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The activity log keeps its lines, without the person: their e-mail address becomes `placeholder`
 * wherever a line's details hold it (an invitation's `player2Email`, a mail's `to`), and the names
 * their profile changes logged become `names`.
 */
export async function eraseFromActivity(
  db: Executor,
  input: {
    userId: string;
    email: string;
    placeholder: string;
    names: { firstName: string; lastName: string };
  },
): Promise<void> {
  const pattern = literally(input.email);
  await db
    .update(activity)
    .set({
      details: sql`regexp_replace(${activity.details}::text, ${pattern}, ${input.placeholder}, 'gi')::jsonb`,
    })
    .where(sql`${activity.details}::text ilike ${`%${input.email.replace(/[\\%_]/g, "\\$&")}%`}`);
  await db
    .update(activity)
    .set({ details: sql`${activity.details} || ${JSON.stringify(input.names)}::jsonb` })
    .where(
      and(
        eq(activity.subjectUserId, input.userId),
        eq(activity.action, "user.updated"),
        sql`${activity.details} ? 'firstName'`,
      ),
    );
}
