import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FeedStatus } from "@/contracts/feed";
import { apiGet } from "@/client/lib/api";
import { nextLookMs } from "../feed-panel";
import { serverNow } from "@/client/lib/server-clock";

export const feedStatusKey = ["/api/admin/feed"] as const;

export const getFeedStatus = () => apiGet<FeedStatus>("/api/admin/feed");

// The feed moves on by itself (its poller): read afresh whenever the panel is shown, and again
// shortly after each sync it has planned.
export const feedStatusQuery = queryOptions({
  queryKey: feedStatusKey,
  queryFn: getFeedStatus,
  staleTime: 0,
  refetchInterval: (query) => nextLookMs(query.state.data?.nextSyncAt ?? null, serverNow()),
});

export const useFeedStatus = () => useQuery(feedStatusQuery);
