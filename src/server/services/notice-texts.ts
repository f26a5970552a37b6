import type { PushPayload } from "@/contracts/notifications";
import { weekInText, weekInTextStart } from "@/domain/postseason";
import type { EmailKind } from "@/contracts/outbox";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import type { Env } from "../env";
import { queueEmail, type OutboxRow } from "../repositories/outbox.repository";
import type { EmailContent, Notice } from "./queue-notices";
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

/**
 * Pacific time as players read deadlines, made once: `toLocaleString` with these options builds a
 * formatter at each call, which a burst of reminders would pay for each of them (decision 037).
 */
const PACIFIC = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Los_Angeles",
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** A kickoff as players read deadlines: Pacific time ("Sun, Sep 7, 10:00 AM PT"). */
export function pacific(date: Date): string {
  const text = PACIFIC.format(date);
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
  /** The picks of the turn handed over (with custom rounds, a round's); else the week's. */
  picks?: number;
}): EmailContent {
  const { contest, week } = input;
  return {
    subject: `Your turn to pick: ${weekInText(week)} of ${quoted(contest.name)}`,
    text:
      `${greeting(input.to)}\n\n${fullName(input.firstPicker)} has made their picks for ${weekInText(week)} of ` +
      `${quoted(contest.name)}. It's your turn: make your ${plural(input.picks ?? contest.maxPicksPerPlayer, "pick")} ` +
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
      `${greeting(input.to)}\n\n${fullName(input.proposer)} proposed adding ${input.game} to ${weekInText(week)} of ` +
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
 * A notice the pick write puts in the outbox with the picks (`insertPicksIfUnchanged`): the e-mail
 * and the push message, each written only if the recipient has that channel on for its kind.
 */
export type PicksNotice = Notification & { userId: string; push: PushPayload; email?: boolean };

const picksPath = (contestId: string, week: number) => `/picks?contestId=${contestId}&week=${week}`;

/** To the second picker, once the first picker holds their picks for the week (or round). */
export function yourTurnMail(
  ctx: AppContext,
  input: Omit<Parameters<typeof yourTurnEmail>[0], "baseUrl"> & { to: Person & { id: string } },
): PicksNotice {
  const { contest, week } = input;
  return {
    ...mailOf(ctx, "your-turn", input.to.email, yourTurnEmail({ ...input, baseUrl: publicUrl(ctx.env) })),
    userId: input.to.id,
    push: {
      title: "Your turn to pick",
      body: `${fullName(input.firstPicker)} made their picks for ${weekInText(week)} of ${quoted(contest.name)}.`,
      url: picksPath(contest.id, week),
      tag: `your-turn-${contest.id}-${week}`,
    },
  };
}

export function opponentPicksEmail(input: {
  baseUrl: string;
  to: Person;
  picker: Person;
  contest: ContestRef;
  week: number;
  count: number;
}): EmailContent {
  const { contest, week } = input;
  return {
    subject: `${fullName(input.picker)} made picks in ${quoted(contest.name)}`,
    text:
      `${greeting(input.to)}\n\n${fullName(input.picker)} made ${plural(input.count, "pick")} for ${weekInText(week)} of ` +
      `${quoted(contest.name)}.\n\n${input.baseUrl}${picksPath(contest.id, week)}${SIGNATURE}`,
  };
}

/**
 * To the opponent of a player whose picks end the week's turns (the "your turn" notice says it when
 * the turn is handed over instead). Push only: e-mail keeps to what needs an answer.
 */
export function opponentPicksMail(
  ctx: AppContext,
  input: Omit<Parameters<typeof opponentPicksEmail>[0], "baseUrl"> & { to: Person & { id: string } },
): PicksNotice {
  const { contest, week } = input;
  return {
    ...mailOf(
      ctx,
      "opponent-picks",
      input.to.email,
      opponentPicksEmail({ ...input, baseUrl: publicUrl(ctx.env) }),
    ),
    userId: input.to.id,
    email: false,
    push: {
      title: "Your opponent made picks",
      body: `${fullName(input.picker)} made ${plural(input.count, "pick")} for ${weekInText(week)} of ${quoted(contest.name)}.`,
      url: picksPath(contest.id, week),
      tag: `opponent-picks-${contest.id}-${week}`,
    },
  };
}

/** The invitation to a player who has an account: by e-mail and push, as their settings say. */
export function challengeNotice(
  ctx: AppContext,
  input: Omit<Parameters<typeof invitationEmail>[0], "baseUrl"> & { user: { id: string } },
): Notice {
  return {
    kind: "challenge",
    to: { id: input.user.id, email: input.to },
    email: { ...invitationEmail({ ...input, baseUrl: publicUrl(ctx.env) }), outboxKind: "invitation" },
    push: {
      title: "New challenge",
      body: `${fullName(input.inviter)} challenged you to ${quoted(input.contest.name)}. Accept or decline it.`,
      url: "/contests",
      tag: `challenge-${input.contest.id}`,
    },
  };
}

/**
 * The rematch of a completed contest, to the other player: a challenge like any other (its kind,
 * its tag), which names what it carries over.
 */
export function rematchNotice(
  ctx: AppContext,
  input: {
    to: Person & { id: string };
    proposer: Person;
    contest: ContestRef & { betAmount: number; season: number; startWeek: number };
    /** Whether the other player picks first in the rematch's first week. */
    picksFirst: boolean;
  },
): Notice {
  const { contest, proposer } = input;
  const path = `/contests/${contest.id}`;
  const first = input.picksFirst ? "You pick" : `${fullName(proposer)} picks`;
  return {
    kind: "challenge",
    to: input.to,
    email: {
      subject: `${fullName(proposer)} proposes a rematch of ${quoted(contest.name)}`,
      text:
        `${greeting(input.to)}\n\n${fullName(proposer)} proposes a rematch of ${quoted(contest.name)} for the ` +
        `${contest.season} season: the same stake (${bet(contest.betAmount)}), rules and rounds. ` +
        `${first} first in week ${contest.startWeek}.\n\nAccept or decline it here:\n` +
        `${publicUrl(ctx.env)}${path}${SIGNATURE}`,
      outboxKind: "invitation",
    },
    push: {
      title: "Rematch proposed",
      body: `${fullName(proposer)} proposes a rematch of ${quoted(contest.name)}. Accept or decline it.`,
      url: path,
      tag: `challenge-${contest.id}`,
    },
  };
}

/** To the contest's creator, once the invited player accepts or declines. */
export function challengeAnsweredNotice(
  ctx: AppContext,
  input: { to: Person & { id: string }; responder: Person; contest: ContestRef; accepted: boolean },
): Notice {
  const { contest, accepted } = input;
  const verb = accepted ? "accepted" : "declined";
  const path = accepted ? `/contests/${contest.id}` : "/contests";
  return {
    kind: "challenge",
    to: input.to,
    email: {
      subject: `${fullName(input.responder)} ${verb} your challenge ${quoted(contest.name)}`,
      text:
        `${greeting(input.to)}\n\n${fullName(input.responder)} ${verb} your challenge ${quoted(contest.name)}.` +
        (accepted ? " The contest is on: good luck!" : "") +
        `\n\n${publicUrl(ctx.env)}${path}${SIGNATURE}`,
    },
    push: {
      title: accepted ? "Challenge accepted" : "Challenge declined",
      body: `${fullName(input.responder)} ${verb} ${quoted(contest.name)}.`,
      url: path,
      tag: `challenge-${contest.id}`,
    },
  };
}

/** A player's result of a settled week: "You won 3–2 (+$10)". */
export function weekSettledNotice(
  ctx: AppContext,
  input: { to: Person & { id: string }; contest: ContestRef; week: number; result: string },
): Notice {
  const { contest, week } = input;
  const path = `/contests/${contest.id}`;
  return {
    kind: "week-settled",
    to: input.to,
    email: {
      subject: `${weekInTextStart(week)} of ${quoted(contest.name)}: ${input.result}`,
      text:
        `${greeting(input.to)}\n\n${weekInTextStart(week)} of ${quoted(contest.name)} is settled. ${input.result}.` +
        `\n\n${publicUrl(ctx.env)}${path}${SIGNATURE}`,
    },
    push: {
      title: `${weekInTextStart(week)} settled`,
      body: `${quoted(contest.name)}: ${input.result}.`,
      url: path,
      tag: `week-settled-${contest.id}-${week}`,
    },
  };
}

/** The Notifications screen's "Send a test notification". */
export function testNotice(ctx: AppContext, to: Person): { email: EmailContent; push: PushPayload } {
  return {
    email: {
      subject: "Football Pool test notification",
      text: `${greeting(to)}\n\nThis is a test: your e-mail notifications work.\n\n${publicUrl(ctx.env)}/settings/notifications${SIGNATURE}`,
    },
    push: {
      title: "Football Pool",
      body: "This is a test: notifications work on this device.",
      url: "/settings/notifications",
      tag: "test",
    },
  };
}

/** To the opponent of the player who proposed an additional game: it awaits their answer. */
export function proposalNotice(
  ctx: AppContext,
  input: Omit<Parameters<typeof proposalEmail>[0], "baseUrl"> & { to: Person & { id: string } },
): Notice {
  const { contest, week } = input;
  return {
    kind: "proposals",
    to: input.to,
    email: { ...proposalEmail({ ...input, baseUrl: publicUrl(ctx.env) }), outboxKind: "proposal" },
    push: {
      title: "Additional game proposed",
      body: `${fullName(input.proposer)} proposed adding ${input.game} to ${weekInText(week)} of ${quoted(contest.name)}. Accept or reject it.`,
      url: picksPath(contest.id, week),
      tag: `proposal-${contest.id}-${week}`,
    },
  };
}

/** To the opponent of the player who proposed a bet change: it awaits their answer. */
export function betChangeNotice(
  ctx: AppContext,
  input: Omit<Parameters<typeof betChangeEmail>[0], "baseUrl"> & { to: Person & { id: string } },
): Notice {
  const { contest } = input;
  return {
    kind: "proposals",
    to: input.to,
    email: { ...betChangeEmail({ ...input, baseUrl: publicUrl(ctx.env) }), outboxKind: "bet-change" },
    push: {
      title: "New bet proposed",
      body: `${fullName(input.proposer)} proposed ${bet(input.newAmount)} from week ${input.fromWeek} in ${quoted(contest.name)}. Approve or reject it.`,
      url: input.path ?? `/contests/${contest.id}`,
      tag: `bet-change-${contest.id}`,
    },
  };
}

/** An admin's Send Email; replies go to the admin. */
export function queueAdminMessage(
  ctx: AppContext,
  tx: Executor,
  input: { to: Person; admin: Person; subject: string; message: string },
): Promise<OutboxRow> {
  return queue(ctx, tx, "message", input.to.email, adminMessageEmail(input), input.admin.email);
}
