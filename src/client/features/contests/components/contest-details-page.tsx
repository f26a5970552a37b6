import type { ReactNode } from "react";
import {
  AlertCircle,
  ArrowLeft,
  BarChart3,
  CalendarDays,
  CheckCircle2,
  DollarSign,
  ListChecks,
  ScrollText,
  Target,
  Trophy,
} from "lucide-react";
import { Link, useParams } from "wouter";
import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import { picksLeft } from "@/domain/picks";
import { ContestStatusBadge } from "@/client/components/contest-card";
import { ContestProgressText } from "@/client/components/contest-progress-text";
import { Avatar, AvatarFallback } from "@/client/components/ui/avatar";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { contestLength, lengthText, nflWeeksText } from "@/client/lib/contest-weeks";
import { formatBet } from "@/client/lib/format";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { usePlayerPicks, useWeeklyResults } from "@/client/lib/queries/picks";
import { useProposals } from "@/client/lib/queries/proposals";
import { displayName, initials, useUsers } from "@/client/lib/queries/users";
import { cn } from "@/client/lib/utils";
import { useScrollToHash } from "@/client/hooks/use-scroll-to-hash";
import { BetSection } from "./bet-section";
import { ContestLedger } from "./contest-ledger";
import { PendingNotice } from "./pending-notice";
import { hasAnyPicks, WeeklyResults } from "./weekly-results";
import { currentWeekPicks, weekPicksText } from "@/client/lib/rounds";

function NotFound() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center text-center">
          <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10">
            <AlertCircle className="size-6 text-destructive" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold">Contest Not Found</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            The contest you're looking for doesn't exist or you don't have access to it.
          </p>
          <Button asChild className="mt-6">
            <Link href="/contests">
              <ArrowLeft aria-hidden="true" /> Back to My Contests
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading contest">
      <Skeleton className="h-9 w-64" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

function Section({
  title,
  icon: Icon,
  description,
  className,
  children,
}: {
  title: string;
  icon: typeof Trophy;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card className={cn("gap-4", className)} role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          <h2 id={id}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/40 px-3 py-2 sm:block sm:py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold sm:mt-1">{children}</dd>
    </div>
  );
}

function PlayerRow({
  label,
  name,
  email,
  you,
}: {
  label: string;
  name: string;
  email?: string;
  you: boolean;
}) {
  return (
    <li className="flex items-center gap-3 rounded-lg border p-3">
      <Avatar className="size-10">
        <AvatarFallback className="bg-primary/10 font-semibold text-primary">{initials(name)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="truncate font-medium">
          {name}
          {you ? <span className="ml-1 text-sm font-normal text-muted-foreground">(You)</span> : null}
        </p>
        {email && email !== name ? <p className="truncate text-xs text-muted-foreground">{email}</p> : null}
      </div>
    </li>
  );
}

function QuickActions({
  contest,
  userId,
  className,
}: {
  contest: Contest;
  userId: string | undefined;
  className?: string;
}) {
  const week = contest.currentWeek;
  // Only a player has picks to ask for (an admin looking on would be told 404).
  const plays = !!userId && (userId === contest.player1Id || userId === contest.player2Id);
  const picks = usePlayerPicks(plays ? contest.id : undefined, userId, week);
  const proposals = useProposals(contest.id, week);
  // Accepted proposals add one pick each on their game, until it kicks off (the server says when).
  const made = picks.data?.length ?? 0;
  const complete =
    picksLeft({
      allowance: currentWeekPicks(contest, userId),
      mine: picks.data ?? [],
      extraGames: (proposals.data ?? [])
        .filter((proposal) => proposal.status === "accepted")
        .map((proposal) => ({ id: proposal.gameId, open: !proposal.started })),
    }).total === 0;
  const active = contest.status === "active";
  return (
    <Section title="Quick Actions" icon={Target} className={className}>
      <div className="flex flex-col gap-3">
        {complete ? (
          <div>
            <Button className="w-full" disabled>
              <CheckCircle2 aria-hidden="true" /> Picks Complete for Week {week}
            </Button>
            <p className="mt-2 text-center text-sm text-muted-foreground">
              {picksMadeText(Math.max(made, currentWeekPicks(contest, userId)))}
            </p>
          </div>
        ) : active ? (
          <Button asChild className="w-full">
            <Link href={`/picks?contestId=${contest.id}&week=${week}`}>
              <Target aria-hidden="true" /> Make Picks
            </Link>
          </Button>
        ) : (
          <div>
            <Button className="w-full" disabled>
              <Target aria-hidden="true" /> Make Picks
            </Button>
            <p className="mt-2 text-center text-sm text-muted-foreground">
              Picks open while the contest is active.
            </p>
          </div>
        )}
        <Button asChild variant="outline" className="w-full">
          <Link href={`/standings?contestId=${contest.id}`}>
            <BarChart3 aria-hidden="true" /> View Standings
          </Link>
        </Button>
      </div>
    </Section>
  );
}

/** SPEC's "You have made all N picks for this week.", its words agreeing with one pick. */
const picksMadeText = (count: number) =>
  count === 1 ? "You have made your pick for this week." : `You have made all ${count} picks for this week.`;

const playerName = (
  users: ListedUser[] | undefined,
  loading: boolean,
  id: string | null,
  fallback: string,
) => (loading ? "Loading..." : displayName(id ? users?.find((user) => user.id === id) : undefined, fallback));

export default function ContestDetailsPage() {
  const { contestId = "" } = useParams<{ contestId: string }>();
  const { user } = useCurrentUser();
  const contests = useContests();
  const users = useUsers();
  const contest = contests.data?.find((candidate) => candidate.id === contestId);
  const results = useWeeklyResults(contest ? contestId : undefined);
  // "View Results" (admin) opens /contests/{id}#weekly-results.
  useScrollToHash(Boolean(contest) && !results.isLoading);

  if (contests.isLoading) return <DetailsSkeleton />;
  if (!contest) return <NotFound />;

  const player1 = playerName(users.data, users.isLoading, contest.player1Id, "Unknown");
  const player2 = playerName(users.data, users.isLoading, contest.player2Id, contest.player2Email);
  const player2Email = users.data?.find((u) => u.id === contest.player2Id)?.email ?? contest.player2Email;
  const player1Email = users.data?.find((u) => u.id === contest.player1Id)?.email;

  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3">
        <Button asChild variant="ghost" size="icon" className="mt-0.5 shrink-0">
          <Link href="/contests" aria-label="Back to My Contests">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{contest.name}</h1>
          {contest.description ? (
            <p className="mt-1 text-muted-foreground wrap-anywhere">{contest.description}</p>
          ) : (
            <p className="mt-1 text-muted-foreground">
              {player1} vs {player2}
            </p>
          )}
        </div>
      </div>

      <PendingNotice contest={contest} viewer={user} player1Name={player1} player2Name={player2} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Section title="Overview" icon={Trophy} className="lg:col-span-2">
          <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
            <Fact label="Status">
              <ContestStatusBadge status={contest.status} uppercase />
            </Fact>
            <Fact label="Progress">
              <ContestProgressText contest={contest} />
            </Fact>
            <Fact label="Bet">{formatBet(contest)}</Fact>
          </dl>
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Players">
            <PlayerRow
              label="Player 1"
              name={player1}
              email={player1Email}
              you={!!user && user.id === contest.player1Id}
            />
            <PlayerRow
              label="Player 2"
              name={player2}
              email={player2Email}
              you={
                !!user &&
                (user.id === contest.player2Id ||
                  user.email.toLowerCase() === contest.player2Email.toLowerCase())
              }
            />
          </ul>
        </Section>

        <QuickActions contest={contest} userId={user?.id} className="lg:self-start" />

        <div id="weekly-results" className="scroll-mt-20 space-y-6 lg:col-span-2 lg:row-start-2">
          <Section
            title="Weekly Results"
            icon={CalendarDays}
            description={
              hasAnyPicks(results.data ?? []) ? "Open a week to see both players' picks." : undefined
            }
          >
            {results.isLoading ? (
              <div className="space-y-2" aria-busy="true" aria-label="Loading results">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : (
              <WeeklyResults results={results.data ?? []} player1Name={player1} player2Name={player2} />
            )}
          </Section>
          <ContestLedger
            results={results.data ?? []}
            isLoading={results.isLoading}
            contestIsFree={contest.isFree}
            names={{ player1, player2 }}
          />
        </div>

        <div className="space-y-6 lg:col-start-3 lg:row-start-2 lg:self-start">
          {user && (user.id === contest.player1Id || user.id === contest.player2Id) ? (
            <BetSection contest={contest} viewerId={user.id} player1Name={player1} player2Name={player2} />
          ) : null}
          <Section title="Contest Rules" icon={ScrollText}>
            <ul className="space-y-3 text-sm">
              <li className="flex gap-3">
                <ListChecks className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>{weekPicksText(contest)}</span>
              </li>
              <li className="flex gap-3">
                <CalendarDays className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  Runs for <span className="font-medium">{lengthText(contest)}</span> ({nflWeeksText(contest)}
                  )
                </span>
              </li>
              <li className="flex gap-3">
                <DollarSign className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  Markets: <span className="font-medium">Spread and Over/Under</span>
                </span>
              </li>
              <li className="flex gap-3">
                <Trophy className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  The player with the most correct picks at the end of the{" "}
                  {contestLength(contest) === 1 ? "week" : `${contestLength(contest)} weeks`} wins
                </span>
              </li>
            </ul>
          </Section>
        </div>
      </div>
    </div>
  );
}
