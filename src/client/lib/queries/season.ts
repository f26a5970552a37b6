import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SeasonInfo, SeasonStatus } from "@/contracts/season";
import { apiGet } from "../api";
import { learnServerNow } from "../server-clock";

export const seasonKey = ["/api/season"] as const;

/** The current season and week from the server's season calendar. */
export const seasonQuery = queryOptions({
  queryKey: seasonKey,
  queryFn: async () => {
    const info = await apiGet<SeasonInfo>("/api/season");
    learnServerNow(info.now);
    return info;
  },
});

export const useSeason = () => useQuery(seasonQuery);

export const seasonStatusKey = ["/api/admin/season-status"] as const;

/** Admins: what the season on the clock still lacks (schedule, lines, results). */
export const seasonStatusQuery = queryOptions({
  queryKey: seasonStatusKey,
  queryFn: () => apiGet<SeasonStatus>("/api/admin/season-status"),
});

export const useSeasonStatus = () => useQuery(seasonStatusQuery);
