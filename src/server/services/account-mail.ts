import { EMAIL_CHANGE_HOURS } from "@/contracts/account";
import type { EmailKind } from "@/contracts/outbox";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { queueEmail } from "../repositories/outbox.repository";
import type { UserRow } from "../repositories/users.repository";
import { pacific, publicUrl } from "./notice-texts";

/**
 * What the account's own changes say by mail. Each is queued inside the change's transaction (a
 * rolled-back change sends nothing); the caller kicks the mailer after the commit.
 */
const SIGNATURE = "\n\nFootball Pool";
const greeting = (user: Pick<UserRow, "firstName">) => (user.firstName ? `Hi ${user.firstName},` : "Hi,");

function queue(ctx: AppContext, tx: Executor, kind: EmailKind, to: string, subject: string, text: string) {
  return queueEmail(tx, { kind, to, subject, text: text + SIGNATURE, deliver: ctx.mailer.enabled });
}

/** To the NEW address: the link that makes the change (its token in the fragment, never sent to a server log). */
export function queueEmailChangeLink(
  ctx: AppContext,
  tx: Executor,
  input: { user: UserRow; newEmail: string; token: string },
) {
  const link = `${publicUrl(ctx.env)}/confirm-email#token=${input.token}`;
  return queue(
    ctx,
    tx,
    "email-change",
    input.newEmail,
    "Confirm your new Football Pool e-mail address",
    `${greeting(input.user)}\n\nYou asked to sign in to Football Pool as ${input.newEmail} from now on, ` +
      `instead of ${input.user.email}. Open this link to confirm this address:\n${link}\n\n` +
      `The link works once, for ${EMAIL_CHANGE_HOURS} hours. Until you open it, nothing changes. ` +
      `If you did not ask for this, you can ignore this e-mail.`,
  );
}

/** To the OLD address: a change to `newEmail` was asked for, and what to do if it was not them. */
export function queueEmailChangeNotice(
  ctx: AppContext,
  tx: Executor,
  input: { user: UserRow; newEmail: string; at: Date },
) {
  return queue(
    ctx,
    tx,
    "email-change-notice",
    input.user.email,
    "Your Football Pool e-mail address is about to change",
    `${greeting(input.user)}\n\nOn ${pacific(input.at)}, someone signed in to your Football Pool account ` +
      `asked to change its e-mail address to ${input.newEmail}. It changes only when the link we sent ` +
      `to ${input.newEmail} is opened.\n\nIf this was you, there is nothing more to do. If it was not, ` +
      `change your password in Settings at once: that cancels the change and signs out every other ` +
      `device. Then tell an admin of Football Pool.\n${publicUrl(ctx.env)}/settings`,
  );
}

/** To the account's address, once its password was changed in Settings. */
export function queuePasswordChangedNotice(
  ctx: AppContext,
  tx: Executor,
  input: { user: UserRow; at: Date },
) {
  return queue(
    ctx,
    tx,
    "password-changed",
    input.user.email,
    "Your Football Pool password was changed",
    `${greeting(input.user)}\n\nThe password of your Football Pool account was changed in Settings on ` +
      `${pacific(input.at)}, and your other devices were signed out.\n\nIf this was you, there is nothing ` +
      `more to do. If it was not, choose a new password at once with a reset link, and tell an admin of ` +
      `Football Pool:\n${publicUrl(ctx.env)}/signin?tab=forgot`,
  );
}

/**
 * To the account's address, when a day saw many failed sign-ins: how many, when, and that the
 * password holds as long as it is not guessed. Not where they came from: that tells the owner nothing
 * they can act on.
 */
export function queueSignInFailuresNotice(
  ctx: AppContext,
  tx: Executor,
  input: { user: UserRow; failures: number; from: Date; to: Date },
) {
  const url = publicUrl(ctx.env);
  return queue(
    ctx,
    tx,
    "sign-in-failures",
    input.user.email,
    "Failed sign-ins to your Football Pool account",
    `${greeting(input.user)}\n\n${input.failures} attempts to sign in to your Football Pool account failed ` +
      `between ${pacific(input.from)} and ${pacific(input.to)}: each used your e-mail address with a ` +
      `wrong password.\n\nIf that was you, there is nothing more to do. If it was not, nobody got in, and ` +
      `your password is safe as long as it is not guessed. To be sure, choose a new, longer one in Settings:\n` +
      `${url}/settings\nForgot it? Ask for a reset link:\n${url}/signin?tab=forgot\n\nWhile someone ` +
      `keeps trying, a sign-in from a new device may have to wait a few minutes; the devices you signed ` +
      `in on before are not held up.`,
  );
}
