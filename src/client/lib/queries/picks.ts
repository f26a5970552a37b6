import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type {
  Availability,
  BatchPicksBody,
  FirstPickerAssignment,
  Pick,
  SaveFirstPickerBody,
  WeeklyResult,
} from "@/contracts/picks";
import type { CurrentRound } from "@/contracts/turn";
import { apiGet, apiRequest } from "../api";
import { queryClient } from "../query-client";
import { contestsKey } from "./contests";

/** Every query about one contest starts with ["/api/contests", id]: one invalidation refreshes them all. */
const contestKey = (contestId: string) => [...contestsKey, contestId] as const;

export const firstPickerQuery = (contestId: string, week: number) =>
  queryOptions({
    queryKey: [...contestKey(contestId), "first-picker", week] as const,
    queryFn: () =>
      apiGet<{ firstPickerId: string | null }>(`/api/contests/${contestId}/first-picker/${week}`),
  });

export const currentRoundQuery = (contestId: string, week: number) =>
  queryOptions({
    queryKey: [...contestKey(contestId), "current-round", week] as const,
    queryFn: () => apiGet<CurrentRound>(`/api/contests/${contestId}/current-round/${week}`),
  });

export const availabilityQuery = (contestId: string, week: number, round: number) =>
  queryOptions({
    queryKey: [...contestKey(contestId), "availability", week, round] as const,
    queryFn: () => apiGet<Availability>(`/api/contests/${contestId}/availability/${week}/${round}`),
  });

/** A player's picks in a week: an empty list on failure, run only for weeks above 0. */
export const playerPicksQuery = (contestId: string, userId: string, week: number) =>
  queryOptions({
    queryKey: [...contestKey(contestId), "picks", userId, week] as const,
    queryFn: () =>
      apiGet<Pick[]>(`/api/contests/${contestId}/picks/player/${userId}?week=${week}`).catch(
        () => [] as Pick[],
      ),
  });

export const weeklyResultsQuery = (contestId: string) =>
  queryOptions({
    queryKey: [...contestKey(contestId), "weekly-results"] as const,
    queryFn: async () =>
      (await apiGet<{ weeklyResults: WeeklyResult[] }>(`/api/contests/${contestId}/weekly-results`))
        .weeklyResults,
  });

export const firstPickerAssignmentsQuery = (contestId: string) =>
  queryOptions({
    queryKey: ["/api/admin/contests", contestId, "first-picker-assignments"] as const,
    queryFn: () =>
      apiGet<FirstPickerAssignment[]>(`/api/admin/contests/${contestId}/first-picker-assignments`),
  });

export const useFirstPicker = (contestId: string | undefined, week: number) =>
  useQuery({ ...firstPickerQuery(contestId ?? "", week), enabled: Boolean(contestId) && week > 0 });
export const useCurrentRound = (contestId: string | undefined, week: number) =>
  useQuery({ ...currentRoundQuery(contestId ?? "", week), enabled: Boolean(contestId) && week > 0 });
export const useAvailability = (contestId: string | undefined, week: number, round: number) =>
  useQuery({ ...availabilityQuery(contestId ?? "", week, round), enabled: Boolean(contestId) && week > 0 });
export const usePlayerPicks = (contestId: string | undefined, userId: string | undefined, week: number) =>
  useQuery({
    ...playerPicksQuery(contestId ?? "", userId ?? "", week),
    enabled: Boolean(contestId && userId) && week > 0,
  });
export const useWeeklyResults = (contestId: string | undefined) =>
  useQuery({ ...weeklyResultsQuery(contestId ?? ""), enabled: Boolean(contestId) });
export const useFirstPickerAssignments = (contestId: string | undefined, enabled: boolean) =>
  useQuery({ ...firstPickerAssignmentsQuery(contestId ?? ""), enabled: Boolean(contestId) && enabled });

/** Submits the week's picks in one call: all are stored or none. Refreshes everything about the contest. */
export function useSubmitPicks() {
  return useMutation({
    mutationFn: (body: BatchPicksBody) => apiRequest<Pick[]>("POST", "/api/picks/batch", body),
    onSuccess: (_picks, body) =>
      queryClient.invalidateQueries({ queryKey: contestsKey, refetchType: "active" }).then(() => body),
  });
}

export function useSaveFirstPicker() {
  return useMutation({
    mutationFn: (body: SaveFirstPickerBody) =>
      apiRequest<FirstPickerAssignment>("POST", "/api/admin/first-picker-assignments", body),
    onSuccess: (_saved, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: firstPickerAssignmentsQuery(body.contestId).queryKey }),
        queryClient.invalidateQueries({ queryKey: contestKey(body.contestId) }),
      ]),
  });
}
