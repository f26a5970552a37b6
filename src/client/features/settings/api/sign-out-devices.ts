import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api";
import { queryClient } from "@/client/lib/query-client";
import { devicesKey } from "./get-devices";

const refreshDevices = () => queryClient.invalidateQueries({ queryKey: devicesKey });

/** "Sign out" on another device's row: its session ends at once. */
export function useSignOutDevice() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/account/sessions/${id}`),
    onSettled: refreshDevices,
  });
}

/** "Sign out everywhere else": every session but this one ends. */
export function useSignOutOtherDevices() {
  return useMutation({
    mutationFn: () => apiRequest<void>("POST", "/api/account/sessions/sign-out-others"),
    onSettled: refreshDevices,
  });
}
