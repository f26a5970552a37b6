import { useMutation } from "@tanstack/react-query";
import type { DeleteAccountBody } from "@/contracts/account-data";
import { apiRequest } from "@/client/lib/api";
import { clearApiCache } from "@/client/lib/offline-cache";
import { dropPushSubscription } from "@/client/lib/push-device";
import { queryClient } from "@/client/lib/query-client";

/** Deletes the signed-in account; the server ends its sessions and clears the cookie. */
export const deleteAccount = (body: DeleteAccountBody) => apiRequest<void>("DELETE", "/api/account", body);

/** This browser forgets the account as a sign-out does, and starts afresh on the landing page. */
async function leave(): Promise<void> {
  await dropPushSubscription();
  await clearApiCache();
  queryClient.clear();
  window.location.assign("/");
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, onSuccess: leave });
}
