import { apiRequest } from "@/client/lib/api";
import { queryClient } from "@/client/lib/query-client";

/** Ends the session and starts the app afresh on the landing page. */
export async function signOut(): Promise<void> {
  await apiRequest("POST", "/api/auth/logout");
  queryClient.clear();
  window.location.assign("/");
}
