import { useMutation } from "@tanstack/react-query";
import type { Game } from "@/contracts/games";
import { apiRequest } from "@/client/lib/api";
import { gamesKey } from "@/client/lib/queries/games";
import { queryClient } from "@/client/lib/query-client";

/** Clears a game's pins: the data feed sets its line, kickoff, score and status again from the next sync. */
export const followFeed = (gameId: string) => apiRequest<Game>("POST", `/api/games/${gameId}/follow-feed`);

export function useFollowFeed() {
  return useMutation({
    mutationFn: followFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gamesKey }),
  });
}
