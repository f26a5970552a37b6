import { DAY_MS, dayWithFailure, waitLeft, withFailure } from "@/domain/sign-in-waits";
import type { AppContext } from "../context";
import * as failuresRepo from "../repositories/sign-in-failures.repository";
import type { UserRow } from "../repositories/users.repository";
import { queueSignInFailuresNotice } from "./account-mail";

/**
 * How sign-ins are held while someone guesses a password (the waits: src/domain/sign-in-waits.ts).
 * An attempt is counted as a failure before its password is checked, and a sign-in clears it: so
 * attempts sent together cannot all slip past a wait, on one instance or several.
 */
export const DEVICE_DAYS = 365;
// A user id no account has: a device cookie sent with an unknown address costs the same query.
const NO_USER = "00000000-0000-0000-0000-000000000000";

/** A device cookie, for the reply to set. */
export interface KnownDevice {
  token: string;
  expiresAt: Date;
}

/** An attempt let through to its password check: whose address, and the device it counts on, if known. */
export interface Attempt {
  email: string;
  user: UserRow | undefined;
  deviceId: string | null;
}

/**
 * Lets an attempt through, counted on the device's own run when the cookie names a device of this
 * account whose wait is over, else on the address's run; `{ waitMs }` when both must wait (the
 * sooner of the two waits).
 */
export async function admitAttempt(
  ctx: AppContext,
  email: string,
  user: UserRow | undefined,
  deviceToken: string | undefined,
): Promise<{ attempt: Attempt } | { waitMs: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    let deviceWait = Infinity;
    if (deviceToken) {
      const device = await failuresRepo.lockDevice(tx, deviceToken, user?.id ?? NO_USER, now);
      if (device) {
        deviceWait = waitLeft(device, now);
        if (deviceWait === 0) {
          await failuresRepo.updateDevice(tx, device.id, withFailure(device, now));
          return { attempt: { email, user, deviceId: device.id } };
        }
      }
    }
    // A device that must wait signs in as an unknown one meanwhile.
    const run = await failuresRepo.lockFailures(tx, email);
    const wait = waitLeft(run, now);
    if (wait > 0) return { waitMs: Math.min(wait, deviceWait) };
    await failuresRepo.updateFailures(tx, email, withFailure(run, now));
    return { attempt: { email, user, deviceId: null } };
  });
}

/**
 * A wrong password (or an unknown address): already counted on its run; one from an unknown device
 * also counts in the address's day, whose tenth failure mails the account's owner.
 */
export async function attemptFailed(ctx: AppContext, attempt: Attempt): Promise<void> {
  if (attempt.deviceId) return;
  const now = ctx.clock.now();
  const told = await ctx.db.transaction(async (tx) => {
    const { tell, ...day } = dayWithFailure(await failuresRepo.lockFailures(tx, attempt.email), now);
    await failuresRepo.updateFailures(tx, attempt.email, day);
    await failuresRepo.deleteOldFailures(tx, new Date(now.getTime() - DAY_MS));
    const { user } = attempt;
    if (!tell || !user || user.deletedAt) return false;
    await queueSignInFailuresNotice(ctx, tx, {
      user,
      failures: day.dayFailures,
      from: day.dayStartedAt!,
      to: now,
    });
    return true;
  });
  if (told) ctx.mailer.kick();
}

/**
 * A sign-in: clears the address's run and the device's, and gives the device its cookie (the same
 * one, a year from now, for a device already known).
 */
export async function attemptSucceeded(
  ctx: AppContext,
  attempt: Attempt,
  userId: string,
  deviceToken: string | undefined,
): Promise<KnownDevice> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + DEVICE_DAYS * DAY_MS);
  // The address's day goes on: a sign-in does not hide the failures around it from the mail.
  await failuresRepo.updateFailures(ctx.db, attempt.email, { failures: 0, heldUntil: null });
  if (attempt.deviceId && deviceToken) {
    const cleared = { failures: 0, lastFailureAt: null, heldUntil: null, expiresAt };
    await failuresRepo.updateDevice(ctx.db, attempt.deviceId, cleared);
    return { token: deviceToken, expiresAt };
  }
  return rememberDevice(ctx, userId);
}

/** A new device cookie for a user (a sign-in, or the account's creation on that device). */
export async function rememberDevice(ctx: AppContext, userId: string): Promise<KnownDevice> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + DEVICE_DAYS * DAY_MS);
  return { token: await failuresRepo.insertDevice(ctx.db, { userId, expiresAt, now }), expiresAt };
}
