/**
 * Additional game proposals: a player proposes a game of the week; the opponent accepts or rejects
 * it; a pending proposal expires at the game's kickoff. An accepted game adds one pick for each
 * player that week, on that game (see picks.ts, basePicksUsed). Pure checks the server runs in the
 * transaction that stores the proposal or the answer; a refusal names the rule broken.
 */
import { isOpen, type PickGame } from "./picks";

export type ProposalStatus = "pending" | "accepted" | "rejected";

export const PROPOSAL_STARTED = "This game has started. The proposal is no longer valid.";
export const OWN_PROPOSAL = "You can't answer your own proposal.";

export type ProposalRule =
  | "wrong-week"
  | "started"
  | "no-line"
  | "already-proposed"
  | "already-picked"
  | "not-pending"
  | "own-proposal";

export interface ProposalRefusal {
  rule: ProposalRule;
  message: string;
}

export interface ProposeCheck {
  game: PickGame;
  season: number;
  /** The contest's current week: the only week games are proposed for. */
  week: number;
  now: Date;
  /** This game was proposed in the contest before, whatever became of it. */
  alreadyProposed: boolean;
  /** Either player holds a pick on this game. */
  picked: boolean;
}

/** Proposable: a game of the current week, not started, with a line, never proposed in the contest, picked by nobody. */
export function checkProposal(check: ProposeCheck): ProposalRefusal | null {
  const { game } = check;
  if (game.season !== check.season || game.week !== check.week) {
    return { rule: "wrong-week", message: `${game.label} is not a game of week ${check.week}.` };
  }
  if (!isOpen(game, check.now)) {
    return { rule: "started", message: `${game.label} has already started: it can no longer be proposed.` };
  }
  if (game.spread === null && game.overUnder === null) {
    return { rule: "no-line", message: `${game.label} has no line yet: there is nothing to pick on it.` };
  }
  if (check.alreadyProposed) {
    return { rule: "already-proposed", message: `${game.label} has already been proposed in this contest.` };
  }
  if (check.picked) return pickedRefusal(game.label);
  return null;
}

const pickedRefusal = (label: string): ProposalRefusal => ({
  rule: "already-picked",
  message: `${label} has already been picked in this contest: only a game nobody picked can be an extra game.`,
});

export interface AnswerCheck {
  game: Pick<PickGame, "status" | "gameDate" | "label">;
  status: ProposalStatus;
  proposedBy: string;
  userId: string;
  answer: "accepted" | "rejected";
  now: Date;
  /** Either player holds a pick on the game (made after it was proposed). */
  picked: boolean;
}

/** Only the opponent answers, only while pending and before kickoff; an accepted game must still be unpicked. */
export function checkAnswer(check: AnswerCheck): ProposalRefusal | null {
  if (check.proposedBy === check.userId) return { rule: "own-proposal", message: OWN_PROPOSAL };
  if (check.status !== "pending") {
    return { rule: "not-pending", message: `This proposal has already been ${check.status}.` };
  }
  if (!isOpen(check.game, check.now)) return { rule: "started", message: PROPOSAL_STARTED };
  if (check.answer === "accepted" && check.picked) return pickedRefusal(check.game.label);
  return null;
}

/** A pending proposal whose game has kicked off is no longer valid. */
export const isExpired = (
  status: ProposalStatus,
  game: Pick<PickGame, "status" | "gameDate">,
  now: Date,
): boolean => status === "pending" && !isOpen(game, now);
