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

/**
 * Initials for an avatar, letters and digits only: "AL" for Ada Lovelace, "CC" for Cal "The Lock"
 * Carter (the first and last words), "BB" for bea.baker@example.com (its name part).
 */
export function initials(name: string) {
  const at = name.indexOf("@");
  const words = (at === -1 ? name : name.slice(0, at))
    .split(/[\s._-]+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((letter) => letter !== undefined);
  const shown = words.length > 1 ? [words[0], words.at(-1)] : words;
  return shown.join("").toUpperCase() || "?";
}
