import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DeviceSession } from "@/contracts/account";
import { apiGet } from "@/client/lib/api";

export const devicesKey = ["/api/account/sessions"] as const;

/** The player's signed-in devices, this one first. */
export const devicesQuery = queryOptions({
  queryKey: devicesKey,
  queryFn: () => apiGet<DeviceSession[]>("/api/account/sessions"),
});

export const useDevices = () => useQuery(devicesQuery);
