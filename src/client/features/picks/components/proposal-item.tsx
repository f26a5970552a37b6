import { CalendarClock, Check, Clock, Hourglass, ListPlus, Loader2, X } from "lucide-react";
import type { Proposal } from "@/contracts/proposals";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { formatKickoff } from "@/client/lib/games";
import { matchupOf } from "../picks-view";
import { proposalAction, proposalLook, type ProposalLook } from "../proposals-view";
import type { ProposalAnswer } from "@/client/hooks/use-answer-proposal";

const LOOK: Record<ProposalLook, string> = {
  Pending: "border-amber-500/50 bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300",
  Accepted: "border-primary/40 bg-primary/10 text-primary",
  Rejected: "border-destructive/40 bg-destructive/10 text-destructive",
  Expired: "text-muted-foreground",
};

const formatProposedAt = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** What every proposal of the list needs to know about the viewer and the answer under way. */
export interface ListContext {
  userId: string;
  isPlayer: boolean;
  opponentName: string;
  now: Date;
  answering: { id: string; status: ProposalAnswer } | null;
  onAnswer: (proposal: Proposal, status: ProposalAnswer) => void;
}

function AnswerButtons({
  proposal,
  label,
  answering,
  onAnswer,
}: {
  proposal: Proposal;
  label: string;
  /** The answer being sent for this proposal, or null. */
  answering: ProposalAnswer | null;
  onAnswer: ListContext["onAnswer"];
}) {
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        onClick={() => onAnswer(proposal, "accepted")}
        disabled={answering !== null}
        aria-label={`Accept ${label}`}
      >
        {answering === "accepted" ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Check aria-hidden="true" />
        )}
        Accept
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onAnswer(proposal, "rejected")}
        disabled={answering !== null}
        aria-label={`Reject ${label}`}
      >
        {answering === "rejected" ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <X aria-hidden="true" />
        )}
        Reject
      </Button>
    </div>
  );
}

/** One proposal: its game, who proposed it and when, and what the viewer may do about it. */
export function ProposalItem({ proposal, context }: { proposal: Proposal; context: ListContext }) {
  const { userId, isPlayer, opponentName, now, onAnswer } = context;
  const answering = context.answering?.id === proposal.id ? context.answering.status : null;
  const look = proposalLook(proposal, now);
  const action = proposalAction(proposal, { userId, isPlayer, opponentName }, now);
  const label = matchupOf(proposal.game);
  return (
    <li className="space-y-2 rounded-lg border bg-card px-3 py-3" aria-label={label}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{label}</p>
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
            <CalendarClock className="size-3 shrink-0" aria-hidden="true" />
            <time dateTime={proposal.game.gameDate}>{formatKickoff(proposal.game.gameDate)}</time>
          </p>
        </div>
        <Badge variant="outline" className={LOOK[look]}>
          {look}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Proposed by <span className="font-medium text-foreground">{proposal.proposerName}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={proposal.proposedAt}>{formatProposedAt(proposal.proposedAt)}</time>
      </p>
      {action.kind === "answer" ? (
        <AnswerButtons proposal={proposal} label={label} answering={answering} onAnswer={onAnswer} />
      ) : action.kind === "waiting" ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Hourglass className="size-3.5 shrink-0" aria-hidden="true" /> {action.text}
        </p>
      ) : action.kind === "expired" ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock className="size-3.5 shrink-0" aria-hidden="true" /> {action.text}
        </p>
      ) : proposal.status === "accepted" ? (
        <p className="flex items-center gap-1.5 text-sm text-primary">
          <ListPlus className="size-3.5 shrink-0" aria-hidden="true" /> One extra pick each, on this game.
        </p>
      ) : null}
    </li>
  );
}
