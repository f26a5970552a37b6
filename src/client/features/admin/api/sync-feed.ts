import { useMutation } from "@tanstack/react-query";
import type { FeedSyncBody, FeedSyncResult } from "@/contracts/feed";
import { apiRequest } from "@/client/lib/api";
import { gamesKey } from "@/client/lib/queries/games";
import { queryClient } from "@/client/lib/query-client";
import { feedStatusKey } from "./get-feed-status";

/** "Sync now": 200 with the counts; 502 when the source failed, 409 while the feed is off. */
export const syncFeed = (body: FeedSyncBody) =>
  apiRequest<FeedSyncResult>("POST", "/api/admin/feed/sync", body);

export function useSyncFeed() {
  return useMutation({
    mutationFn: syncFeed,
    // A failed sync is recorded too (the feed's last error), so the status is read again either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: feedStatusKey }),
        queryClient.invalidateQueries({ queryKey: gamesKey }),
      ]),
  });
}
