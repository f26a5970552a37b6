import { Clock } from "lucide-react";
import type { BetChange } from "@/contracts/bets";
import type { Contest } from "@/contracts/contests";
import { BetChangeBanner } from "@/client/components/bet-change-banner";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatDate } from "@/client/lib/format";
import type { BettingPlayers } from "../betting";

/** Every proposal waiting for an answer, across contests, with who must answer it. */
export function PendingBetChangesCard({
  changes,
  contestsById,
  playersOf,
  viewerId,
  isLoading,
  error,
}: {
  changes: BetChange[];
  contestsById: ReadonlyMap<string, Contest>;
  playersOf(contest: Contest): BettingPlayers;
  viewerId: string | undefined;
  isLoading: boolean;
  error: string | null;
}) {
  const responderName = (change: BetChange) => {
    const contest = contestsById.get(change.contestId);
    if (!contest) return "the other player";
    const players = playersOf(contest);
    return change.responderId === contest.player1Id ? players.player1 : players.player2;
  };

  return (
    <Card className="gap-4" role="region" aria-labelledby="pending-bet-changes">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Clock className="size-5 text-primary" aria-hidden="true" />
          <h2 id="pending-bet-changes">Pending Bet Changes</h2>
          {changes.length > 0 ? <Badge variant="secondary">{changes.length}</Badge> : null}
        </CardTitle>
        <CardDescription>Proposals waiting for the other player's answer.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading pending bet changes">
            <Skeleton className="h-16 w-full" />
          </div>
        ) : error ? (
          <p className="text-sm text-destructive">{error}</p>
        ) : changes.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No pending bet changes.</p>
        ) : (
          <ul className="space-y-3" aria-label="Pending bet changes">
            {changes.map((change) => (
              <li key={change.id} className="space-y-1.5">
                <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
                  <span className="font-medium wrap-anywhere">{change.contestName}</span>
                  <span className="text-xs text-muted-foreground">{formatDate(change.createdAt)}</span>
                </p>
                <BetChangeBanner change={change} viewerId={viewerId} responderName={responderName(change)} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
