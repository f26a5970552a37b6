import { useMemo, useState } from "react";
import type { Game } from "@/contracts/games";
import type { Proposal } from "@/contracts/proposals";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useCreateProposal, useRespondToProposal } from "@/client/lib/queries/proposals";
import { matchupOf } from "./picks-view";
import { proposableGames } from "./proposals-view";

export type Answer = "accepted" | "rejected";

/** The proposals panel's state: the games one may propose, sending one, answering the opponent's. */
export function useGameProposals(input: {
  contestId: string;
  isPlayer: boolean;
  block: string | null;
  opponentName: string;
  games: Game[];
  proposals: Proposal[] | undefined;
  pickedGameIds: ReadonlySet<string>;
  now: Date;
}) {
  const { contestId, opponentName, proposals, games, pickedGameIds, now } = input;
  const [dialogOpen, setDialogOpen] = useState(false);
  const create = useCreateProposal(contestId);
  const respond = useRespondToProposal(contestId);

  const proposable = useMemo(
    () => proposableGames(games, proposals ?? [], pickedGameIds, now),
    [games, proposals, pickedGameIds, now],
  );
  const canPropose = input.isPlayer && input.block === null && proposals !== undefined;

  const onSend = async (game: Game) => {
    try {
      await create.mutateAsync({ gameId: game.id });
      toast({
        title: "Proposal Sent",
        description: `${matchupOf(game)} was proposed to ${opponentName}.`,
      });
      setDialogOpen(false);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Proposal Not Sent",
        description: errorMessage(error, "Failed to send the proposal"),
      });
    }
  };

  const onAnswer = async (proposal: Proposal, status: Answer) => {
    const label = matchupOf(proposal.game);
    try {
      await respond.mutateAsync({ id: proposal.id, status });
      toast(
        status === "accepted"
          ? {
              title: "Proposal Accepted",
              description: `${label} is an extra game this week: you each get one more pick on it.`,
            }
          : { title: "Proposal Rejected", description: `${label} will not be added.` },
      );
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to answer the proposal"),
      });
    }
  };

  return {
    dialogOpen,
    setDialogOpen,
    proposable,
    mayPropose: canPropose && proposable.length > 0,
    disabledReason: !input.isPlayer
      ? "Only the contest's two players propose games"
      : input.block
        ? input.block
        : proposable.length === 0
          ? "No games can be proposed this week"
          : undefined,
    pending: (proposals ?? []).filter((proposal) => proposal.status === "pending"),
    answered: (proposals ?? []).filter((proposal) => proposal.status !== "pending"),
    sending: create.isPending,
    send: (game: Game) => void onSend(game),
    answering:
      respond.isPending && respond.variables
        ? { id: respond.variables.id, status: respond.variables.status }
        : null,
    answer: (proposal: Proposal, status: Answer) => void onAnswer(proposal, status),
  };
}
