import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@/contracts/auth";
import { ApiRequestError, apiGet } from "@/client/lib/api";

export const currentUserKey = ["/api/auth/user"] as const;

/** 401 means signed out: the user is null, not an error. */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiGet<User>("/api/auth/user");
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: fetchCurrentUser,
  // Refetched on focus (a session may end in another tab) and by a screen mounted more than a few
  // seconds later; not again by each screen drawn with the page (the gate, the shell, the screen).
  staleTime: 5_000,
  refetchOnWindowFocus: "always",
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}
