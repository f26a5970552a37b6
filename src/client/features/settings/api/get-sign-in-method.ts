import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SignInMethod } from "@/contracts/account";
import { apiGet } from "@/client/lib/api";

export const signInMethodKey = ["/api/account/sign-in"] as const;

/** The player's address, whether they have a password here, and an e-mail change awaiting its link. */
export const signInMethodQuery = queryOptions({
  queryKey: signInMethodKey,
  queryFn: () => apiGet<SignInMethod>("/api/account/sign-in"),
});

export const useSignInMethod = () => useQuery(signInMethodQuery);
