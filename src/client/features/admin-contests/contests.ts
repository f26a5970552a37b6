import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";

export interface ContestPlayers {
  player1: string;
  player2: string;
}

const fullName = (user: ListedUser | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() || "Unknown" : "Unknown";

/** Both players' names; an invitee without an account yet is shown by e-mail. */
export function contestPlayers(contest: Contest, usersById: ReadonlyMap<string, ListedUser>): ContestPlayers {
  return {
    player1: fullName(usersById.get(contest.player1Id)),
    player2: contest.player2Id
      ? fullName(usersById.get(contest.player2Id))
      : contest.player2Email || "Unknown",
  };
}

/** Contests whose name or either player's name contains the search text, case-insensitively. */
export function filterContests(
  contests: Contest[],
  search: string,
  playersOf: (contest: Contest) => ContestPlayers,
): Contest[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return contests;
  return contests.filter((contest) => {
    const { player1, player2 } = playersOf(contest);
    return [contest.name, player1, player2].some((text) => text.toLowerCase().includes(needle));
  });
}

/** Sum of the weekly bet over paid contests, in whole dollars. */
export const totalBetValue = (contests: Contest[]) =>
  contests.reduce((sum, contest) => (contest.isFree ? sum : sum + contest.betAmount), 0);

export function contestStats(contests: Contest[]) {
  return {
    total: contests.length,
    active: contests.filter((contest) => contest.status === "active").length,
    completed: contests.filter((contest) => contest.status === "completed").length,
    totalBetValue: totalBetValue(contests),
  };
}
