// A player deletes their account: the person is erased, the contests' history stays true.
import { verify } from "@node-rs/argon2";
import {
  DELETED_EMAIL_DOMAIN,
  FORMER_PLAYER,
  isDeletedEmail,
  type DeleteAccountBody,
  type DeletionCheck,
} from "@/contracts/account-data";
import { notificationKinds } from "@/contracts/notifications";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { badRequest, conflict, unauthorized } from "../errors";
import * as deletion from "../repositories/account-deletion.repository";
import { recordActivity } from "../repositories/activity.repository";
import { deleteMessagesBy } from "../repositories/messages.repository";
import type { ContestRow } from "../repositories/contests.repository";
import { queueEmail } from "../repositories/outbox.repository";
import { saveSettings } from "../repositories/push.repository";
import { deleteOtherSessions } from "../repositories/sessions.repository";
import * as usersRepo from "../repositories/users.repository";
import type { UserRow } from "../repositories/users.repository";
import { playerContests } from "./account-data.service";
import { publicUrl } from "./notice-texts";
import { listUsers } from "./users.service";

export const LAST_ADMIN = "You are the last administrator: make someone else an admin first.";
const WRONG_PASSWORD = "That password is not right. Enter the password you sign in with.";
const WRONG_EMAIL = "Type the e-mail address you sign in with to confirm.";

/** The address a deleted account keeps: unique, and never delivered to (DELETED_EMAIL_DOMAIN). */
export const deletedEmailOf = (userId: string) => `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`;

/** Whether the user is the only administrator (read as the list of people shows it). */
async function isLastAdmin(ctx: AppContext, user: UserRow): Promise<boolean> {
  if (!user.isAdmin) return false;
  // An admin's list of people is everyone.
  return !(await listUsers(ctx, user)).some((person) => person.isAdmin && person.id !== user.id);
}

/** GET /api/account/deletion-check: what deleting the account would do, for its dialog to say first. */
export async function deletionCheck(ctx: AppContext, user: UserRow): Promise<DeletionCheck> {
  const [contests, lastAdmin] = await Promise.all([playerContests(ctx, user), isLastAdmin(ctx, user)]);
  const brief = ({ contest, opponent }: (typeof contests)[number]) => ({
    id: contest.id,
    name: contest.name,
    opponent,
  });
  return {
    confirmWith: user.passwordHash ? "password" : "email",
    lastAdmin,
    activeContests: contests
      .filter(({ contest }) => contest.status === "active")
      .map((played) => ({ ...brief(played), paid: !played.contest.isFree && played.contest.betAmount > 0 })),
    pendingContests: contests.filter(({ contest }) => contest.status === "pending").map(brief),
  };
}

/** The password, or for an account without one its e-mail address typed out; else 400 at the field. */
async function checkConfirmation(user: UserRow, body: DeleteAccountBody): Promise<void> {
  if (user.passwordHash) {
    if (!body.password) throw badRequest("Enter your password to delete your account.", "password");
    if (!(await verify(user.passwordHash, body.password))) throw badRequest(WRONG_PASSWORD, "password");
    return;
  }
  if (body.confirmEmail?.toLowerCase() !== user.email.toLowerCase())
    throw badRequest(WRONG_EMAIL, "confirmEmail");
}

/** Every notice off, no reminder: no notice that follows the settings is queued for the account again. */
const SILENCED = {
  email: Object.fromEntries(notificationKinds.map((kind) => [kind, false])),
  push: Object.fromEntries(notificationKinds.map((kind) => [kind, false])),
  reminderLeadMinutes: [],
};

const quoted = (name: string) => `“${name}”`;

/** The opponent's mail: who left, and what becomes of the contest between them. */
function leftEmail(baseUrl: string, leaver: string, contest: ContestRow, to: { firstName: string } | null) {
  const greeting = to?.firstName ? `Hi ${to.firstName},` : "Hi,";
  const what =
    contest.status === "pending"
      ? `The challenge ${quoted(contest.name)} is declined: it can no longer be accepted or played.`
      : `Your contest ${quoted(contest.name)} stays as it is: its weeks, picks and money so far are kept, ` +
        `and no more picks will be made for them. An administrator can archive it if you want it gone from your list.`;
  return {
    subject: `${leaver} deleted their Football Pool account`,
    text:
      `${greeting}\n\n${leaver} deleted their Football Pool account. ${what}\n\n` +
      `${baseUrl}/contests/${contest.id}\n\nFootball Pool`,
  };
}

/** Tells the opponent of each contest not yet completed, by mail, in the deletion's transaction. */
async function tellOpponents(ctx: AppContext, tx: Executor, user: UserRow, contests: ContestRow[]) {
  const open = contests.filter((contest) => contest.status === "active" || contest.status === "pending");
  const opponentIds = open.map((contest) =>
    contest.player1Id === user.id ? contest.player2Id : contest.player1Id,
  );
  const opponents = new Map(
    (
      await usersRepo.findUsersByIds(
        tx,
        opponentIds.filter((id): id is string => id !== null),
      )
    ).map((row) => [row.id, row]),
  );
  const leaver = `${user.firstName} ${user.lastName}`.trim();
  for (const [at, contest] of open.entries()) {
    const id = opponentIds[at];
    const opponent = id ? opponents.get(id) : undefined;
    // An invitation by e-mail with no account yet: its address; never the player themself.
    const to = opponent?.email ?? (contest.player1Id === user.id ? contest.player2Email : null);
    if (!to || isDeletedEmail(to) || to.toLowerCase() === user.email.toLowerCase()) continue;
    const mail = leftEmail(publicUrl(ctx.env), leaver, contest, opponent ?? null);
    await queueEmail(tx, { kind: "account-deleted", to, ...mail, deliver: ctx.mailer.enabled });
  }
}

/**
 * DELETE /api/account: in one transaction the person is erased (names "Former player", an address
 * nobody receives, no password, no admin rights, no calendar link), their sessions, devices,
 * notification choices, reminders, account links and unsent mail go; their contests, picks, bets,
 * proposals and the activity log stay, so every standing and ledger reads as before. Challenges
 * waiting for an answer are declined; the opponent of each contest not completed is told by mail.
 */
export async function deleteAccount(ctx: AppContext, user: UserRow, body: DeleteAccountBody): Promise<void> {
  await checkConfirmation(user, body);
  const now = ctx.clock.now();
  const placeholder = deletedEmailOf(user.id);
  await ctx.db.transaction(async (tx) => {
    // The admins first, as a change of admin rights locks them: two admins leaving at once wait in turn.
    if (user.isAdmin) {
      const admins = await usersRepo.lockAdmins(tx);
      if (!admins.some((id) => id !== user.id)) throw conflict(LAST_ADMIN);
    }
    if (!(await deletion.lockLiveUser(tx, user.id))) throw unauthorized();
    const contests = await deletion.lockPlayerContests(tx, user.id, user.email);
    await tellOpponents(ctx, tx, user, contests);
    await deletion.declineContests(
      tx,
      contests.filter((contest) => contest.status === "pending").map((contest) => contest.id),
      now,
    );
    await deletion.replaceInvitationEmail(tx, user.id, user.email, placeholder);
    await usersRepo.updateUser(tx, user.id, {
      ...FORMER_PLAYER,
      email: placeholder,
      passwordHash: null,
      isAdmin: false,
      calendarToken: null,
      deletedAt: now,
    });
    await deleteOtherSessions(tx, user.id, null);
    await deletion.deletePushSubscriptionsOf(tx, user.id);
    await saveSettings(tx, { userId: user.id, ...SILENCED });
    await deletion.deleteRemindersOf(tx, user.id);
    await deleteMessagesBy(tx, user.id);
    await deletion.deleteAccountTokensOf(tx, user.id);
    await deletion.deleteUnsentMailTo(tx, user.email);
    await deletion.eraseFromActivity(tx, {
      userId: user.id,
      email: user.email,
      placeholder,
      names: FORMER_PLAYER,
    });
    await recordActivity(tx, {
      actorId: user.id,
      action: "user.deleted",
      subjectUserId: user.id,
      details: { contests: contests.length },
    });
  });
  ctx.mailer.kick();
}
