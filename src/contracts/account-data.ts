import { z } from "zod";
import { contestStatus, round } from "./contests";
import { market, pickResult, playerStanding, side } from "./picks";
import { betChangeStatus } from "./bets";
import { proposalStatus } from "./proposals";

/**
 * A deleted account's e-mail is `deleted-<id>@` this domain: `.invalid` is reserved never to resolve
 * (RFC 2606), so nothing is ever delivered there and nobody can sign up with it to receive mail.
 */
export const DELETED_EMAIL_DOMAIN = "deleted.invalid";
/** Whether an address is a deleted account's, which nothing is sent to. */
export const isDeletedEmail = (email: string) => email.toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`);
/** A deleted account's names: lists and standings read "Former player". */
export const FORMER_PLAYER = { firstName: "Former", lastName: "player" } as const;

/** Who did something, from the exporting player's seat. */
const who = z.enum(["you", "opponent"]);
/** A week's or a season's winner from the player's seat; a tie is a push. */
const outcome = z.enum(["you", "opponent", "tie"]);

const exportedGame = z.object({
  season: z.number().int(),
  week: z.number().int(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  /** The kickoff, ISO 8601. */
  kickoff: z.string(),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  status: z.string(),
});

export const exportedPick = z.object({
  id: z.uuid(),
  game: exportedGame,
  market,
  side,
  /** The side at the line it was made at: "PHI -8.5", "DAL +8.5", "Over 47.5". */
  pick: z.string(),
  /** The line the pick was made at, as stored: the spread and its favorite, or the total. */
  lineSpread: z.string().nullable(),
  lineFavorite: z.string().nullable(),
  lineTotal: z.string().nullable(),
  /** The player's lock of the week: it counted two wins, or two losses. */
  isLock: z.literal(true).optional(),
  result: pickResult,
});
export type ExportedPick = z.infer<typeof exportedPick>;

/** A begun week as the weekly results screen shows it, from the player's seat. */
export const exportedWeek = z.object({
  week: z.number().int(),
  potAmount: z.number().int(),
  isSettled: z.boolean(),
  yourWins: z.number().int(),
  opponentWins: z.number().int(),
  /** Null while the week is played. */
  winner: outcome.nullable(),
});

/** The money of the settled weeks: the winner of a week takes its pot from the other. */
export const exportedLedger = z.object({
  /** "Bob owes you $40", "You owe Bob $40", "All square", "Free contest: no money changes hands". */
  summary: z.string(),
  /** Your money over the settled weeks: positive when your opponent owes you. */
  balance: z.number().int(),
  weeks: z.array(
    z.object({
      week: z.number().int(),
      pot: z.number().int(),
      winner: outcome,
      /** Your money after this week. */
      balance: z.number().int(),
    }),
  ),
});

const record = playerStanding;

export const exportedContest = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  status: contestStatus,
  /** Your seat: player 1 made the challenge. */
  seat: z.enum(["player1", "player2"]),
  /** The opponent's name, or the address invited while they have no account. */
  opponent: z.string(),
  season: z.number().int(),
  startWeek: z.number().int(),
  currentWeek: z.number().int(),
  totalWeeks: z.number().int(),
  /** The bet in force in the current week, whole dollars a week; 0 when free. */
  betAmount: z.number().int(),
  isFree: z.boolean(),
  maxPicksPerPlayer: z.number().int(),
  rounds: z.array(round).nullable(),
  createdAt: z.string(),
  /** The season's winner once the contest is completed. */
  winner: outcome.nullable(),
  standing: z.object({ you: record, opponent: record, completedWeeks: z.number().int() }),
  weeklyResults: z.array(exportedWeek),
  ledger: exportedLedger,
  picks: z.array(exportedPick),
  betChanges: z.array(
    z.object({
      id: z.uuid(),
      kind: z.enum(["proposal", "admin"]),
      proposedBy: z.enum(["you", "opponent", "admin"]),
      proposerName: z.string(),
      fromWeek: z.number().int(),
      newAmount: z.number().int(),
      status: betChangeStatus,
      createdAt: z.string(),
      respondedAt: z.string().nullable(),
    }),
  ),
  proposals: z.array(
    z.object({
      id: z.uuid(),
      week: z.number().int(),
      game: exportedGame,
      proposedBy: who,
      proposerName: z.string(),
      status: proposalStatus,
      expired: z.boolean(),
      proposedAt: z.string(),
      respondedAt: z.string().nullable(),
    }),
  ),
  /** Your messages in its trash talk, oldest first (the thread as it shows them, yours alone). */
  messages: z.array(z.object({ id: z.uuid(), body: z.string(), postedAt: z.string() })),
});
export type ExportedContest = z.infer<typeof exportedContest>;

/** GET /api/account/export: the signed-in player's data, as one JSON file. */
export const accountExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
  }),
  /** Every contest the player plays or played, or is invited to, that the screens show (not archived). */
  contests: z.array(exportedContest),
});
export type AccountExport = z.infer<typeof accountExport>;

/** GET /api/account/export.csv: its columns, in order (one row per pick). */
export const PICKS_CSV_COLUMNS = [
  "Contest",
  "Opponent",
  "Season",
  "Week",
  "Game",
  "Kickoff",
  "Market",
  "Side",
  "Pick",
  "Line",
  "Result",
  "Week result",
  "Week money",
] as const;

const contestBrief = z.object({ id: z.uuid(), name: z.string(), opponent: z.string() });

/** GET /api/account/deletion-check: what deleting the account does, for its dialog to say first. */
export const deletionCheck = z.object({
  /** How the deletion is confirmed: the password, or (an account without one) the e-mail address. */
  confirmWith: z.enum(["password", "email"]),
  /** The only administrator cannot delete their account. */
  lastAdmin: z.boolean(),
  /** Contests under way: they stay, with no more picks of yours; `paid` when money is at stake. */
  activeContests: z.array(contestBrief.extend({ paid: z.boolean() })),
  /** Challenges not answered yet, sent by you or to you: they are declined. */
  pendingContests: z.array(contestBrief),
});
export type DeletionCheck = z.infer<typeof deletionCheck>;

/**
 * DELETE /api/account: the password, or for an account without one (signed in through the
 * organisation's sign-in) the account's e-mail address typed out.
 */
export const deleteAccountBody = z.object({
  password: z.string().max(200).optional(),
  confirmEmail: z.string().trim().max(320).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** The Delete account dialog's field, by how the account confirms (`DeletionCheck.confirmWith`). */
export const confirmPasswordForm = z.object({
  password: deleteAccountBody.shape.password.unwrap().min(1, "Enter your password to delete your account."),
});
export const confirmEmailForm = z.object({
  confirmEmail: deleteAccountBody.shape.confirmEmail
    .unwrap()
    .min(1, "Type your e-mail address to delete your account."),
});
