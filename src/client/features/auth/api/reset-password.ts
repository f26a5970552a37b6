import { useMutation } from "@tanstack/react-query";
import type { PasswordResetBody, User } from "@/contracts/auth";
import { apiRequest } from "@/client/lib/api";

/** Spends the link, sets the new password and signs this device in (every other one is signed out). */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: PasswordResetBody) => apiRequest<User>("POST", "/api/auth/password-reset", body),
  });
}
