import type { QueryClient } from "@tanstack/react-query";
import type { LiveEvent } from "@/contracts/events";
import { carriedBy, isRefreshedBy, patchGames } from "./live-updates";

/**
 * What a page does with one live event (use-live-updates.ts), by the rules of live-updates.ts: the
 * data a final's event carries (decision 028) is written in as a refetch would write it, after
 * cancelling a fetch of it under way (that could bring older data after it); a score update's games'
 * states are written into every query showing those games; what the event makes stale and does not
 * carry is refetched.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  for (const { key, value } of carriedBy(event)) {
    void queryClient.cancelQueries({ queryKey: key, exact: true });
    queryClient.setQueryData(key, value);
  }
  if (event.games) {
    const states = new Map(event.games.map((state) => [state.id, state]));
    for (const query of queryClient.getQueryCache().getAll()) {
      const data = query.state.data;
      if (data === undefined) continue;
      const patched = patchGames(data, states);
      if (patched !== data) queryClient.setQueryData(query.queryKey, patched);
    }
  }
  const matches = isRefreshedBy(event);
  void queryClient.invalidateQueries({ predicate: (query) => matches(query.queryKey) });
}
