import type { QueryClient } from "@tanstack/react-query";
import type { LiveEvent } from "@/contracts/events";
import { carriedBy, isRefreshedBy, patchGames, RefetchQueue, withCarried } from "./live-updates";

/** Each page's (query client's) refetches under way because of events. */
const queues = new WeakMap<QueryClient, RefetchQueue>();

/**
 * What a page does with one live event (use-live-updates.ts), by the rules of live-updates.ts: the
 * data a final's `grades` event carries (decisions 028, 030) is written in as a refetch would write
 * it (a weekly results patch over the weeks it replaces), after
 * cancelling a fetch of it under way (that could bring older data after it); a score update's games'
 * states are written into every query showing those games; what the event makes stale and does not
 * carry is marked stale, and refetched if shown: a query already refetching for an earlier event
 * goes once more when that ends (`RefetchQueue`), so a burst of events costs two requests a query.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  for (const carried of carriedBy(event)) {
    const { key } = carried;
    void queryClient.cancelQueries({ queryKey: key, exact: true });
    const held = queryClient.getQueryData(key);
    const data = withCarried(held, carried);
    if (data !== undefined) queryClient.setQueryData(key, data);
    // A patch with nothing to patch (not held, or not yet): fetched whole, if shown.
    else if (held !== undefined || queryClient.getQueryState(key))
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
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
  const predicate = (query: { queryKey: readonly unknown[] }) => matches(query.queryKey);
  void queryClient.invalidateQueries({ predicate, refetchType: "none" });
  let queue = queues.get(queryClient);
  if (!queue) queues.set(queryClient, (queue = new RefetchQueue()));
  for (const query of queryClient.getQueryCache().findAll({ predicate, type: "active" })) {
    if (queue.ask(query.queryKey)) refetch(queryClient, queue, query.queryKey);
  }
}

/** Refetches one query (cancelling a fetch of it not started by an event), again if asked meanwhile. */
function refetch(queryClient: QueryClient, queue: RefetchQueue, queryKey: readonly unknown[]): void {
  void queryClient
    .refetchQueries({ queryKey, exact: true, type: "active" })
    .catch(() => undefined)
    .finally(() => {
      if (queue.done(queryKey)) refetch(queryClient, queue, queryKey);
    });
}
