import type { EmailKind } from "@/contracts/outbox";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import type { Env } from "../env";
import { queueEmail, type OutboxRow } from "../repositories/outbox.repository";
import { plural } from "@/domain/plural";

/**
 * The app's e-mails. Each `queue…Email` puts one in the outbox: call it INSIDE the transaction of the
 * change that causes it (a rolled-back change sends nothing) and call `ctx.mailer.kick()` once that
 * transaction has committed (the interval pass would pick it up anyway, later). Sending never blocks
 * nor fails the request: delivery happens in the mailer, with retries.
 */

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

export interface ContestRef {
  id: string;
  name: string;
}

export interface EmailContent {
  subject: string;
  text: string;
}

const SIGNATURE = "\n\nFootball Pool";
const fullName = (person: Pick<Person, "firstName" | "lastName">) =>
  `${person.firstName} ${person.lastName}`.trim();
const greeting = (person?: Pick<Person, "firstName">) =>
  person?.firstName ? `Hi ${person.firstName},` : "Hi,";
const quoted = (name: string) => `“${name}”`;
const bet = (amount: number) => (amount === 0 ? "Free" : `$${amount}/week`);

/** Where links in e-mail point: PUBLIC_URL, else this server on localhost. */
export function publicUrl(env: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  // Not the request's Host header: anyone can send one, and a link in a mail must not be theirs.
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** A kickoff as players read deadlines: Pacific time ("Sun, Sep 7, 10:00 AM PT"). */
function pacific(date: Date): string {
  const text = date.toLocaleString("en-US", {
    timeZone: "America/Los_Angeles",
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  // Some ICU versions put a narrow no-break space before AM/PM; plain text mail wants a plain one.
  return `${text.replace(/\u202f/g, " ")} PT`;
}

export function invitationEmail(input: {
  baseUrl: string;
  to: string;
  inviter: Person;
  contest: ContestRef & { description: string; betAmount: number; maxPicksPerPlayer: number };
}): EmailContent {
  const { contest } = input;
  const about = contest.description.trim() ? `\n${contest.description.trim()}\n` : "";
  return {
    subject: `${fullName(input.inviter)} challenged you to ${quoted(contest.name)} on Football Pool`,
    text:
      `Hi,\n\n${fullName(input.inviter)} has challenged you to ${quoted(contest.name)}, a head-to-head NFL ` +
      `pick'em contest on Football Pool.\n${about}\nBet: ${bet(contest.betAmount)}\n` +
      `Picks per week: ${contest.maxPicksPerPlayer}\n\n` +
      `Sign in, or create an account with this e-mail address (${input.to}), to accept or reject the challenge:\n` +
      `${input.baseUrl}/api/login${SIGNATURE}`,
  };
}

export function yourTurnEmail(input: {
  baseUrl: string;
  to: Person;
  firstPicker: Person;
  contest: ContestRef & { maxPicksPerPlayer: number };
  week: number;
}): EmailContent {
  const { contest, week } = input;
  return {
    subject: `Your turn to pick: week ${week} of ${quoted(contest.name)}`,
    text:
      `${greeting(input.to)}\n\n${fullName(input.firstPicker)} has made their picks for week ${week} of ` +
      `${quoted(contest.name)}. It's your turn: make your ${plural(contest.maxPicksPerPlayer, "pick")} ` +
      `before the games kick off.\n\n${input.baseUrl}/picks?contestId=${contest.id}&week=${week}${SIGNATURE}`,
  };
}

export function proposalEmail(input: {
  baseUrl: string;
  to: Person;
  proposer: Person;
  contest: ContestRef;
  week: number;
  /** "KC @ BUF" */
  game: string;
  kickoff: Date;
}): EmailContent {
  const { contest, week } = input;
  return {
    subject: `${fullName(input.proposer)} proposed an additional game in ${quoted(contest.name)}`,
    text:
      `${greeting(input.to)}\n\n${fullName(input.proposer)} proposed adding ${input.game} to week ${week} of ` +
      `${quoted(contest.name)}. If you accept, you each make one more pick that week, on that game. ` +
      `The proposal expires at kickoff, ${pacific(input.kickoff)}.\n\n` +
      `Accept or reject it on the picks page:\n${input.baseUrl}/picks?contestId=${contest.id}&week=${week}${SIGNATURE}`,
  };
}

export function betChangeEmail(input: {
  baseUrl: string;
  to: Person;
  proposer: Person;
  contest: ContestRef;
  fromWeek: number;
  newAmount: number;
  /** Where the answer is given; the contest's page unless told. */
  path?: string;
}): EmailContent {
  const { contest } = input;
  return {
    subject: `${fullName(input.proposer)} proposed a new bet in ${quoted(contest.name)}`,
    text:
      `${greeting(input.to)}\n\n${fullName(input.proposer)} proposed changing the weekly bet of ` +
      `${quoted(contest.name)} to ${bet(input.newAmount)} from week ${input.fromWeek} on. Earlier weeks keep ` +
      `their pots. Nothing changes unless you approve it.\n\nApprove or reject it here:\n` +
      `${input.baseUrl}${input.path ?? `/contests/${contest.id}`}${SIGNATURE}`,
  };
}

export function adminMessageEmail(input: { admin: Person; subject: string; message: string }): EmailContent {
  return {
    subject: input.subject,
    text: `${input.message}\n\n--\nSent by ${fullName(input.admin)} from Football Pool. Reply to this e-mail to answer them.`,
  };
}

type Notification = Parameters<typeof queueEmail>[1];

/** A mail as the outbox takes it: delivered when the mailer has an SMTP server, else kept. */
function mailOf(
  ctx: AppContext,
  kind: EmailKind,
  to: string,
  content: EmailContent,
  replyTo?: string,
): Notification {
  return { kind, to, ...content, replyTo, deliver: ctx.mailer.enabled };
}

function queue(
  ctx: AppContext,
  tx: Executor,
  kind: EmailKind,
  to: string,
  content: EmailContent,
  replyTo?: string,
) {
  return queueEmail(tx, mailOf(ctx, kind, to, content, replyTo));
}

/** Player 2's invitation, with the link to sign in. */
export function queueInvitationEmail(
  ctx: AppContext,
  tx: Executor,
  input: Omit<Parameters<typeof invitationEmail>[0], "baseUrl">,
): Promise<OutboxRow> {
  return queue(ctx, tx, "invitation", input.to, invitationEmail({ ...input, baseUrl: publicUrl(ctx.env) }));
}

/**
 * To the second picker, once the first picker holds their picks for the week: the mail, which the
 * pick write puts in the outbox with the picks (`insertPicksIfUnchanged`).
 */
export function yourTurnMail(
  ctx: AppContext,
  input: Omit<Parameters<typeof yourTurnEmail>[0], "baseUrl">,
): Notification {
  return mailOf(ctx, "your-turn", input.to.email, yourTurnEmail({ ...input, baseUrl: publicUrl(ctx.env) }));
}

/** To the opponent of the player who proposed an additional game: it awaits their answer. */
export function queueProposalEmail(
  ctx: AppContext,
  tx: Executor,
  input: Omit<Parameters<typeof proposalEmail>[0], "baseUrl">,
): Promise<OutboxRow> {
  return queue(ctx, tx, "proposal", input.to.email, proposalEmail({ ...input, baseUrl: publicUrl(ctx.env) }));
}

/** To the opponent of the player who proposed a bet change: it awaits their answer. */
export function queueBetChangeEmail(
  ctx: AppContext,
  tx: Executor,
  input: Omit<Parameters<typeof betChangeEmail>[0], "baseUrl">,
): Promise<OutboxRow> {
  return queue(
    ctx,
    tx,
    "bet-change",
    input.to.email,
    betChangeEmail({ ...input, baseUrl: publicUrl(ctx.env) }),
  );
}

/** An admin's Send Email; replies go to the admin. */
export function queueAdminMessage(
  ctx: AppContext,
  tx: Executor,
  input: { to: Person; admin: Person; subject: string; message: string },
): Promise<OutboxRow> {
  return queue(ctx, tx, "message", input.to.email, adminMessageEmail(input), input.admin.email);
}
