import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Rivalry } from "@/contracts/rivalry";
import { apiGet } from "@/client/lib/api";
import { contestsKey } from "@/client/lib/queries/contests";

/**
 * The rivalry of a contest's two players. Under ["/api/contests", id]: a change to the contest or a
 * final that grades it refreshes it.
 */
export const rivalryQuery = (contestId: string) =>
  queryOptions({
    queryKey: [...contestsKey, contestId, "rivalry"] as const,
    queryFn: () => apiGet<Rivalry>(`/api/contests/${contestId}/rivalry`),
  });

export const useRivalry = (contestId: string) => useQuery(rivalryQuery(contestId));
