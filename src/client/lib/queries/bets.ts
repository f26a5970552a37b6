import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { BetChange, ProposeBetChangeBody, RespondBetChangeBody, SetBetBody } from "@/contracts/bets";
import type { Contest } from "@/contracts/contests";
import { apiGet, apiRequest } from "../api";
import { queryClient } from "../query-client";
import { contestsKey } from "./contests";
import { pendingProposalsKey } from "./proposals";

export const adminBetChangesKey = ["/api/admin/bet-changes"] as const;

/** One contest's bet changes, pending and answered, newest first. */
export const betChangesQuery = (contestId: string) =>
  queryOptions({
    queryKey: [...contestsKey, contestId, "bet-changes"] as const,
    queryFn: () => apiGet<BetChange[]>(`/api/contests/${contestId}/bet-changes`),
  });

export const useBetChanges = (contestId: string | undefined, enabled = true) =>
  useQuery({ ...betChangesQuery(contestId ?? ""), enabled: Boolean(contestId) && enabled });

/** Admins: the proposals of every contest waiting for an answer. */
export const pendingBetChangesQuery = queryOptions({
  queryKey: [...adminBetChangesKey, "proposed"] as const,
  queryFn: () => apiGet<BetChange[]>("/api/admin/bet-changes?status=proposed"),
});

export const usePendingBetChanges = (enabled = true) => useQuery({ ...pendingBetChangesQuery, enabled });

/**
 * A bet change moves the contest's bet, its pots and running totals: every contest query (lists,
 * weekly results, histories), the admins' pending list and the viewer's own are read again. Not
 * awaited: the refetch may remove the banner or button that started the change, and the caller's
 * toast must still show.
 */
const refreshBets = () => {
  void queryClient.invalidateQueries({ queryKey: contestsKey });
  void queryClient.invalidateQueries({ queryKey: adminBetChangesKey });
  void queryClient.invalidateQueries({ queryKey: pendingProposalsKey });
};

export function useProposeBetChange() {
  return useMutation({
    mutationFn: ({ contestId, ...body }: { contestId: string } & ProposeBetChangeBody) =>
      apiRequest<BetChange>("POST", `/api/contests/${contestId}/bet-changes`, body),
    onSuccess: refreshBets,
  });
}

export function useRespondToBetChange() {
  return useMutation({
    mutationFn: ({ change, status }: { change: BetChange } & RespondBetChangeBody) =>
      apiRequest<BetChange>("PATCH", `/api/contests/${change.contestId}/bet-changes/${change.id}`, {
        status,
      }),
    onSuccess: refreshBets,
  });
}

export function useSetBet() {
  return useMutation({
    mutationFn: ({ contestId, ...body }: { contestId: string } & SetBetBody) =>
      apiRequest<Contest>("PUT", `/api/contests/${contestId}/bet`, body),
    onSuccess: refreshBets,
  });
}
