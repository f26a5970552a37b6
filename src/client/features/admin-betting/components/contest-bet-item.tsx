import { useState } from "react";
import { CalendarRange, History, Pencil } from "lucide-react";
import type { BetChange } from "@/contracts/bets";
import type { Contest } from "@/contracts/contests";
import { BetChangeBanner } from "@/client/components/bet-change-banner";
import { ContestStatusBadge } from "@/client/components/contest-card";
import { ProposeBetChangeDialog } from "@/client/components/propose-bet-change-dialog";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { formatBet } from "@/client/lib/format";
import { betEditable, isFreeContest, mayPropose, type BettingPlayers } from "../betting";
import { BetEditor } from "./bet-editor";

/** One contest in the betting list: its bet, the pencil's editor, a waiting proposal, proposing, history. */
export function ContestBetItem({
  contest,
  players,
  pending,
  viewerId,
  editing,
  onEdit,
  onHistory,
}: {
  contest: Contest;
  players: BettingPlayers;
  pending: BetChange | undefined;
  viewerId: string | undefined;
  editing: boolean;
  onEdit(editing: boolean): void;
  onHistory(): void;
}) {
  const [proposing, setProposing] = useState(false);
  const canPropose = mayPropose(contest, viewerId, pending);
  const isPlayer = viewerId === contest.player1Id || viewerId === contest.player2Id;
  const opponentName = viewerId === contest.player1Id ? players.player2 : players.player1;
  const responderName = pending?.responderId === contest.player1Id ? players.player1 : players.player2;
  const headingId = `bet-item-${contest.id}`;

  return (
    <li
      id={`bet-contest-${contest.id}`}
      aria-labelledby={headingId}
      className="scroll-mt-20 space-y-3 rounded-lg border p-3 sm:p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold wrap-anywhere">
              {contest.name}
            </h3>
            <ContestStatusBadge status={contest.status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {players.player1} vs {players.player2}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge variant={isFreeContest(contest) ? "secondary" : "default"} className="text-sm tabular-nums">
            {formatBet(contest)}
          </Badge>
          {betEditable(contest) ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit bet of ${contest.name}`}
              aria-expanded={editing}
              onClick={() => onEdit(!editing)}
            >
              <Pencil />
            </Button>
          ) : null}
        </div>
      </div>

      {editing ? <BetEditor contest={contest} onDone={() => onEdit(false)} /> : null}

      {pending ? (
        <BetChangeBanner change={pending} viewerId={viewerId} responderName={responderName} />
      ) : null}

      <div className="flex flex-wrap gap-2">
        {canPropose ? (
          <Button variant="outline" size="sm" onClick={() => setProposing(true)}>
            <CalendarRange aria-hidden="true" /> Propose Weekly Change
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onHistory}>
          <History aria-hidden="true" /> History
        </Button>
      </div>

      {isPlayer ? (
        <ProposeBetChangeDialog
          contest={contest}
          opponentName={opponentName}
          open={proposing}
          onOpenChange={setProposing}
        />
      ) : null}
    </li>
  );
}
