import { infiniteQueryOptions, useInfiniteQuery, useMutation } from "@tanstack/react-query";
import type { OutboxEntry, OutboxPage, SendEmailBody } from "@/contracts/outbox";
import { apiGet, apiRequest } from "../api";
import { queryClient } from "../query-client";
import { activityKey } from "./activity";

export const outboxKey = ["/api/admin/outbox"] as const;

function outboxUrl(limit: number, before: string | null) {
  const search = new URLSearchParams({ limit: String(limit) });
  if (before) search.set("before", before);
  return `/api/admin/outbox?${search.toString()}`;
}

// Mail is queued by changes all over the app (contests, picks, proposals), and its status moves on
// after the request that queued it: the outbox is read afresh whenever it is shown.
export const outboxQuery = (pageSize = 20) =>
  infiniteQueryOptions({
    queryKey: [...outboxKey, pageSize] as const,
    queryFn: ({ pageParam }) => apiGet<OutboxPage>(outboxUrl(pageSize, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useOutbox = (pageSize?: number) => useInfiniteQuery(outboxQuery(pageSize));

const refreshOutbox = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: outboxKey }),
    queryClient.invalidateQueries({ queryKey: activityKey }),
  ]);

/** An admin's Send Email (Player Management). */
export function useSendEmail() {
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string } & SendEmailBody) =>
      apiRequest<OutboxEntry>("POST", `/api/users/${userId}/email`, body),
    onSuccess: refreshOutbox,
  });
}

/** Puts a failed mail back in the queue. */
export function useRetryEmail() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<OutboxEntry>("POST", `/api/admin/outbox/${id}/retry`),
    onSuccess: refreshOutbox,
  });
}
