import {
  BarChart3,
  CalendarDays,
  CheckCircle2,
  ChevronRight,
  ListChecks,
  Target,
  Trophy,
  type LucideIcon,
} from "lucide-react";
import { Link } from "wouter";
import {
  ContestCard,
  ContestCardSkeleton,
  contestCardView,
  isOwnContest,
} from "@/client/components/contest-card";
import { InvitationsSection } from "@/client/components/invitations";
import { PageHeader } from "@/client/components/page-header";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useSeason } from "@/client/lib/queries/season";
import { useTurns } from "@/client/lib/queries/turn";
import { useUsers } from "@/client/lib/queries/users";
import { playingContests } from "@/contracts/screens";
import { welcomeText } from "../welcome";
import { YourTurnCard } from "./your-turn-card";

function StatCard({
  label,
  value,
  note,
  icon: Icon,
}: {
  label: string;
  value: number | string | undefined;
  note: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="gap-2 py-4 sm:py-5">
      <CardContent className="px-4 sm:px-5">
        <div className="flex items-start justify-between gap-2">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
            <Icon className="size-4" aria-hidden="true" />
          </span>
        </div>
        <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{value ?? "–"}</p>
        <p className="mt-1 text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

/**
 * Until the contests, the season and whose turn it is have all arrived, one placeholder: the screen
 * then appears whole, so nothing already shown is pushed down (no layout shift).
 */
function DashboardLoading() {
  return (
    <div className="space-y-8" aria-busy="true" aria-label="Loading dashboard">
      <Skeleton className="h-40 w-full rounded-xl" />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        <ContestCardSkeleton />
        <ContestCardSkeleton />
      </div>
    </div>
  );
}

const quickActions: { href: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    href: "/contests",
    title: "View All Contests",
    text: "Every contest, invitations included.",
    icon: Trophy,
  },
  { href: "/picks", title: "Make Picks", text: "Pick this week's games.", icon: Target },
  { href: "/standings", title: "View Standings", text: "Wins, losses and pots so far.", icon: BarChart3 },
];

export default function DashboardPage() {
  const { user } = useCurrentUser();
  const contests = useContests();
  const season = useSeason();
  const mine = (contests.data ?? []).filter((contest) => isOwnContest(contest, user));
  const users = useUsers((contests.data?.length ?? 0) > 0);
  const active = mine.filter((contest) => contest.status === "active");
  const completed = mine.filter((contest) => contest.status === "completed");
  // The countdown is for the contests the viewer picks in (an invitation by e-mail has no turn yet);
  // the server's document for "/" carries their turns (decision 054).
  const playing = playingContests(mine, user?.id);
  // The same queries the Your Turn card reads (shared by key): waited for here, so it arrives filled.
  const turns = useTurns(playing);
  const loading = contests.isLoading || season.isLoading || turns.some((query) => query.isLoading);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description={welcomeText(user, season.data ? Date.parse(season.data.now) : undefined)}
      />

      {loading ? (
        <DashboardLoading />
      ) : (
        <>
          <InvitationsSection
            contests={mine}
            viewer={user}
            users={users.data}
            usersLoading={users.isLoading}
            includeSent
          />

          {user && playing.length > 0 ? (
            <YourTurnCard contests={playing} userId={user.id} users={users.data} />
          ) : null}

          <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              label="Active Contests"
              value={active.length}
              note="In play this season"
              icon={Trophy}
            />
            <StatCard
              label="Total Contests"
              value={mine.length}
              note="Including invitations"
              icon={ListChecks}
            />
            <StatCard
              label="Completed"
              value={completed.length}
              note="Seasons played out"
              icon={CheckCircle2}
            />
            <StatCard
              label="Current Week"
              value={season.data?.currentWeek}
              note={
                !season.data
                  ? "NFL season"
                  : season.data.weeksToPlay
                    ? `${season.data.season} NFL season`
                    : `${season.data.season} season over`
              }
              icon={CalendarDays}
            />
          </section>

          <section aria-labelledby="active-contests-heading" className="space-y-4">
            <div className="flex items-center gap-2">
              <h2 id="active-contests-heading" className="text-xl font-semibold">
                Your Active Contests
              </h2>
              <Badge variant="secondary" aria-label={`${active.length} active`}>
                {active.length}
              </Badge>
            </div>
            {active.length === 0 ? (
              <Card className="border-dashed">
                <CardContent className="flex flex-col items-center px-6 py-10 text-center">
                  <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted">
                    <Trophy className="size-6 text-muted-foreground" aria-hidden="true" />
                  </div>
                  <h3 className="text-lg font-semibold">No Active Contests</h3>
                  <p className="mt-1 text-sm text-muted-foreground">
                    You don't have any active contests right now.
                  </p>
                </CardContent>
              </Card>
            ) : (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
                {active.map((contest) => (
                  <ContestCard
                    key={contest.id}
                    contest={contestCardView(contest, {
                      users: users.data,
                      usersLoading: users.isLoading,
                      viewerId: user?.id,
                    })}
                    currentUserEmail={user?.email}
                  />
                ))}
              </div>
            )}
          </section>

          <section aria-labelledby="quick-actions-heading" className="space-y-4">
            <h2 id="quick-actions-heading" className="text-xl font-semibold">
              Quick Actions
            </h2>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
              {quickActions.map(({ href, title, text, icon: Icon }) => (
                <Link
                  key={href}
                  href={href}
                  className="group flex items-center gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-all outline-none hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{title}</span>
                    <span className="block text-sm text-muted-foreground">{text}</span>
                  </span>
                  <ChevronRight
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </Link>
              ))}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
