import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DeletionCheck } from "@/contracts/account-data";
import { apiGet } from "@/client/lib/api";

export const deletionCheckKey = ["/api/account/deletion-check"] as const;

/** What deleting the account would do: its contests under way, whether it is the last admin. */
export const getDeletionCheck = () => apiGet<DeletionCheck>("/api/account/deletion-check");

// Asked afresh each time the dialog opens: the contests may have moved since.
export const deletionCheckQuery = queryOptions({
  queryKey: deletionCheckKey,
  queryFn: getDeletionCheck,
  staleTime: 0,
  gcTime: 0,
});

export const useDeletionCheck = (enabled: boolean) => useQuery({ ...deletionCheckQuery, enabled });
