import { useParams } from "wouter";
import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import { useScrollToHash } from "@/client/hooks/use-scroll-to-hash";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useWeeklyResults } from "@/client/lib/queries/picks";
import { displayName, useUsers } from "@/client/lib/queries/users";

const playerName = (
  users: ListedUser[] | undefined,
  loading: boolean,
  id: string | null,
  fallback: string,
) => (loading ? "Loading..." : displayName(id ? users?.find((user) => user.id === id) : undefined, fallback));

/** The two players as the details show them: names ("Loading..." meanwhile), e-mails, the viewer's. */
function playersOf(
  contest: Contest,
  users: ListedUser[] | undefined,
  loading: boolean,
  viewer: { id: string; email: string } | null,
) {
  return {
    player1: {
      name: playerName(users, loading, contest.player1Id, "Unknown"),
      email: users?.find((u) => u.id === contest.player1Id)?.email,
      you: !!viewer && viewer.id === contest.player1Id,
    },
    player2: {
      name: playerName(users, loading, contest.player2Id, contest.player2Email),
      email: users?.find((u) => u.id === contest.player2Id)?.email ?? contest.player2Email,
      you:
        !!viewer &&
        (viewer.id === contest.player2Id ||
          viewer.email.toLowerCase() === contest.player2Email.toLowerCase()),
    },
  };
}

/** Contest details (/contests/:contestId): the contest, its players and its weekly results. */
export function useContestDetails() {
  const { contestId = "" } = useParams<{ contestId: string }>();
  const { user } = useCurrentUser();
  const contests = useContests();
  const users = useUsers();
  const contest = contests.data?.find((candidate) => candidate.id === contestId);
  const results = useWeeklyResults(contest ? contestId : undefined);
  // "View Results" (admin) opens /contests/{id}#weekly-results.
  useScrollToHash(Boolean(contest) && !results.isLoading);
  return {
    user,
    loading: contests.isLoading,
    contest,
    players: contest ? playersOf(contest, users.data, users.isLoading, user) : null,
    results,
  };
}
