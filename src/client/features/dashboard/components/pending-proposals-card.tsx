import { Check, Clock, X } from "lucide-react";
import { Link } from "wouter";
import type { PendingGameProposal } from "@/contracts/proposals";
import { BetChangeBanner } from "@/client/components/bet-change-banner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { useAnswerProposal } from "@/client/hooks/use-answer-proposal";
import { formatKickoff, matchupOf } from "@/client/lib/games";
import { usePendingProposals } from "@/client/lib/queries/proposals";
import { weekPhrase } from "@/client/lib/week-names";

/** An additional game the opponent proposed: accepted or rejected here, as on Make Picks. */
function GameProposalRow({ proposal }: { proposal: PendingGameProposal }) {
  const { respond, answer } = useAnswerProposal(proposal.contestId);
  const label = matchupOf(proposal.game);
  return (
    <div
      role="status"
      aria-label={`Proposed game ${label}`}
      className="@container rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-400/40 dark:bg-amber-400/10"
    >
      <div className="flex flex-col gap-3 @lg:flex-row @lg:items-center @lg:justify-between">
        <div className="flex min-w-0 gap-2">
          <Clock className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
          <div className="min-w-0">
            <p>
              <span className="font-medium">{proposal.proposerName}</span> proposed adding{" "}
              <span className="font-semibold">{label}</span> to {weekPhrase(proposal.week, true)}
            </p>
            <p className="text-muted-foreground">
              You each make one more pick, on that game. It expires at kickoff,{" "}
              {formatKickoff(proposal.game.gameDate)}.
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            aria-label={`Accept ${label}`}
            onClick={() => void answer(proposal, "accepted")}
            disabled={respond.isPending}
          >
            <Check aria-hidden="true" /> Accept
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Reject ${label}`}
            onClick={() => void answer(proposal, "rejected")}
            disabled={respond.isPending}
          >
            <X aria-hidden="true" /> Reject
          </Button>
        </div>
      </div>
    </div>
  );
}

/**
 * "Waiting for Your Answer": the opponent's proposals in the viewer's active contests (a new bet,
 * an additional game), each answered here; nothing when none waits. Grouped by contest, each with a
 * link to it.
 */
export function PendingProposalsCard({ viewerId }: { viewerId: string }) {
  const { data } = usePendingProposals();
  if (!data || (data.betChanges.length === 0 && data.games.length === 0)) return null;
  const contests = new Map<string, string>();
  for (const item of [...data.betChanges, ...data.games]) contests.set(item.contestId, item.contestName);
  return (
    <Card role="region" aria-labelledby="pending-proposals-heading" className="gap-4">
      <CardHeader>
        <CardTitle id="pending-proposals-heading" className="text-xl">
          <h2>Waiting for Your Answer</h2>
        </CardTitle>
        <CardDescription>Your opponent proposed these. Nothing changes until you answer.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {[...contests].map(([contestId, contestName]) => (
          <div key={contestId} className="space-y-2">
            <h3 className="font-medium wrap-anywhere">
              <Link href={`/contests/${contestId}`} className="underline-offset-4 hover:underline">
                {contestName}
              </Link>
            </h3>
            {data.betChanges
              .filter((change) => change.contestId === contestId)
              .map((change) => (
                <BetChangeBanner key={change.id} change={change} viewerId={viewerId} responderName="you" />
              ))}
            {data.games
              .filter((proposal) => proposal.contestId === contestId)
              .map((proposal) => (
                <GameProposalRow key={proposal.id} proposal={proposal} />
              ))}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
