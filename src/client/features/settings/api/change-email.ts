import { useMutation } from "@tanstack/react-query";
import type { ChangeEmailBody, EmailChangeRequested } from "@/contracts/account";
import { apiRequest } from "@/client/lib/api";
import { queryClient } from "@/client/lib/query-client";
import { signInMethodKey } from "./get-sign-in-method";

/** "Change email": a link goes to the new address; nothing changes until it is opened. */
export const changeEmail = (body: ChangeEmailBody) =>
  apiRequest<EmailChangeRequested>("POST", "/api/account/email", body);

export function useChangeEmail() {
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signInMethodKey }),
  });
}
