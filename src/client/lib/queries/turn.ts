import { queryOptions, useQueries } from "@tanstack/react-query";
import type { TurnInfo } from "@/contracts/turn";
import { apiGet } from "../api";
import { contestsKey } from "./contests";

/** Under ["/api/contests", id]: a submission or a live update of the contest refreshes it. */
export const turnQuery = (contestId: string, week: number) =>
  queryOptions({
    queryKey: [...contestsKey, contestId, "turn", week] as const,
    queryFn: () => apiGet<TurnInfo>(`/api/contests/${contestId}/turn/${week}`),
  });

/** Whose turn it is in each contest's week, fetched side by side (one request per contest, no chain). */
export const useTurns = (contests: readonly { id: string; currentWeek: number }[]) =>
  useQueries({ queries: contests.map((contest) => turnQuery(contest.id, contest.currentWeek)) });
