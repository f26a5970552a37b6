import { useMutation } from "@tanstack/react-query";
import type { TiebreakAnswer, TiebreakGuessBody } from "@/contracts/picks";
import { apiRequest } from "@/client/lib/api";
import { weeklyResultsQuery } from "@/client/lib/queries/picks";
import { turnQuery } from "@/client/lib/queries/turn";
import { queryClient } from "@/client/lib/query-client";
import { tiebreakQuery } from "./get-tiebreak";

/**
 * Makes or changes the player's guess of a week's tiebreaker. No live event follows a guess: the
 * answer is the week's tiebreaker, and the contest's weekly results and the week's turn (who has
 * guessed) are refetched here. A refused guess refetches the week's tiebreaker: it may have locked.
 */
export function useSaveTiebreak(contestId: string) {
  return useMutation({
    mutationFn: (body: TiebreakGuessBody) =>
      apiRequest<TiebreakAnswer>("PUT", `/api/contests/${contestId}/tiebreak`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(tiebreakQuery(contestId, answer.week).queryKey, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: weeklyResultsQuery(contestId).queryKey }),
        queryClient.invalidateQueries({ queryKey: turnQuery(contestId, answer.week).queryKey }),
      ]);
    },
    onError: (_error, body) =>
      queryClient.invalidateQueries({ queryKey: tiebreakQuery(contestId, body.week).queryKey }),
  });
}
