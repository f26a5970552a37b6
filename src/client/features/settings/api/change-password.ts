import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody } from "@/contracts/account";
import { apiRequest } from "@/client/lib/api";
import { queryClient } from "@/client/lib/query-client";
import { devicesKey } from "./get-devices";
import { signInMethodKey } from "./get-sign-in-method";

/** A new password: the player's other devices are signed out, and links still waiting stop working. */
export const changePassword = (body: ChangePasswordBody) =>
  apiRequest<void>("POST", "/api/account/password", body);

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: devicesKey }),
        queryClient.invalidateQueries({ queryKey: signInMethodKey }),
      ]),
  });
}
