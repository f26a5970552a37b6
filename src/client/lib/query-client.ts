import { QueryClient } from "@tanstack/react-query";

// SPEC.md section 9: no retries, data never stale, no refetch on focus, no polling.
// Live updates (server-sent events) invalidate what changed.
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
