import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SeasonInfo } from "@/contracts/season";
import { apiGet } from "../api";

export const seasonKey = ["/api/season"] as const;

/** The current season and week from the server's season calendar. */
export const seasonQuery = queryOptions({
  queryKey: seasonKey,
  queryFn: () => apiGet<SeasonInfo>("/api/season"),
});

export const useSeason = () => useQuery(seasonQuery);
