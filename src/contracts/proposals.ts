import { z } from "zod";
import { game } from "./games";

export const proposalStatus = z.enum(["pending", "accepted", "rejected"]);
export type ProposalStatus = z.infer<typeof proposalStatus>;

const week = z.coerce
  .number()
  .int()
  .min(1, "Week must be between 1 and 22")
  .max(22, "Week must be between 1 and 22");

/** An additional game proposal, as GET /api/contests/{id}/proposals lists it. */
export const proposal = z.object({
  id: z.uuid(),
  contestId: z.uuid(),
  gameId: z.uuid(),
  week: z.number().int(),
  proposedBy: z.uuid(),
  /** The proposer's full name: "Proposed by X". */
  proposerName: z.string(),
  status: proposalStatus,
  proposedAt: z.string(),
  respondedAt: z.string().nullable(),
  game,
  /** The game has kicked off (by the server's clock): nothing more can be proposed, answered or picked on it. */
  started: z.boolean(),
  /** Pending and started: "This game has started. The proposal is no longer valid." */
  expired: z.boolean(),
});
export type Proposal = z.infer<typeof proposal>;

export const proposalsParams = z.object({ id: z.uuid("Contest not found.") });
export const proposalParams = proposalsParams.extend({ proposalId: z.uuid("Proposal not found.") });

/** GET /api/contests/{id}/proposals?week=W: one week's proposals; without week, every week's. */
export const proposalsQuery = z.object({ week: week.optional() });

/** POST /api/contests/{id}/proposals: a game of the contest's current week. */
export const createProposalBody = z.object({ gameId: z.uuid("Choose a game to propose.") });
export type CreateProposalBody = z.infer<typeof createProposalBody>;

/** PATCH /api/contests/{id}/proposals/{proposalId}: the opponent's answer. */
export const respondProposalBody = z.object({
  status: z.enum(["accepted", "rejected"], { error: 'Status must be "accepted" or "rejected"' }),
});
export type RespondProposalBody = z.infer<typeof respondProposalBody>;

/** An additional game waiting for the player's answer, with its contest's name (GET /api/proposals/pending). */
export const pendingGameProposal = proposal.extend({ contestName: z.string() });
export type PendingGameProposal = z.infer<typeof pendingGameProposal>;
