import { AlertCircle, ListPlus, MessageSquarePlus } from "lucide-react";
import type { Game } from "@/contracts/games";
import type { Proposal } from "@/contracts/proposals";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { weekName } from "@/domain/postseason";
import { useGameProposals } from "../use-game-proposals";
import type { ListContext } from "./proposal-item";
import { ProposalList } from "./proposal-list";
import { ProposalRules } from "./proposal-rules";
import { ProposeGameDialog } from "./propose-game-dialog";

export interface GameProposalsPanelProps {
  contestId: string;
  week: number;
  userId: string;
  /** Only the contest's two players propose and answer; anyone else reads. */
  isPlayer: boolean;
  /** Why nobody proposes here now (contest not active, another week), or null. */
  block: string | null;
  opponentName: string;
  /** The week's games. */
  games: Game[];
  proposals: Proposal[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Games either player holds a pick on: they cannot become extra games. */
  pickedGameIds: ReadonlySet<string>;
  now: Date;
}

/**
 * "Additional Game Proposals - Week W": propose a game of the week, answer the opponent's proposals,
 * and see what became of them. An accepted game gives each player one extra pick on it.
 */
export function GameProposalsPanel(props: GameProposalsPanelProps) {
  const { week, opponentName, now } = props;
  const proposals = useGameProposals(props);
  const context: ListContext = {
    userId: props.userId,
    isPlayer: props.isPlayer,
    opponentName,
    now,
    answering: proposals.answering,
    onAnswer: proposals.answer,
  };

  return (
    <Card role="region" aria-labelledby="proposals-title">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <CardTitle className="text-lg leading-snug">
            {/* A heading under the page's h1, above the lists' h3s (axe: heading-order). */}
            <h2 id="proposals-title" className="flex items-center gap-2">
              <MessageSquarePlus className="size-5 shrink-0 text-primary" aria-hidden="true" />
              Additional Game Proposals - {weekName(week)}
            </h2>
          </CardTitle>
          <CardDescription>Add a game to this week's picks when both players agree.</CardDescription>
        </div>
        <Button
          variant="outline"
          className="w-full shrink-0 sm:w-auto"
          onClick={() => proposals.setDialogOpen(true)}
          disabled={!proposals.mayPropose}
          title={proposals.disabledReason}
        >
          <ListPlus aria-hidden="true" />
          Propose Game
        </Button>
      </CardHeader>
      <CardContent className="space-y-5">
        {props.loading ? (
          <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading proposals">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-20 w-full rounded-lg" />
          </div>
        ) : props.error ? (
          <div className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            <AlertCircle className="size-4" aria-hidden="true" />
            {errorMessage(props.error, "The proposals could not be loaded.")}
            <Button variant="outline" size="sm" onClick={props.onRetry}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <ProposalList
              title="Pending Proposals"
              empty="No pending proposals."
              proposals={proposals.pending}
              context={context}
            />
            <ProposalList
              title="Answered Proposals"
              empty={null}
              proposals={proposals.answered}
              context={context}
            />
          </>
        )}
        <ProposalRules />
      </CardContent>
      <ProposeGameDialog
        open={proposals.dialogOpen}
        onOpenChange={proposals.setDialogOpen}
        week={week}
        opponentName={opponentName}
        games={proposals.proposable}
        now={now}
        pending={proposals.sending}
        onSend={proposals.send}
      />
    </Card>
  );
}
