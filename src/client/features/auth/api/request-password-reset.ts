import { useMutation } from "@tanstack/react-query";
import type { PasswordResetRequestBody, PasswordResetRequested } from "@/contracts/auth";
import { apiRequest } from "@/client/lib/api";

/** The forgot-password form: the answer is the same whether or not an account uses the address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestBody) =>
      apiRequest<PasswordResetRequested>("POST", "/api/auth/password-reset/request", body),
  });
}
