import { apiRequest } from "@/client/lib/api";
import { clearApiCache } from "@/client/lib/offline-cache";
import { dropPushSubscription } from "@/client/lib/push-device";
import { queryClient } from "@/client/lib/query-client";

/** Ends the session and starts the app afresh on the landing page. */
export async function signOut(): Promise<void> {
  // This device stops getting the player's notifications (while the session can still say so).
  await dropPushSubscription();
  await apiRequest("POST", "/api/auth/logout");
  // The answers the service worker kept for offline use are this session's (decision 025).
  await clearApiCache();
  queryClient.clear();
  window.location.assign("/");
}
