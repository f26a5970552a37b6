import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SeasonInfo } from "@/contracts/season";
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
