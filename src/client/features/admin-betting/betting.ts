import type { BetChange } from "@/contracts/bets";
import type { Contest } from "@/contracts/contests";

import type { ContestPlayers as BettingPlayers } from "@/client/lib/contest-players";

export {
  contestPlayers as bettingPlayers,
  type ContestPlayers as BettingPlayers,
} from "@/client/lib/contest-players";

/** Free: flagged free, or a bet of $0. */
export const isFreeContest = (contest: Pick<Contest, "isFree" | "betAmount">) =>
  contest.isFree || contest.betAmount === 0;

export interface BettingStats {
  /** Sum of the weekly bets of the paid contests, in dollars. */
  totalBetValue: number;
  paidContests: number;
  freeContests: number;
  /** Per paid contest, rounded to whole dollars; 0 without paid contests. */
  averageBet: number;
}

/** The four figures of the Betting Management screen, from each contest's bet in force this week. */
export function bettingStats(contests: readonly Contest[]): BettingStats {
  const paid = contests.filter((contest) => !isFreeContest(contest));
  const totalBetValue = paid.reduce((sum, contest) => sum + contest.betAmount, 0);
  return {
    totalBetValue,
    paidContests: paid.length,
    freeContests: contests.length - paid.length,
    averageBet: paid.length === 0 ? 0 : Math.round(totalBetValue / paid.length),
  };
}

/** Contests whose name or either player's name contains the search text, case-insensitively. */
export function filterBettingContests(
  contests: Contest[],
  search: string,
  playersOf: (contest: Contest) => BettingPlayers,
): Contest[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return contests;
  return contests.filter((contest) => {
    const { player1, player2 } = playersOf(contest);
    return [contest.name, player1, player2].some((text) => text.toLowerCase().includes(needle));
  });
}

/** The waiting proposal of each contest, by contest id. */
export function pendingByContest(changes: readonly BetChange[] | undefined): Map<string, BetChange> {
  const byContest = new Map<string, BetChange>();
  for (const change of changes ?? []) {
    if (change.status === "proposed" && !byContest.has(change.contestId))
      byContest.set(change.contestId, change);
  }
  return byContest;
}

/** The bet of a contest can change while it is pending or active. */
export const betEditable = (contest: Pick<Contest, "status">) =>
  contest.status === "pending" || contest.status === "active";

/** Only the contest's two players propose weekly changes, while it is active and nothing waits. */
export const mayPropose = (contest: Contest, userId: string | undefined, pending: BetChange | undefined) =>
  contest.status === "active" &&
  !pending &&
  userId !== undefined &&
  (userId === contest.player1Id || userId === contest.player2Id);
