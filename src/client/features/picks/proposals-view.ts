/**
 * The Additional Game Proposals panel's view logic, pure: which games can be proposed, how long until
 * they start, how a proposal reads. The server enforces every rule (src/domain/proposals.ts).
 */
import type { Game } from "@/contracts/games";
import type { Proposal } from "@/contracts/proposals";
import { isGameOpen } from "./picks-view";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Time to kickoff: days and hours when over 24 hours ("2d 5h"), else hours and minutes ("3h 20m"),
 * or minutes ("45m"); "<1m" in the last minute. Null once it has started.
 */
export function timeToStart(gameDate: string | Date, now: Date): string | null {
  const ms = new Date(gameDate).getTime() - now.getTime();
  if (ms <= 0) return null;
  if (ms > DAY) return `${Math.floor(ms / DAY)}d ${Math.floor((ms % DAY) / HOUR)}h`;
  if (ms >= HOUR) return `${Math.floor(ms / HOUR)}h ${Math.floor((ms % HOUR) / MINUTE)}m`;
  const minutes = Math.floor(ms / MINUTE);
  return minutes < 1 ? "<1m" : `${minutes}m`;
}

/**
 * The games a player can propose: upcoming and not started, with a line to pick, never proposed in
 * the contest, and picked by neither player. Soonest first.
 */
export function proposableGames(
  games: readonly Game[],
  proposals: readonly Pick<Proposal, "gameId">[],
  pickedGameIds: ReadonlySet<string>,
  now: Date,
): Game[] {
  const proposed = new Set(proposals.map((proposal) => proposal.gameId));
  return games
    .filter(
      (game) =>
        isGameOpen(game, now) &&
        (game.spread !== null || game.overUnder !== null) &&
        !proposed.has(game.id) &&
        !pickedGameIds.has(game.id),
    )
    .sort((a, b) => Date.parse(a.gameDate) - Date.parse(b.gameDate));
}

/** A pending proposal whose game has kicked off (by the server's clock) is no longer valid. */
export const isProposalExpired = (proposal: Pick<Proposal, "status" | "game">, now: Date) =>
  proposal.status === "pending" && !isGameOpen(proposal.game, now);

export type ProposalLook = "Pending" | "Accepted" | "Rejected" | "Expired";

export function proposalLook(proposal: Pick<Proposal, "status" | "game">, now: Date): ProposalLook {
  if (isProposalExpired(proposal, now)) return "Expired";
  return proposal.status === "pending" ? "Pending" : proposal.status === "accepted" ? "Accepted" : "Rejected";
}

/** What the viewer can do with a proposal, or what they are told instead. */
export type ProposalAction =
  | { kind: "answer" }
  | { kind: "waiting"; text: string }
  | { kind: "expired"; text: string }
  | { kind: "none" };

export const EXPIRED_TEXT = "This game has started. The proposal is no longer valid.";

export function proposalAction(
  proposal: Pick<Proposal, "status" | "game" | "proposedBy">,
  viewer: { userId: string; isPlayer: boolean; opponentName: string },
  now: Date,
): ProposalAction {
  if (proposal.status !== "pending") return { kind: "none" };
  if (isProposalExpired(proposal, now)) return { kind: "expired", text: EXPIRED_TEXT };
  if (!viewer.isPlayer) return { kind: "none" };
  if (proposal.proposedBy === viewer.userId) {
    return { kind: "waiting", text: `Waiting for ${viewer.opponentName} to respond to your proposal.` };
  }
  return { kind: "answer" };
}

/** The week's accepted extra games. */
export const acceptedGames = (proposals: readonly Proposal[]): Game[] =>
  proposals.filter((proposal) => proposal.status === "accepted").map((proposal) => proposal.game);
