import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { ListedUser, PlayerRecord, UpdateUserBody } from "@/contracts/users";
import { apiGet, apiRequest } from "../api";
import { queryClient } from "../query-client";
import { currentUserKey } from "./current-user";

export const usersKey = ["/api/users"] as const;

export const usersQuery = queryOptions({
  queryKey: usersKey,
  queryFn: () => apiGet<ListedUser[]>("/api/users"),
});

export const useUsers = (enabled = true) => useQuery({ ...usersQuery, enabled });

/** A player's graded picks won and lost (the manage-player dialog's Win-Loss). */
export const usePlayerRecord = (id: string) =>
  useQuery({
    queryKey: [...usersKey, id, "record"] as const,
    queryFn: () => apiGet<PlayerRecord>(`/api/users/${id}/record`),
  });

export function useUpdateUser() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & UpdateUserBody) =>
      apiRequest<ListedUser>("PUT", `/api/users/${id}`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}

/** "First Last", or the e-mail when the person has no account yet. */
export function displayName(
  user: Pick<ListedUser, "firstName" | "lastName"> | undefined,
  fallback = "Unknown",
) {
  if (!user) return fallback;
  return `${user.firstName} ${user.lastName}`.trim() || fallback;
}

/** Initials for an avatar: "AL" for Ada Lovelace. */
export function initials(name: string) {
  const letters = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase());
  return letters.join("") || "?";
}
