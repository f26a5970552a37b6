import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";

export interface ContestPlayers {
  player1: string;
  player2: string;
}

const fullName = (user: ListedUser | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() || "Unknown" : "Unknown";

/** Both players' names ("Unknown" when a user is not found); an invitee without an account yet is shown by e-mail. */
export function contestPlayers(contest: Contest, usersById: ReadonlyMap<string, ListedUser>): ContestPlayers {
  return {
    player1: fullName(usersById.get(contest.player1Id)),
    player2: contest.player2Id
      ? fullName(usersById.get(contest.player2Id))
      : contest.player2Email || "Unknown",
  };
}
