import { useEffect } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { Contest } from "@/contracts/contests";
import type { Game } from "@/contracts/games";
import { tiebreakGuessBody } from "@/contracts/picks";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useTiebreak } from "./api/get-tiebreak";
import { useSaveTiebreak } from "./api/save-tiebreak";
import { tiebreakCardView, type TiebreakCardView } from "./tiebreak-view";

export interface TiebreakerInput {
  contest: Pick<Contest, "id" | "status" | "player1Id" | "player2Id">;
  week: number;
  userId: string;
  /** The week's games: the tiebreaker's is found among them. */
  games: readonly Game[];
  /** The viewer's name and the opponent's, as Make Picks names them (player 1's and 2's for others). */
  names: { player: string; opponent: string };
  now: Date;
}

/**
 * The week's tiebreaker on Make Picks: null while it is loading, when the contest does not play it
 * that week, or before the week's games (its last game among them) have arrived.
 */
export function useTiebreaker({ contest, week, userId, games, names, now }: TiebreakerInput) {
  const answer = useTiebreak(contest.id, week);
  const tiebreak = answer.data?.tiebreak ?? null;
  const game = tiebreak?.gameId ? games.find((candidate) => candidate.id === tiebreak.gameId) : undefined;
  const seat = userId === contest.player1Id ? "player1" : userId === contest.player2Id ? "player2" : null;
  const view: TiebreakCardView | null =
    tiebreak && game
      ? tiebreakCardView({ tiebreak, game, seat, active: contest.status === "active", names, now })
      : null;
  // Locked here by the page's clock at the kickoff: the answer shows the opponent's guess from then.
  const stale = view?.mode === "locked" && tiebreak?.locked === false;
  const { refetch } = answer;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);
  return view;
}

const guessForm = tiebreakGuessBody.pick({ guess: true });
type GuessForm = z.input<typeof guessForm>;

/** The guess's form, started from the saved guess: checked by the shared schema, then saved. */
export function useGuessForm(contestId: string, week: number, saved: number | null) {
  const save = useSaveTiebreak(contestId);
  const form = useForm<GuessForm>({
    resolver: zodResolver(guessForm),
    defaultValues: { guess: saved ?? undefined },
  });
  const submit = form.handleSubmit(({ guess }) =>
    save.mutate(
      { week, guess },
      {
        onSuccess: () => toast({ title: "Guess Saved" }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Error",
            description: errorMessage(error, "Failed to save your guess."),
          }),
      },
    ),
  );
  return { form, submit, pending: save.isPending };
}
