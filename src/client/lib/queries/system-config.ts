import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import {
  CONTEST_CREATION,
  CONTEST_CREATION_PASSWORD,
  CURRENT_SEASON,
  type ConfigEntry,
  type ContestCreation,
} from "@/contracts/system-config";
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

export const contestCreationKey = ["/api/contest-creation"] as const;

/** How this player creates a contest: open, with the password, or not yet (Create Contest's form). */
export const useContestCreation = (enabled = true) =>
  useQuery({
    queryKey: contestCreationKey,
    queryFn: () => apiGet<ContestCreation>("/api/contest-creation"),
    enabled,
  });

export function useUpdateConfig() {
  return useMutation({
    mutationFn: ({ key, value }: ConfigEntry) =>
      apiRequest<ConfigEntry>("PUT", `/api/system-config/${key}`, { value }),
    onSuccess: (_saved, { key }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemConfigKey }),
        ...(key === CONTEST_CREATION || key === CONTEST_CREATION_PASSWORD
          ? [queryClient.invalidateQueries({ queryKey: contestCreationKey })]
          : []),
        // The current season moves every contest's week and what the pages show.
        ...(key === CURRENT_SEASON
          ? [seasonKey, seasonStatusKey, contestsKey].map((queryKey) =>
              queryClient.invalidateQueries({ queryKey }),
            )
          : []),
      ]),
  });
}
