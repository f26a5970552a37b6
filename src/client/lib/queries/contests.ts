import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { Contest, CreateContestBody, EditContestBody, RespondContestBody } from "@/contracts/contests";
import { apiGet, apiRequest } from "../api";
import { queryClient } from "../query-client";

export const contestsKey = ["/api/contests"] as const;

/** The signed-in user's contests (invitations to their e-mail included); every contest for an admin. */
export const contestsQuery = queryOptions({
  queryKey: contestsKey,
  queryFn: () => apiGet<Contest[]>("/api/contests"),
});

export const useContests = () => useQuery(contestsQuery);

const refreshContests = () => queryClient.invalidateQueries({ queryKey: contestsKey });

export function useCreateContest() {
  return useMutation({
    mutationFn: (body: CreateContestBody) => apiRequest<Contest>("POST", "/api/contests", body),
    onSuccess: refreshContests,
  });
}

export function useRespondToContest() {
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & RespondContestBody) =>
      apiRequest<Contest>("PATCH", `/api/contests/${id}`, { status }),
    onSuccess: refreshContests,
  });
}

/** A completed contest's rematch, proposed by one of its players: the new contest, and the old one's `rematch`. */
export function useProposeRematch() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<Contest>("POST", `/api/contests/${id}/rematch`),
    onSuccess: refreshContests,
  });
}

/** An admin's edit of a contest's settings; refreshes every query about contests (their results too). */
export function useEditContest() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & EditContestBody) =>
      apiRequest<Contest>("PUT", `/api/contests/${id}`, body),
    onSuccess: refreshContests,
  });
}

export function useDeleteContest() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/contests/${id}`),
    onSuccess: refreshContests,
  });
}
