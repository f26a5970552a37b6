import { z } from "zod";
import { DEFAULT_BET } from "./constants";
import { pendingGameProposal } from "./proposals";

/** Bet inputs move in steps of $5 (docs/rules.md, "Bets"). */
export const BET_STEP = 5;
export const MAX_BET = 100_000;
/** The New Amount a proposal starts with: $25, the Propose Weekly Change dialog's (docs/rules.md, "Bets"). */
export const DEFAULT_PROPOSAL_AMOUNT = DEFAULT_BET;

const AMOUNT_MESSAGE = `Bet amount must be 0 or greater, in steps of $${BET_STEP}`;

/** A weekly amount in whole dollars, 0 or more, a multiple of $5. */
export const betAmount = z
  .number({ error: "Bet amount must be a number" })
  .int("Bet amount must be whole dollars")
  .min(0, "Bet amount must be 0 or greater")
  .max(MAX_BET, "Bet amount must be $100,000 or less")
  .refine((amount) => amount % BET_STEP === 0, AMOUNT_MESSAGE);

/** POST /api/contests/{id}/bet-changes: a player proposes a new weekly amount from `week` on. */
export const proposeBetChangeBody = z.object({
  week: z
    .number({ error: "Week must be a number" })
    .int("Week must be a whole number")
    .min(1, "Week must be 1 or later"),
  newAmount: betAmount,
});
export type ProposeBetChangeBody = z.infer<typeof proposeBetChangeBody>;

/** PATCH /api/contests/{id}/bet-changes/{changeId}: the opponent answers. */
export const respondBetChangeBody = z.object({
  status: z.enum(["approved", "rejected"], {
    error: 'Status must be "approved" or "rejected"',
  }),
});
export type RespondBetChangeBody = z.infer<typeof respondBetChangeBody>;

/** PUT /api/contests/{id}/bet (admins): the weekly bet from the contest's current week on. Free means $0. */
export const setBetBody = z
  .object({
    isFree: z.boolean({ error: "isFree must be true or false" }),
    amount: betAmount.optional(),
  })
  .refine((body) => body.isFree || body.amount !== undefined, {
    message: "Amount per week is required for a paid contest",
    path: ["amount"],
  });
export type SetBetBody = z.infer<typeof setBetBody>;

export const betChangeParams = z.object({
  id: z.uuid("Contest not found."),
  changeId: z.uuid("Bet change not found."),
});

/**
 * `expired`: a proposal nobody answered whose first week is behind the contest, or whose contest is
 * no longer active; it can no longer be approved.
 */
export const betChangeStatus = z.enum(["proposed", "approved", "rejected", "expired"]);
export type BetChangeStatus = z.infer<typeof betChangeStatus>;

export const betChange = z.object({
  id: z.uuid(),
  contestId: z.uuid(),
  contestName: z.string(),
  /** "proposal": a player proposed it; "admin": an administrator set the bet directly (approved at once). */
  kind: z.enum(["proposal", "admin"]),
  proposedBy: z.uuid(),
  proposerName: z.string(),
  /** Who must answer a proposal: the proposer's opponent (null for an administrator's setting). */
  responderId: z.uuid().nullable(),
  fromWeek: z.number().int(),
  newAmount: z.number().int(),
  status: betChangeStatus,
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type BetChange = z.infer<typeof betChange>;

/** GET /api/admin/bet-changes: every contest's changes, newest first; `status` keeps one kind. */
export const betChangesQuery = z.object({ status: betChangeStatus.optional() });
export type BetChangesQuery = z.infer<typeof betChangesQuery>;

/** GET /api/proposals/pending: the proposals waiting for the signed-in player's answer (oldest first). */
export const pendingProposals = z.object({
  betChanges: z.array(betChange),
  games: z.array(pendingGameProposal),
});
export type PendingProposals = z.infer<typeof pendingProposals>;
