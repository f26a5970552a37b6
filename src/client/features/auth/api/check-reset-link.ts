import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ResetLinkCheck } from "@/contracts/auth";
import { apiRequest } from "@/client/lib/api";

/** Whether a reset link still works: asked once when its page opens (a POST: the token stays out of URLs). */
export const resetLinkCheckQuery = (token: string) =>
  queryOptions({
    queryKey: ["/api/auth/password-reset/check", token] as const,
    queryFn: () => apiRequest<ResetLinkCheck>("POST", "/api/auth/password-reset/check", { token }),
    staleTime: Infinity,
    retry: false,
  });

export const useResetLinkCheck = (token: string) => useQuery(resetLinkCheckQuery(token));
