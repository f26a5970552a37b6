import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LineHistory } from "@/contracts/games";
import { apiGet } from "@/client/lib/api";
import { gamesKey } from "@/client/lib/queries/games";

/** A game's line history: ["/api/games", id, "line-history"], under the games (a change to them refreshes it). */
export const lineHistoryKey = (gameId: string) => [...gamesKey, gameId, "line-history"] as const;

export const lineHistoryQuery = (gameId: string) =>
  queryOptions({
    queryKey: lineHistoryKey(gameId),
    queryFn: () => apiGet<LineHistory>(`/api/games/${gameId}/line-history`),
  });

/** Asked for only once the history is opened. */
export const useLineHistory = (gameId: string, open: boolean) =>
  useQuery({ ...lineHistoryQuery(gameId), enabled: open });
