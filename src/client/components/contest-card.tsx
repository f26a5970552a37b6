import type { Contest, ContestStatus } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import { ContestCardActions } from "@/client/components/contest-card-actions";
import { ContestCardFacts } from "@/client/components/contest-card-facts";
import { ContestCardPlayers, type CardPlayer } from "@/client/components/contest-card-players";
import { ContestCardProgress } from "@/client/components/contest-card-progress";
import { ContestRunningTotal } from "@/client/components/contest-running-total";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { displayName } from "@/client/lib/queries/users";
import { cn } from "@/client/lib/utils";

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

/** What a contest card shows. */
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
 * an invitee without an account (or not in the list) shows their e-mail. Picks and weeks won and
 * lost, and the running total, come from the contest's standing; the running total is the viewer's (player 1's
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
      weeksWon: standing?.player1.weeksWon ?? 0,
      weeksLost: standing?.player1.weeksLost ?? 0,
    },
    player2: {
      name: nameOf(player2User, contest.player2Email),
      email: player2User?.email ?? contest.player2Email,
      wins: stats.player2Wins ?? standing?.player2.wins ?? 0,
      losses: stats.player2Losses ?? standing?.player2.losses ?? 0,
      weeksWon: standing?.player2.weeksWon ?? 0,
      weeksLost: standing?.player2.weeksLost ?? 0,
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

/** A contest at a glance, with the actions its status allows. */
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
        <ContestCardProgress contest={contest} />
      </CardHeader>

      <CardContent className="space-y-4">
        <ContestCardPlayers player1={contest.player1} player2={contest.player2} record={underWay} />
        <ContestCardFacts contest={contest} />
        {paid ? (
          <ContestRunningTotal total={contest.runningTotal} completedWeeks={contest.completedWeeks} />
        ) : null}
      </CardContent>

      <CardFooter className="mt-auto flex-wrap gap-2">
        <ContestCardActions
          contest={{ ...contest, player2Name: contest.player2.name }}
          invited={invited}
          onAccept={onAccept}
          onReject={onReject}
          responding={responding}
        />
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
