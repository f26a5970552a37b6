import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SeasonInfo, SeasonStatus } from "@/contracts/season";
import { apiGet } from "../api";
import { learnServerNow } from "../server-clock";

export const seasonKey = ["/api/season"] as const;

/**
 * What the client does with the season's answer, however it came (the query's fetch, or the answer
 * a player's page carries: decision 050): learns the server's clock from it.
 */
export function seasonAnswered(info: SeasonInfo): SeasonInfo {
  if (typeof info.now === "string") learnServerNow(info.now);
  return info;
}

/** The current season and week from the server's season calendar. */
export const seasonQuery = queryOptions({
  queryKey: seasonKey,
  queryFn: async () => seasonAnswered(await apiGet<SeasonInfo>("/api/season")),
});

export const useSeason = () => useQuery(seasonQuery);

export const seasonStatusKey = ["/api/admin/season-status"] as const;

/** Admins: what the season on the clock still lacks (schedule, lines, results). */
export const seasonStatusQuery = queryOptions({
  queryKey: seasonStatusKey,
  queryFn: () => apiGet<SeasonStatus>("/api/admin/season-status"),
});

export const useSeasonStatus = () => useQuery(seasonStatusQuery);
