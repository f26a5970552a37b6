import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { ConfigEntry } from "@/contracts/system-config";
import { apiGet, apiRequest } from "../api";
import { queryClient } from "../query-client";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemConfigKey }),
  });
}
