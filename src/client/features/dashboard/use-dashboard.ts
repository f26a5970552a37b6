import { isOwnContest } from "@/client/components/contest-card";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useSeason } from "@/client/lib/queries/season";
import { useTurns } from "@/client/lib/queries/turn";
import { useUsers } from "@/client/lib/queries/users";
import { playingContests } from "@/contracts/screens";

/** The Dashboard's reads: the viewer's contests by status, the season, whose turn it is where. */
export function useDashboard() {
  const { user } = useCurrentUser();
  const contests = useContests();
  const season = useSeason();
  const mine = (contests.data ?? []).filter((contest) => isOwnContest(contest, user));
  const users = useUsers((contests.data?.length ?? 0) > 0);
  // The countdown is for the contests the viewer picks in (an invitation by e-mail has no turn yet);
  // the server's document for "/" carries their turns (decision 054).
  const playing = playingContests(mine, user?.id);
  // The same queries the Your Turn card reads (shared by key): waited for here, so it arrives filled.
  const turns = useTurns(playing);
  return {
    user,
    season: season.data,
    users,
    mine,
    active: mine.filter((contest) => contest.status === "active"),
    completed: mine.filter((contest) => contest.status === "completed"),
    playing,
    loading: contests.isLoading || season.isLoading || turns.some((query) => query.isLoading),
  };
}
