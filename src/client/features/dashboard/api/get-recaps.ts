import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WeekRecap } from "@/contracts/recaps";
import { apiGet } from "@/client/lib/api";

/**
 * The viewer's latest week recap of each contest they play. Its own key: a contest's event (a week
 * told settled among them) refreshes it; a live score or a final's grades do not (the recap is
 * written when the week is told settled, after its last grade).
 */
export const recapsQuery = queryOptions({
  queryKey: ["/api/recaps"] as const,
  queryFn: () => apiGet<WeekRecap[]>("/api/recaps"),
});

export const useRecaps = (enabled: boolean) => useQuery({ ...recapsQuery, enabled });
