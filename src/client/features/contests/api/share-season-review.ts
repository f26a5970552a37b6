import { useMutation } from "@tanstack/react-query";
import type { ShareLink } from "@/contracts/season-review";
import { apiRequest } from "@/client/lib/api";
import { queryClient } from "@/client/lib/query-client";
import { seasonReviewKey } from "./get-season-review";

const refreshReview = (contestId: string) =>
  queryClient.invalidateQueries({ queryKey: seasonReviewKey(contestId) });

/** Makes the season in review's share link (or gets the live one). */
export function useShareSeasonReview(contestId: string) {
  return useMutation({
    mutationFn: () => apiRequest<ShareLink>("POST", `/api/contests/${contestId}/share`),
    onSuccess: () => refreshReview(contestId),
  });
}

/** Revokes the share link: it answers 404 from then on. */
export function useStopSharing(contestId: string) {
  return useMutation({
    mutationFn: () => apiRequest<void>("DELETE", `/api/contests/${contestId}/share`),
    onSuccess: () => refreshReview(contestId),
  });
}
