import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { CURRENT_SEASON, type ConfigEntry } from "@/contracts/system-config";
import { apiGet, apiRequest } from "../api";
import { queryClient } from "../query-client";
import { contestsKey } from "./contests";
import { seasonKey, seasonStatusKey } from "./season";

export const systemConfigKey = ["/api/system-config"] as const;

export const systemConfigQuery = queryOptions({
  queryKey: systemConfigKey,
  queryFn: () => apiGet<ConfigEntry[]>("/api/system-config"),
});

export const useSystemConfig = (enabled = true) => useQuery({ ...systemConfigQuery, enabled });

export function useUpdateConfig() {
  return useMutation({
    mutationFn: ({ key, value }: ConfigEntry) =>
      apiRequest<ConfigEntry>("PUT", `/api/system-config/${key}`, { value }),
    onSuccess: (_saved, { key }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemConfigKey }),
        // The current season moves every contest's week and what the pages show.
        ...(key === CURRENT_SEASON
          ? [seasonKey, seasonStatusKey, contestsKey].map((queryKey) =>
              queryClient.invalidateQueries({ queryKey }),
            )
          : []),
      ]),
  });
}
