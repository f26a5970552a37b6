import { useMutation } from "@tanstack/react-query";
import type { EmailChanged } from "@/contracts/account";
import { apiRequest } from "@/client/lib/api";
import { queryClient } from "@/client/lib/query-client";
import { currentUserKey } from "@/client/lib/queries/current-user";
import { signInMethodKey } from "./get-sign-in-method";

/** The new address's link, opened: the account moves to it (signed in or not). */
export const confirmEmailChange = (token: string) =>
  apiRequest<EmailChanged>("POST", "/api/auth/email-change/confirm", { token });

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: signInMethodKey }),
      ]),
  });
}
