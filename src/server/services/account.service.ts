import { createHash } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import {
  EMAIL_CHANGE_HOURS,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeviceSession,
  type EmailChanged,
  type EmailChangeRequested,
  type SignInMethod,
} from "@/contracts/account";
import type { AppContext } from "../context";
import { AppError, badRequest, notFound } from "../errors";
import * as tokensRepo from "../repositories/account-tokens.repository";
import { recordActivity } from "../repositories/activity.repository";
import * as sessionsRepo from "../repositories/sessions.repository";
import { deleteOtherSessions, deleteSession } from "../repositories/sessions.repository";
import * as usersRepo from "../repositories/users.repository";
import type { UserRow } from "../repositories/users.repository";
import { queueEmailChangeLink, queueEmailChangeNotice, queuePasswordChangedNotice } from "./account-mail";
import { deviceName } from "./device-name";
import { checkNewPassword } from "./password-policy";

const HOUR = 60 * 60 * 1000;
const WRONG_PASSWORD = "Your current password is not correct.";
const EMAIL_TAKEN = "An account with this email already exists.";
const LINK_SPENT = "This link has expired or was already used. Ask for a new one in Settings.";
const NO_PASSWORD_EMAIL =
  "Your address comes from your organization's sign-in service, so it cannot be changed here.";
const NO_PASSWORD = "Your account has no password: you sign in through your organization's sign-in service.";

/** The user as the database has them now (the request's row may be a cached one). */
async function freshUser(ctx: AppContext, user: UserRow): Promise<UserRow> {
  const row = await usersRepo.findUserById(ctx.db, user.id);
  if (!usersRepo.isLiveUser(row)) throw notFound("Account not found.");
  return row;
}

/** Checks the current password of an account that has one: 400 at `currentPassword` otherwise. */
async function checkCurrentPassword(user: UserRow, password: string, noPassword: string): Promise<void> {
  if (!user.passwordHash) throw badRequest(noPassword);
  if (!(await verify(user.passwordHash, password))) throw badRequest(WRONG_PASSWORD, "currentPassword");
}

export async function signInMethod(ctx: AppContext, user: UserRow): Promise<SignInMethod> {
  const row = await freshUser(ctx, user);
  return {
    email: row.email,
    hasPassword: row.passwordHash !== null,
    pendingEmail: await tokensRepo.pendingEmailChange(ctx.db, row.id, ctx.clock.now()),
  };
}

/**
 * Asks to move the account to a new address: a link to the new address (valid EMAIL_CHANGE_HOURS,
 * only the newest works) and a notice to the old one. Nothing changes until the link is opened.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  body: ChangeEmailBody,
): Promise<EmailChangeRequested> {
  const row = await freshUser(ctx, user);
  await checkCurrentPassword(row, body.currentPassword, NO_PASSWORD_EMAIL);
  const newEmail = body.newEmail.toLowerCase();
  if (newEmail === row.email.toLowerCase()) throw badRequest("This is already your address.", "newEmail");
  if (await usersRepo.findUserByEmail(ctx.db, newEmail)) throw emailTaken();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const token = await tokensRepo.issueAccountToken(tx, {
      userId: row.id,
      purpose: "email_change",
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_HOURS * HOUR),
      now,
      newEmail,
    });
    await queueEmailChangeLink(ctx, tx, { user: row, newEmail, token });
    await queueEmailChangeNotice(ctx, tx, { user: row, newEmail, at: now });
  });
  ctx.mailer.kick();
  return {
    message: `We sent a link to ${newEmail}. Your address changes when you open it.`,
    pendingEmail: newEmail,
  };
}

const emailTaken = () => new AppError(409, EMAIL_TAKEN, [{ path: "newEmail", message: EMAIL_TAKEN }]);

/**
 * The link of an e-mail change, opened in any browser (its token is the credential): the address is
 * checked free again, the account moves to it, and invitations already sent to it join the account.
 * A refusal leaves the token unspent (the transaction rolls back).
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<EmailChanged> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Serialised with sign-ups, so no account can take the address between the check and the write.
    await usersRepo.lockUserCreation(tx);
    const spent = await tokensRepo.spendAccountToken(tx, token, "email_change", now);
    const owner = spent ? await usersRepo.findUserById(tx, spent.userId) : undefined;
    if (!spent?.newEmail || !usersRepo.isLiveUser(owner)) throw badRequest(LINK_SPENT, "token");
    const email = spent.newEmail.toLowerCase();
    const holder = await usersRepo.findUserByEmail(tx, email);
    if (holder && holder.id !== owner.id) throw emailTaken();
    // Clears the sessions (and users) cached with the old address.
    await usersRepo.updateUser(tx, owner.id, { email });
    await usersRepo.linkInvitations(tx, owner.id, email);
    await recordActivity(tx, {
      actorId: owner.id,
      action: "user.updated",
      subjectUserId: owner.id,
      details: { changed: "email" },
    });
    return { email };
  });
}

/**
 * A new password for an account that has one, its current password given: every other session of
 * the user ends, every link still waiting (an e-mail change, a reset) stops working, and a mail tells
 * the account's address.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  sessionId: string | null,
  body: ChangePasswordBody,
): Promise<void> {
  const row = await freshUser(ctx, user);
  await checkCurrentPassword(row, body.currentPassword, NO_PASSWORD);
  await checkNewPassword(body.newPassword).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 400
      ? badRequest(error.message, "newPassword")
      : error;
  });
  const passwordHash = await hash(body.newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await usersRepo.updateUser(tx, row.id, { passwordHash });
    await deleteOtherSessions(tx, row.id, sessionId);
    await tokensRepo.spendUserTokens(tx, row.id, now);
    await recordActivity(tx, {
      actorId: row.id,
      action: "user.updated",
      subjectUserId: row.id,
      details: { changed: "password" },
    });
    await queuePasswordChangedNotice(ctx, tx, { user: row, at: now });
  });
  ctx.mailer.kick();
}

/**
 * How a session is named to its user: not its id (the SHA-256 of its cookie, which the session cache
 * is keyed by), but 16 hex characters of another hash of it, resolved back among the user's own.
 */
const deviceId = (sessionId: string) =>
  createHash("sha256").update(`device:${sessionId}`).digest("hex").slice(0, 16);

/** The user's live sessions, this one first, then the last seen first. */
export async function listDevices(
  ctx: AppContext,
  user: UserRow,
  sessionId: string | null,
): Promise<DeviceSession[]> {
  const rows = await sessionsRepo.listLiveSessions(ctx.db, user.id, ctx.clock.now());
  const devices = rows.map((row) => ({
    id: deviceId(row.id),
    ...deviceName(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    current: row.id === sessionId,
  }));
  return [...devices.filter((device) => device.current), ...devices.filter((device) => !device.current)];
}

/**
 * Signs one of the user's other devices out: its session ends at once on every instance, and its
 * push subscriptions go with it. 404 for an id that is not one of the user's live sessions.
 */
export async function signOutDevice(
  ctx: AppContext,
  user: UserRow,
  sessionId: string | null,
  id: string,
): Promise<void> {
  const rows = await sessionsRepo.listLiveSessions(ctx.db, user.id, ctx.clock.now());
  const session = rows.find((row) => deviceId(row.id) === id);
  if (!session) throw notFound("Device not found.");
  if (session.id === sessionId) {
    throw badRequest("This is the device you are using: sign out from the menu instead.");
  }
  await deleteSession(ctx.db, session.id);
}

/** Ends every session of the user but this one. */
export async function signOutOtherDevices(
  ctx: AppContext,
  user: UserRow,
  sessionId: string | null,
): Promise<void> {
  await deleteOtherSessions(ctx.db, user.id, sessionId);
}
