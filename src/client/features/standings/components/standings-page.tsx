import { lazy, Suspense } from "react";
import { AlertCircle, Award, Calendar, Eye, Percent, Trophy } from "lucide-react";
import { Link, useSearchParams } from "wouter";
import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import { LoadErrorAlert } from "@/client/components/load-error-alert";
import { PageHeader } from "@/client/components/page-header";
import { StatCard } from "@/client/components/stat-card";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { contestProgress, lengthText } from "@/client/lib/contest-weeks";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useWeeklyResults } from "@/client/lib/queries/picks";
import { displayName, useUsers } from "@/client/lib/queries/users";
import {
  bestWeek,
  currentWeekOf,
  formatBestWeek,
  formatWinRate,
  otherSide,
  viewerSide,
  winRate,
  type Side,
} from "../standings";
import { ContestLeadersCard } from "./contest-leaders-card";
import { ContestPicker } from "./contest-picker";
import { RecentPerformanceCard } from "./recent-performance-card";
import { WeeklyStandingsCard } from "./weekly-standings-card";
import { chooseStandingsContest } from "@/contracts/screens";
import { plural } from "@/domain/plural";

const TITLE = "Standings";

// Recharts is big: the chart loads in a chunk of its own, after the figures, with this screen only.
const StandingsChartCard = lazy(() => import("./standings-chart-card"));

function ChartSkeleton() {
  return <Skeleton className="h-80" aria-busy="true" role="status" aria-label="Loading the chart" />;
}

function PageSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" role="status" aria-label="Loading standings">
      <PageHeader title={TITLE} />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-2" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

function NoContests() {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center px-6 py-10 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted">
          <Trophy className="size-6 text-muted-foreground" aria-hidden="true" />
        </div>
        <h2 className="text-lg font-semibold">No Standings Yet</h2>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">
          Standings appear here once you are in an active contest. Challenge someone or accept an invitation
          to get started.
        </p>
        <Button asChild className="mt-6">
          <Link href="/contests">View My Contests</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

const nameOf = (users: ListedUser[] | undefined, loading: boolean, id: string | null, fallback: string) =>
  loading ? "Loading..." : displayName(id ? users?.find((user) => user.id === id) : undefined, fallback);

/** "Week 7 · Contest week 3 of 14": the NFL week, and the contest's own progress. */
const contestProgressLine = (contest: Contest) => {
  const { text, detail } = contestProgress(contest);
  return detail ? `${text} · ${detail}` : text;
};

const firstName = (name: string) => name.split(" ")[0] || name;

function ContestStandings({ contest, userId }: { contest: Contest; userId: string | undefined }) {
  const users = useUsers();
  const results = useWeeklyResults(contest.id);
  const { side, isPlayer } = viewerSide(contest, userId);
  const names: Record<Side, string> = {
    player1: nameOf(users.data, users.isLoading, contest.player1Id, "Player 1"),
    player2: nameOf(users.data, users.isLoading, contest.player2Id, contest.player2Email),
  };
  const mine = contest.standing[side];
  const weeks = results.data ?? [];
  const rate = winRate(mine.wins, mine.losses);
  const free = contest.isFree || contest.betAmount === 0;
  const columns = {
    mine: isPlayer ? "You" : firstName(names[side]),
    theirs: firstName(names[otherSide(side)]),
  };

  return (
    <div className="space-y-6">
      {isPlayer ? null : (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
          <Eye className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>You do not play in this contest: showing Player 1's standings ({names.player1}).</span>
        </p>
      )}

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard title="Total Wins" value={mine.wins} note={`${mine.losses} incorrect`} icon={Trophy} />
        <StatCard
          title="Win Rate"
          value={formatWinRate(rate)}
          note={rate === null ? "No graded picks yet" : `${plural(mine.wins + mine.losses, "graded pick")}`}
          icon={Percent}
        />
        <StatCard
          title="Best Week"
          value={<span className="text-lg sm:text-xl">{formatBestWeek(bestWeek(weeks, side))}</span>}
          note="Most correct picks"
          icon={Award}
          loading={results.isLoading}
        />
        <StatCard
          title="Weeks Played"
          value={contest.standing.completedWeeks}
          note={`Settled of ${lengthText(contest)}`}
          icon={Calendar}
        />
      </div>

      {results.isError ? (
        <LoadErrorAlert
          title="Failed to load the weekly results"
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : null}

      {results.isLoading ? (
        <ChartSkeleton />
      ) : results.data ? (
        <Suspense fallback={<ChartSkeleton />}>
          <StandingsChartCard
            results={weeks}
            side={side}
            names={columns}
            isFree={free}
            allowance={contest.maxPicksPerPlayer}
          />
        </Suspense>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <WeeklyStandingsCard
          className="lg:col-span-3 lg:self-start"
          results={weeks}
          loading={results.isLoading}
          side={side}
          columns={columns}
          currentWeek={currentWeekOf(contest)}
          showPot={!free}
        />
        <div className="space-y-6 lg:col-span-2">
          <ContestLeadersCard
            standing={contest.standing}
            names={names}
            you={isPlayer ? side : null}
            isFree={free}
          />
          <RecentPerformanceCard results={weeks} loading={results.isLoading} side={side} isFree={free} />
        </div>
      </div>
    </div>
  );
}

/** Real standings of one contest from its graded picks; `?contestId=` selects the contest. */
export default function StandingsPage() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const contests = useContests();
  const [params, setParams] = useSearchParams();
  const requestedId = params.get("contestId");

  if (userLoading || contests.isLoading) return <PageSkeleton />;

  if (contests.isError) {
    return (
      <div>
        <PageHeader title={TITLE} />
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Failed to load your contests</AlertTitle>
          <AlertDescription>{errorMessage(contests.error, "Please try again.")}</AlertDescription>
        </Alert>
      </div>
    );
  }

  const { options, selected, notFound } = chooseStandingsContest(contests.data ?? [], requestedId, user?.id);
  const select = (contestId: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("contestId", contestId);
        return next;
      },
      { replace: true },
    );

  return (
    <div>
      <PageHeader
        title={TITLE}
        description={
          selected
            ? `${selected.name} · ${contestProgressLine(selected)}`
            : "Track your contests week by week."
        }
        actions={selected ? <ContestPicker contests={options} value={selected.id} onChange={select} /> : null}
      />
      {notFound ? (
        <Alert className="mb-6">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Contest Not Found</AlertTitle>
          <AlertDescription>
            The contest in the link was not found or you don't have access to it
            {selected ? `; showing ${selected.name} instead.` : "."}
          </AlertDescription>
        </Alert>
      ) : null}
      {selected ? (
        <ContestStandings key={selected.id} contest={selected} userId={user?.id} />
      ) : (
        <NoContests />
      )}
    </div>
  );
}
