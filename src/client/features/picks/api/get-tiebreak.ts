import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TiebreakAnswer } from "@/contracts/picks";
import { apiGet } from "@/client/lib/api";
import { contestsKey } from "@/client/lib/queries/contests";

/**
 * A week's tiebreaker as the viewer sees it (null when the contest does not play it that week).
 * Under ["/api/contests", id]: a submission, a live update of the contest or a final refreshes it.
 */
export const tiebreakQuery = (contestId: string, week: number) =>
  queryOptions({
    queryKey: [...contestsKey, contestId, "tiebreak", week] as const,
    queryFn: () => apiGet<TiebreakAnswer>(`/api/contests/${contestId}/tiebreak?week=${week}`),
  });

export const useTiebreak = (contestId: string | undefined, week: number) =>
  useQuery({ ...tiebreakQuery(contestId ?? "", week), enabled: Boolean(contestId) && week > 0 });
