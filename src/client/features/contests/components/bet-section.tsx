import { useState } from "react";
import { CalendarRange, ChevronDown, DollarSign } from "lucide-react";
import type { Contest } from "@/contracts/contests";
import { BetChangeBanner } from "@/client/components/bet-change-banner";
import { BetHistory } from "@/client/components/bet-history";
import { ProposeBetChangeDialog } from "@/client/components/propose-bet-change-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/client/components/ui/collapsible";
import { errorMessage } from "@/client/lib/api";
import { pendingChange } from "@/client/lib/bets";
import { formatBet } from "@/client/lib/format";
import { useBetChanges } from "@/client/lib/queries/bets";
import { cn } from "@/client/lib/utils";
import { weekPhrase } from "@/client/lib/week-names";

/**
 * The weekly bet for the contest's two players: the amount this week, a proposal waiting for an
 * answer (the opponent approves or rejects it here), proposing a change, and the history.
 */
export function BetSection({
  contest,
  viewerId,
  player1Name,
  player2Name,
  className,
}: {
  contest: Contest;
  viewerId: string;
  player1Name: string;
  player2Name: string;
  className?: string;
}) {
  const changes = useBetChanges(contest.id);
  const [proposing, setProposing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const pending = pendingChange(changes.data);
  const opponentName = viewerId === contest.player1Id ? player2Name : player1Name;
  const responderName = pending?.responderId === contest.player1Id ? player1Name : player2Name;
  const active = contest.status === "active";
  const count = changes.data?.length ?? 0;

  return (
    <Card className={cn("gap-4", className)} role="region" aria-labelledby="section-weekly-bet">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <DollarSign className="size-5 text-primary" aria-hidden="true" />
          <h2 id="section-weekly-bet">Weekly Bet</h2>
        </CardTitle>
        <CardDescription>
          {formatBet(contest)} in {weekPhrase(contest.currentWeek, true)}. A change applies from its week on,
          once both players agree.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {pending ? (
          <BetChangeBanner change={pending} viewerId={viewerId} responderName={responderName} />
        ) : null}
        {active && !pending ? (
          <Button variant="outline" className="w-full" onClick={() => setProposing(true)}>
            <CalendarRange aria-hidden="true" /> Propose Weekly Change
          </Button>
        ) : null}
        {!active ? (
          <p className="text-sm text-muted-foreground">
            Bet changes are proposed while the contest is active.
          </p>
        ) : null}

        <Collapsible open={historyOpen} onOpenChange={setHistoryOpen}>
          <CollapsibleTrigger asChild>
            <Button variant="ghost" size="sm" className="w-full justify-between px-2">
              <span>Bet history{changes.data ? ` (${count})` : ""}</span>
              <ChevronDown
                className={cn("size-4 transition-transform", historyOpen && "rotate-180")}
                aria-hidden="true"
              />
            </Button>
          </CollapsibleTrigger>
          <CollapsibleContent className="pt-2">
            <BetHistory
              changes={changes.data ?? []}
              isLoading={changes.isLoading}
              error={changes.error ? errorMessage(changes.error, "Failed to load the bet history.") : null}
            />
          </CollapsibleContent>
        </Collapsible>
      </CardContent>

      <ProposeBetChangeDialog
        contest={contest}
        opponentName={opponentName}
        open={proposing}
        onOpenChange={setProposing}
      />
    </Card>
  );
}
