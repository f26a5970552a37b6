import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ActivityPage } from "@/contracts/activity";
import { apiGet } from "../api";

export const activityKey = ["/api/admin/activity"] as const;

function activityUrl(params: { userId?: string; limit?: number; before?: string | null }) {
  const search = new URLSearchParams();
  if (params.userId) search.set("userId", params.userId);
  if (params.limit) search.set("limit", String(params.limit));
  if (params.before) search.set("before", params.before);
  const query = search.toString();
  return `/api/admin/activity${query ? `?${query}` : ""}`;
}

// Every write anywhere adds to the log, and no mutation knows to invalidate it: a screen that
// shows the log reads it afresh when it opens (staleTime 0), unlike the app's other queries.

/** The newest lines of the whole log (Admin Overview). */
export const recentActivityQuery = (limit: number) =>
  queryOptions({
    queryKey: [...activityKey, "recent", limit] as const,
    queryFn: () => apiGet<ActivityPage>(activityUrl({ limit })),
    staleTime: 0,
  });

export const useRecentActivity = (limit: number) => useQuery(recentActivityQuery(limit));

/** What one person did or had done to them, a page at a time (View Activity). */
export const playerActivityQuery = (userId: string, pageSize = 20) =>
  infiniteQueryOptions({
    queryKey: [...activityKey, "user", userId, pageSize] as const,
    queryFn: ({ pageParam }) =>
      apiGet<ActivityPage>(activityUrl({ userId, limit: pageSize, before: pageParam })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const usePlayerActivity = (userId: string | undefined, pageSize?: number) =>
  useInfiniteQuery({ ...playerActivityQuery(userId ?? "", pageSize), enabled: userId !== undefined });
