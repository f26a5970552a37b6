import { useMemo, useState } from "react";
import {
  AlertCircle,
  CalendarClock,
  Check,
  Clock,
  Hourglass,
  Info,
  ListPlus,
  Loader2,
  MessageSquarePlus,
  X,
} from "lucide-react";
import type { Game } from "@/contracts/games";
import type { Proposal } from "@/contracts/proposals";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { formatKickoff } from "@/client/lib/games";
import { useCreateProposal, useRespondToProposal } from "@/client/lib/queries/proposals";
import { matchupOf } from "../picks-view";
import { proposableGames, proposalAction, proposalLook, type ProposalLook } from "../proposals-view";
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

const LOOK: Record<ProposalLook, string> = {
  Pending: "border-amber-500/50 bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300",
  Accepted: "border-primary/40 bg-primary/10 text-primary",
  Rejected: "border-destructive/40 bg-destructive/10 text-destructive",
  Expired: "text-muted-foreground",
};

const RULES = [
  "Games may be proposed any time before they start.",
  "Both players must agree: the other player accepts or rejects the proposal.",
  "Accepted games become part of the contest picks: each player gets one extra pick, on that game.",
  "Proposals expire when the game starts.",
];

const formatProposedAt = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

type Answer = "accepted" | "rejected";

/** What every proposal of the list needs to know about the viewer and the answer under way. */
interface ListContext {
  userId: string;
  isPlayer: boolean;
  opponentName: string;
  now: Date;
  answering: { id: string; status: Answer } | null;
  onAnswer: (proposal: Proposal, status: Answer) => void;
}

function ProposalItem({ proposal, context }: { proposal: Proposal; context: ListContext }) {
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

function ProposalList({
  title,
  empty,
  proposals,
  context,
}: {
  title: string;
  /** The text of an empty list; null leaves an empty list out. */
  empty: string | null;
  proposals: Proposal[];
  context: ListContext;
}) {
  if (proposals.length === 0 && empty === null) return null;
  const id = `proposals-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {proposals.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        <ul className="space-y-2">
          {proposals.map((proposal) => (
            <ProposalItem key={proposal.id} proposal={proposal} context={context} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "Additional Game Proposals - Week W": propose a game of the week, answer the opponent's proposals,
 * and see what became of them. An accepted game gives each player one extra pick on it.
 */
export function GameProposalsPanel(props: GameProposalsPanelProps) {
  const { contestId, week, opponentName, now } = props;
  const [dialogOpen, setDialogOpen] = useState(false);
  const create = useCreateProposal(contestId);
  const respond = useRespondToProposal(contestId);
  const proposals = props.proposals;

  const proposable = useMemo(
    () => proposableGames(props.games, proposals ?? [], props.pickedGameIds, now),
    [props.games, proposals, props.pickedGameIds, now],
  );
  const canPropose = props.isPlayer && props.block === null && proposals !== undefined;
  const pending = (proposals ?? []).filter((proposal) => proposal.status === "pending");
  const answered = (proposals ?? []).filter((proposal) => proposal.status !== "pending");

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

  const context: ListContext = {
    userId: props.userId,
    isPlayer: props.isPlayer,
    opponentName,
    now,
    answering:
      respond.isPending && respond.variables
        ? { id: respond.variables.id, status: respond.variables.status }
        : null,
    onAnswer: (proposal, status) => void onAnswer(proposal, status),
  };
  const disabledReason = !props.isPlayer
    ? "Only the contest's two players propose games"
    : props.block
      ? props.block
      : proposable.length === 0
        ? "No games can be proposed this week"
        : undefined;

  return (
    <Card role="region" aria-labelledby="proposals-title">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <CardTitle className="text-lg leading-snug">
            {/* A heading under the page's h1, above the lists' h3s (axe: heading-order). */}
            <h2 id="proposals-title" className="flex items-center gap-2">
              <MessageSquarePlus className="size-5 shrink-0 text-primary" aria-hidden="true" />
              Additional Game Proposals - Week {week}
            </h2>
          </CardTitle>
          <CardDescription>Add a game to this week's picks when both players agree.</CardDescription>
        </div>
        <Button
          variant="outline"
          className="w-full shrink-0 sm:w-auto"
          onClick={() => setDialogOpen(true)}
          disabled={!canPropose || proposable.length === 0}
          title={disabledReason}
        >
          <ListPlus aria-hidden="true" />
          Propose Game
        </Button>
      </CardHeader>
      <CardContent className="space-y-5">
        {props.loading ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading proposals">
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
              proposals={pending}
              context={context}
            />
            <ProposalList title="Answered Proposals" empty={null} proposals={answered} context={context} />
          </>
        )}
        <div className="rounded-lg bg-muted/60 px-4 py-3 text-sm">
          <p className="flex items-center gap-1.5 font-medium">
            <Info className="size-4 text-muted-foreground" aria-hidden="true" /> How proposals work
          </p>
          <ul className="mt-1.5 list-disc space-y-0.5 pl-5 text-muted-foreground">
            {RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
      </CardContent>
      <ProposeGameDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        week={week}
        opponentName={opponentName}
        games={proposable}
        now={now}
        pending={create.isPending}
        onSend={(game) => void onSend(game)}
      />
    </Card>
  );
}
