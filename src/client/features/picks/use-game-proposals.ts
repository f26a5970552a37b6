import { useMemo, useState } from "react";
import type { Game } from "@/contracts/games";
import type { Proposal } from "@/contracts/proposals";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useAnswerProposal, type ProposalAnswer } from "@/client/hooks/use-answer-proposal";
import { useCreateProposal } from "@/client/lib/queries/proposals";
import { matchupOf } from "./picks-view";
import { proposableGames } from "./proposals-view";

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
  const { respond, answer } = useAnswerProposal(contestId);

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
    answer: (proposal: Proposal, status: ProposalAnswer) => void answer(proposal, status),
  };
}
