import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Check, DollarSign, Eye, Target, Trophy, X } from "lucide-react";
import { Link } from "wouter";
import type { Contest, ContestStatus } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { contestProgress } from "@/client/lib/contest-weeks";
import { nextPickDue, nextPickDueText } from "@/client/lib/next-pick-due";
import { turnQuery } from "@/client/lib/queries/turn";
import { serverDate } from "@/client/lib/server-clock";
import { formatBet, formatDollars } from "@/client/lib/format";
import { displayName } from "@/client/lib/queries/users";
import { cn } from "@/client/lib/utils";
import { plural } from "@/domain/plural";

const statusStyles: Partial<
  Record<ContestStatus, { variant: "default" | "secondary" | "destructive"; className: string }>
> = {
  active: {
    variant: "default",
    className: "bg-green-700 text-white dark:bg-green-500/20 dark:text-green-300 dark:border-green-500/40",
  },
  completed: {
    variant: "secondary",
    className: "bg-blue-600 text-white dark:bg-blue-500/20 dark:text-blue-300 dark:border-blue-500/40",
  },
  pending: {
    variant: "destructive",
    className:
      "bg-yellow-400 text-yellow-950 dark:bg-yellow-400/20 dark:text-yellow-200 dark:border-yellow-400/40",
  },
};

/**
 * "Next pick due" of an active contest's week (docs/rules.md): the hand-over while the first picker
 * holds their picks, else the next kickoff open to picks. The turn query is the Dashboard's own.
 */
function NextPickDue({ contestId, week, player1Id }: { contestId: string; week: number; player1Id: string }) {
  const turn = useQuery(turnQuery(contestId, week));
  if (!turn.data) return "…";
  return nextPickDueText(nextPickDue(turn.data, player1Id, serverDate()), turn.data.week);
}

/** Active green, completed blue, pending yellow; anything else as plain text. */
export function ContestStatusBadge({
  status,
  uppercase = false,
  className,
}: {
  status: string;
  uppercase?: boolean;
  className?: string;
}) {
  const style = statusStyles[status as ContestStatus];
  const text = uppercase ? status.toUpperCase() : status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <Badge
      variant={style?.variant ?? "outline"}
      data-status={status}
      className={cn(style?.className, className)}
    >
      {text}
    </Badge>
  );
}

export interface CardPlayer {
  name: string;
  email: string;
  wins: number;
  losses: number;
}

/** What a card shows (SPEC section 3, "Contest card view"). */
export interface ContestCardView {
  id: string;
  name: string;
  status: ContestStatus;
  player1: CardPlayer;
  player2: CardPlayer;
  /** NFL weeks: the contest runs from its start week through its last (docs/rules.md, "Screens"). */
  startWeek: number;
  currentWeek: number;
  totalWeeks: number;
  /** Player 1's id: whose picks are whose in the week's turn ("Next pick due"). */
  player1Id: string;
  /** A completed contest's winner; null for a tie or before the end. */
  winnerName: string | null;
  betAmount: number;
  isFree: boolean;
  /** The viewer's balance over settled weeks, in dollars. */
  runningTotal: number;
  completedWeeks: number;
}

/** Figures from graded picks, overriding the contest's own standing. */
export interface ContestCardStats {
  player1Wins?: number;
  player1Losses?: number;
  player2Wins?: number;
  player2Losses?: number;
  runningTotal?: number;
  completedWeeks?: number;
}

/**
 * Derives a card from a contest and the users list. Names read "Loading..." while the list loads;
 * an invitee without an account (or not in the list) shows their e-mail. Wins, losses and the
 * running total come from the contest's standing; the running total is the viewer's (player 1's
 * when the viewer plays neither side).
 */
export function contestCardView(
  contest: Contest,
  {
    users,
    usersLoading,
    viewerId,
    stats = {},
  }: { users: ListedUser[] | undefined; usersLoading: boolean; viewerId?: string; stats?: ContestCardStats },
): ContestCardView {
  const byId = (id: string | null) => (id ? users?.find((user) => user.id === id) : undefined);
  const player1User = byId(contest.player1Id);
  const player2User = byId(contest.player2Id);
  const nameOf = (user: ListedUser | undefined, fallback: string) =>
    usersLoading ? "Loading..." : displayName(user, fallback);
  const standing = contest.standing;
  const viewerIsPlayer2 = !!viewerId && viewerId === contest.player2Id;
  return {
    id: contest.id,
    name: contest.name,
    status: contest.status,
    player1: {
      name: nameOf(player1User, "Unknown"),
      email: player1User?.email ?? "",
      wins: stats.player1Wins ?? standing?.player1.wins ?? 0,
      losses: stats.player1Losses ?? standing?.player1.losses ?? 0,
    },
    player2: {
      name: nameOf(player2User, contest.player2Email),
      email: player2User?.email ?? contest.player2Email,
      wins: stats.player2Wins ?? standing?.player2.wins ?? 0,
      losses: stats.player2Losses ?? standing?.player2.losses ?? 0,
    },
    startWeek: contest.startWeek,
    currentWeek: contest.currentWeek,
    totalWeeks: contest.totalWeeks,
    player1Id: contest.player1Id,
    winnerName:
      contest.winnerId === null
        ? null
        : contest.winnerId === contest.player1Id
          ? nameOf(player1User, "Unknown")
          : nameOf(player2User, contest.player2Email),
    betAmount: contest.betAmount,
    isFree: contest.isFree,
    runningTotal:
      stats.runningTotal ??
      (viewerIsPlayer2 ? standing?.player2.runningTotal : standing?.player1.runningTotal) ??
      0,
    completedWeeks: stats.completedWeeks ?? standing?.completedWeeks ?? Math.max(0, contest.currentWeek - 1),
  };
}

/** The invited player (player 2) is matched by e-mail, without regard to case. */
export const isInvitee = (player2Email: string, userEmail: string | undefined) =>
  !!userEmail && player2Email.trim().toLowerCase() === userEmail.trim().toLowerCase();

/** A contest the user plays in (or is invited to); an admin's list also holds everyone else's. */
export const isOwnContest = (contest: Contest, user: { id: string; email: string } | null | undefined) =>
  !!user &&
  (contest.player1Id === user.id ||
    contest.player2Id === user.id ||
    isInvitee(contest.player2Email, user.email));

/** A pending or rejected contest has no record, no money and no deadline yet. */
const isUnderWay = (status: ContestStatus) => status === "active" || status === "completed";

function PlayerLine({ label, player, record }: { label: string; player: CardPlayer; record: boolean }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="truncate font-medium" title={player.name}>
          {player.name}
        </p>
      </div>
      {record ? (
        <p className="shrink-0 text-sm text-muted-foreground tabular-nums">
          <span aria-hidden="true">
            {player.wins}-{player.losses}
          </span>
          <span className="sr-only">
            {plural(player.wins, "win")}, {plural(player.losses, "loss", "losses")}
          </span>
        </p>
      ) : null}
    </div>
  );
}

export interface ContestCardProps {
  contest: ContestCardView;
  /** The signed-in user's e-mail: decides who may accept or reject a pending contest. */
  currentUserEmail?: string;
  /** Accept and Decline (reject) appear for the invitee only when these are given. */
  onAccept?: (contestId: string) => void;
  onReject?: (contestId: string) => void;
  responding?: boolean;
  /** The contest name's heading level: 3 under a section heading, 2 directly under the page title. */
  headingLevel?: 2 | 3;
  className?: string;
}

/** A contest at a glance, with the actions its status allows (SPEC section 4). */
export function ContestCard({
  contest,
  currentUserEmail,
  onAccept,
  onReject,
  responding = false,
  headingLevel = 3,
  className,
}: ContestCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titleId = `contest-${contest.id}-title`;
  const invited = contest.status === "pending" && isInvitee(contest.player2.email, currentUserEmail);
  const weeks = contestProgress(contest);
  const progress = Math.min(100, Math.max(0, weeks.fraction * 100));
  const underWay = isUnderWay(contest.status);
  const paid = underWay && !contest.isFree && contest.betAmount > 0;

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="contest-card"
      className={cn("min-w-0 gap-4 transition-shadow hover:shadow-md", className)}
    >
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-3">
          <CardTitle id={titleId} className="text-lg leading-snug wrap-anywhere">
            <Heading>{contest.name}</Heading>
          </CardTitle>
          <ContestStatusBadge status={contest.status} className="mt-0.5" />
        </div>
        <div>
          <div className="mb-1 flex items-center justify-between text-sm text-muted-foreground">
            <span>{weeks.text}</span>
            {weeks.nflWeek ? <span className="text-xs">{weeks.nflWeek}</span> : null}
          </div>
          <div
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Contest progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
            aria-valuetext={weeks.text}
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
          </div>
        </div>
      </CardHeader>

      <CardContent className="space-y-4">
        <div className="space-y-2 rounded-lg border bg-muted/40 p-3">
          <PlayerLine label="Player 1" player={contest.player1} record={underWay} />
          <div className="flex items-center gap-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            vs
            <span className="h-px flex-1 bg-border" />
          </div>
          <PlayerLine label="Player 2" player={contest.player2} record={underWay} />
        </div>

        <dl className="grid grid-cols-2 gap-3 text-sm">
          {contest.status === "active" ? (
            <div>
              <dt className="flex items-center gap-1 text-xs text-muted-foreground">
                <CalendarClock className="size-3.5" aria-hidden="true" /> Next pick due
              </dt>
              <dd className="font-medium">
                <NextPickDue
                  contestId={contest.id}
                  week={contest.currentWeek}
                  player1Id={contest.player1Id}
                />
              </dd>
            </div>
          ) : contest.status === "completed" ? (
            <div>
              <dt className="flex items-center gap-1 text-xs text-muted-foreground">
                <Trophy className="size-3.5" aria-hidden="true" /> Result
              </dt>
              <dd className="font-medium wrap-anywhere">
                {contest.winnerName ? `${contest.winnerName} won` : "Tie"}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <DollarSign className="size-3.5" aria-hidden="true" /> Bet
            </dt>
            <dd className="font-medium">{formatBet(contest)}</dd>
          </div>
        </dl>

        {paid ? (
          <div className="rounded-lg border p-3">
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-sm text-muted-foreground">Running Total</span>
              <span
                className={cn(
                  "text-lg font-semibold tabular-nums",
                  contest.runningTotal > 0 && "text-green-700 dark:text-green-400",
                  contest.runningTotal < 0 && "text-destructive",
                )}
              >
                {contest.runningTotal > 0 ? "+" : ""}
                {formatDollars(contest.runningTotal)}
              </span>
            </div>
            <p className="text-xs text-muted-foreground">
              Based on {plural(contest.completedWeeks, "completed week")}
            </p>
          </div>
        ) : null}
      </CardContent>

      <CardFooter className="mt-auto flex-wrap gap-2">
        {contest.status === "pending" ? (
          invited && onAccept && onReject ? (
            <>
              <Button size="sm" className="flex-1" disabled={responding} onClick={() => onAccept(contest.id)}>
                <Check aria-hidden="true" /> Accept
              </Button>
              <Button
                size="sm"
                variant="outline"
                className="flex-1"
                disabled={responding}
                onClick={() => onReject(contest.id)}
              >
                <X aria-hidden="true" /> Decline
              </Button>
            </>
          ) : invited ? null : (
            <p className="text-sm wrap-anywhere text-muted-foreground italic">
              Waiting for {contest.player2.name} to accept
            </p>
          )
        ) : (
          <>
            <Button asChild size="sm" variant="outline" className="flex-1">
              <Link href={`/contests/${contest.id}`}>
                <Eye aria-hidden="true" /> View Details
              </Link>
            </Button>
            {contest.status === "active" ? (
              <Button asChild size="sm" className="flex-1">
                <Link href={`/picks?contestId=${contest.id}&week=${contest.currentWeek}`}>
                  <Target aria-hidden="true" /> Make Picks
                </Link>
              </Button>
            ) : null}
          </>
        )}
      </CardFooter>
    </Card>
  );
}

/** A placeholder card while contests load. */
export function ContestCardSkeleton() {
  return (
    <Card aria-hidden="true" className="gap-4">
      <CardContent className="space-y-4">
        <div className="flex justify-between gap-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-14" />
        </div>
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-20 w-full" />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
        <Skeleton className="h-8 w-full" />
      </CardContent>
    </Card>
  );
}
