import { setTimeout as sleep } from "node:timers/promises";
import { hash } from "@node-rs/argon2";
import {
  RESET_LINK_SPENT,
  RESET_REQUESTED,
  type PasswordResetBody,
  type PasswordResetRequested,
  type ResetLink,
  type ResetLinkCheck,
  type User,
} from "@/contracts/auth";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { badRequest, notFound } from "../errors";
import * as tokensRepo from "../repositories/account-tokens.repository";
import { recordActivity } from "../repositories/activity.repository";
import { queueEmail } from "../repositories/outbox.repository";
import { deleteOtherSessions } from "../repositories/sessions.repository";
import * as usersRepo from "../repositories/users.repository";
import type { UserRow } from "../repositories/users.repository";
import { startSession, toUser, type Device, type NewSession } from "./auth.service";
import { pacific, publicUrl } from "./notice-texts";
import { checkNewPassword } from "./password-policy";

const PURPOSE = "password_reset";
/** A reset link works for this long, once. */
const LINK_LIFETIME_MS = 60 * 60 * 1000;
/**
 * Every answer to a request for a link takes at least this long: an address with an account costs a
 * transaction and a mail, one without costs a read, and the floor hides which it was. It must stay
 * well above what the longer path takes.
 */
const REQUEST_FLOOR_MS = 500;
const SIGNATURE = "\n\nFootball Pool";

/** What making a link needs: the command line has no mailer. */
type LinkContext = Pick<AppContext, "db" | "clock" | "env">;

const greeting = (user: UserRow) => (user.firstName ? `Hi ${user.firstName},` : "Hi,");

/** A new single-use link for the user; their earlier links stop working. Inside the caller's transaction. */
async function issueLink(ctx: LinkContext, tx: Executor, userId: string): Promise<ResetLink> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
  const token = await tokensRepo.issueAccountToken(tx, { userId, purpose: PURPOSE, expiresAt, now });
  // In the fragment: a browser never sends it, so no request log holds it.
  return { url: `${publicUrl(ctx.env)}/reset-password#token=${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * The forgot-password form: a link by mail to an account with a password, a reminder of how it signs
 * in to one without. The same answer, in the same time, whether or not an account uses the address.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<PasswordResetRequested> {
  const started = performance.now();
  try {
    await mailResetLink(ctx, email);
  } finally {
    await sleep(Math.max(0, REQUEST_FLOOR_MS - (performance.now() - started)));
  }
  return { message: RESET_REQUESTED };
}

async function mailResetLink(ctx: AppContext, email: string): Promise<void> {
  const user = await usersRepo.findUserByEmail(ctx.db, email);
  if (!usersRepo.isLiveUser(user)) return;
  await ctx.db.transaction(async (tx) => {
    const mail =
      user.passwordHash === null
        ? noPasswordMail(ctx, user)
        : resetMail(user, await issueLink(ctx, tx, user.id));
    await queueEmail(tx, { ...mail, to: user.email, deliver: ctx.mailer.enabled });
  });
  ctx.mailer.kick();
}

function resetMail(user: UserRow, link: ResetLink) {
  return {
    kind: "password-reset",
    subject: "Choose a new Football Pool password",
    text:
      `${greeting(user)}\n\nSomeone, we hope you, asked for a link to choose a new password for your ` +
      `Football Pool account. Open it to choose one:\n${link.url}\n\nThe link works once, for one hour. ` +
      `If you did not ask for it, you can ignore this e-mail: your password stays as it is.${SIGNATURE}`,
  };
}

function noPasswordMail(ctx: AppContext, user: UserRow) {
  return {
    kind: "password-reset",
    subject: "How you sign in to Football Pool",
    text:
      `${greeting(user)}\n\nSomeone, we hope you, asked for a link to choose a new password for your ` +
      `Football Pool account. Your account has no password: you sign in through your organization's ` +
      `sign-in service. Open the sign-in page and sign in there:\n${publicUrl(ctx.env)}/signin\n\n` +
      `If that no longer works for you, an admin of Football Pool can make you a link to choose a ` +
      `password. If you did not ask, you can ignore this e-mail.${SIGNATURE}`,
  };
}

function passwordChangedMail(ctx: AppContext, user: UserRow, at: Date) {
  return {
    kind: "password-changed",
    subject: "Your Football Pool password was changed",
    text:
      `${greeting(user)}\n\nThe password of your Football Pool account was changed through a reset link ` +
      `on ${pacific(at)}, and every device signed in to your account was signed out.\n\n` +
      `If this was you, there is nothing more to do. If it was not, ask for a new link at once, choose ` +
      `another password, and tell an admin of Football Pool:\n${publicUrl(ctx.env)}/signin?tab=forgot${SIGNATURE}`,
  };
}

/** Whether a reset link still works (its page asks before showing the form). */
export async function checkResetLink(ctx: AppContext, token: string): Promise<ResetLinkCheck> {
  const row = await tokensRepo.findLiveAccountToken(ctx.db, token, PURPOSE, ctx.clock.now());
  return { valid: row !== null && usersRepo.isLiveUser(await usersRepo.findUserById(ctx.db, row.userId)) };
}

/**
 * A new password through a reset link: the link is spent, every session of the account ends (this
 * device gets a new one), its other links stop working, and a mail tells the account of the change.
 */
export async function resetPassword(
  ctx: AppContext,
  body: PasswordResetBody,
  device: Device = {},
): Promise<{ user: User; session: NewSession }> {
  const now = ctx.clock.now();
  // The link is looked at first: a spent link is said at once, not after a refused password.
  const found = await tokensRepo.findLiveAccountToken(ctx.db, body.token, PURPOSE, now);
  if (!found || !usersRepo.isLiveUser(await usersRepo.findUserById(ctx.db, found.userId))) {
    throw badRequest(RESET_LINK_SPENT, "token");
  }
  await checkNewPassword(body.password);
  const passwordHash = await hash(body.password);
  const user = await ctx.db.transaction(async (tx) => {
    const spent = await tokensRepo.spendAccountToken(tx, body.token, PURPOSE, now);
    const owner = spent ? await usersRepo.findUserById(tx, spent.userId) : undefined;
    if (!usersRepo.isLiveUser(owner)) throw badRequest(RESET_LINK_SPENT, "token");
    await usersRepo.updateUser(tx, owner.id, { passwordHash });
    await deleteOtherSessions(tx, owner.id, null);
    // Every other link of theirs stops working too (another reset, an e-mail change).
    await tokensRepo.spendUserTokens(tx, owner.id, now);
    await queueEmail(tx, {
      ...passwordChangedMail(ctx, owner, now),
      to: owner.email,
      deliver: ctx.mailer.enabled,
    });
    return owner;
  });
  ctx.mailer.kick();
  return { user: toUser(user), session: await startSession(ctx, user.id, device) };
}

/**
 * A link an admin hands over in person when no mail reaches the player (themself included), or
 * the command line prints (`by` null); written to the activity log, never the link itself.
 */
export async function makeResetLink(
  ctx: LinkContext,
  by: UserRow | null,
  userId: string,
): Promise<ResetLink> {
  return ctx.db.transaction(async (tx) => {
    const target = await usersRepo.findUserById(tx, userId);
    if (!usersRepo.isLiveUser(target)) throw notFound("Player not found.");
    const link = await issueLink(ctx, tx, target.id);
    await recordActivity(tx, {
      actorId: by?.id ?? null,
      action: "user.reset_link",
      subjectUserId: target.id,
    });
    return link;
  });
}

/** The command line's link, by e-mail address: undefined when no account (deleted ones aside) uses it. */
export async function makeResetLinkByEmail(ctx: LinkContext, email: string): Promise<ResetLink | undefined> {
  const user = await usersRepo.findUserByEmail(ctx.db, email);
  return usersRepo.isLiveUser(user) ? makeResetLink(ctx, null, user.id) : undefined;
}
