import { useMutation } from "@tanstack/react-query";
import type { ResetLink } from "@/contracts/auth";
import { apiRequest } from "@/client/lib/api";

/** An admin's reset link for a player, to hand over in person; the player's earlier links stop working. */
export function useMakeResetLink() {
  return useMutation({
    mutationFn: (userId: string) => apiRequest<ResetLink>("POST", `/api/users/${userId}/reset-link`),
  });
}
