import { QueryClient } from "@tanstack/react-query";

// No retries, data never stale, no refetch on focus, no polling: live updates (server-sent events)
// invalidate what changed (docs/rules.md, "Live updates").
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      // Asked even while the browser says it is offline: the service worker answers with the last
      // data it kept (decision 025). Left "online", queries would wait, paused, for the network.
      networkMode: "offlineFirst",
    },
    mutations: { retry: false },
  },
});
