import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SeasonReview } from "@/contracts/season-review";
import { apiGet } from "@/client/lib/api";
import { contestsKey } from "@/client/lib/queries/contests";

/** A completed contest's season in review; under ["/api/contests", id]: a change to it refreshes it. */
export const seasonReviewKey = (contestId: string) => [...contestsKey, contestId, "review"] as const;

export const seasonReviewQuery = (contestId: string) =>
  queryOptions({
    queryKey: seasonReviewKey(contestId),
    queryFn: () => apiGet<SeasonReview>(`/api/contests/${contestId}/review`),
  });

/** Asked for only once the contest is completed (before, the server answers 409). */
export const useSeasonReview = (contestId: string, completed: boolean) =>
  useQuery({ ...seasonReviewQuery(contestId), enabled: completed });
