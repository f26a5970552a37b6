import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { ContestMessage, MessageList } from "@/contracts/messages";
import { apiGet, apiRequest } from "@/client/lib/api";
import { contestsKey } from "@/client/lib/queries/contests";
import { queryClient } from "@/client/lib/query-client";

/**
 * A contest's trash talk. Under ["/api/contests", id, "messages"]: a message posted or deleted (its
 * own kind of live event) refreshes it and nothing else.
 */
export const messagesKey = (contestId: string) => [...contestsKey, contestId, "messages"] as const;

export const messagesQuery = (contestId: string) =>
  queryOptions({
    queryKey: messagesKey(contestId),
    queryFn: async () => (await apiGet<MessageList>(`/api/contests/${contestId}/messages`)).messages,
  });

export const useMessages = (contestId: string) => useQuery(messagesQuery(contestId));

const refresh = (contestId: string) => queryClient.invalidateQueries({ queryKey: messagesKey(contestId) });

export function usePostMessage(contestId: string) {
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<ContestMessage>("POST", `/api/contests/${contestId}/messages`, { body }),
    onSuccess: () => refresh(contestId),
  });
}

export function useDeleteMessage(contestId: string) {
  return useMutation({
    mutationFn: (messageId: string) =>
      apiRequest<void>("DELETE", `/api/contests/${contestId}/messages/${messageId}`),
    onSuccess: () => refresh(contestId),
  });
}
