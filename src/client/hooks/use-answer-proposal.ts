import type { Proposal } from "@/contracts/proposals";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { matchupOf } from "@/client/lib/games";
import { useRespondToProposal } from "@/client/lib/queries/proposals";

export type ProposalAnswer = "accepted" | "rejected";

/**
 * Accept or reject the opponent's additional game, with the product's toasts (Make Picks and the
 * Dashboard answer alike). `respond` is the mutation, for what is being answered now.
 */
export function useAnswerProposal(contestId: string) {
  const respond = useRespondToProposal(contestId);
  const answer = async (proposal: Pick<Proposal, "id" | "game">, status: ProposalAnswer) => {
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
  return { respond, answer };
}
