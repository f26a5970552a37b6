import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { PendingProposals } from "@/contracts/bets";
import type { CreateProposalBody, Proposal, RespondProposalBody } from "@/contracts/proposals";
import { apiGet, apiRequest } from "../api";
import { queryClient } from "../query-client";
import { contestsKey } from "./contests";

const proposalsKey = (contestId: string) => [...contestsKey, contestId, "proposals"] as const;

/** What waits for the viewer's answer in their active contests: bet changes and additional games. */
export const pendingProposalsKey = ["/api/proposals/pending"] as const;
export const usePendingProposals = () =>
  useQuery({
    queryKey: pendingProposalsKey,
    queryFn: () => apiGet<PendingProposals>("/api/proposals/pending"),
  });

/** A contest's additional game proposals of one week. */
export const proposalsQuery = (contestId: string, week: number) =>
  queryOptions({
    queryKey: [...proposalsKey(contestId), week] as const,
    queryFn: () => apiGet<Proposal[]>(`/api/contests/${contestId}/proposals?week=${week}`),
  });

export const useProposals = (contestId: string | undefined, week: number) =>
  useQuery({ ...proposalsQuery(contestId ?? "", week), enabled: Boolean(contestId) && week > 0 });

/** Proposes a game of the week; refreshes the contest's proposals. */
export function useCreateProposal(contestId: string) {
  return useMutation({
    mutationFn: (body: CreateProposalBody) =>
      apiRequest<Proposal>("POST", `/api/contests/${contestId}/proposals`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalsKey(contestId) }),
  });
}

/**
 * Accepts or rejects a proposal. An acceptance changes what each player may pick, so everything
 * about the contest is refreshed (picks, availability, results), the proposals with it.
 */
export function useRespondToProposal(contestId: string) {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & RespondProposalBody) =>
      apiRequest<Proposal>("PATCH", `/api/contests/${contestId}/proposals/${id}`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...contestsKey, contestId] }),
        queryClient.invalidateQueries({ queryKey: pendingProposalsKey }),
      ]),
  });
}
