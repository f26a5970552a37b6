import { useParams } from "wouter";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { displayName, useUsers } from "@/client/lib/queries/users";
import { useRivalry } from "./api/get-rivalry";
import type { Names } from "./rivalry-view";

/** The rivalry page (/contests/:contestId/rivalry): the answer, the contest, and the sides' names. */
export function useRivalryPage() {
  const { contestId = "" } = useParams<{ contestId: string }>();
  const { user } = useCurrentUser();
  const rivalry = useRivalry(contestId);
  const users = useUsers();
  const contests = useContests();
  const contest = contests.data?.find((candidate) => candidate.id === contestId);
  const nameOf = (id: string | undefined) =>
    users.isLoading
      ? "Loading..."
      : displayName(
          users.data?.find((candidate) => candidate.id === id),
          "Former player",
        );
  const names: Names | null = rivalry.data
    ? {
        you: nameOf(rivalry.data.youId),
        opponent: nameOf(rivalry.data.opponentId),
        viewerPlays: rivalry.data.viewerPlays && rivalry.data.youId === user?.id,
      }
    : null;
  return { contestId, contest, rivalry, names };
}
