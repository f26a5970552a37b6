import { ContestCardSkeleton } from "@/client/components/contest-card";
import { InvitationsSection } from "@/client/components/invitations";
import { PageHeader } from "@/client/components/page-header";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useDashboard } from "../use-dashboard";
import { welcomeText } from "../welcome";
import { ActiveContestsSection } from "./active-contests-section";
import { DashboardStats } from "./dashboard-stats";
import { LiveWeeksCard } from "./live-weeks-card";
import { PendingProposalsCard } from "./pending-proposals-card";
import { QuickActions } from "./quick-actions";
import { WeekRecapCard } from "./week-recap-card";
import { SetupChecklist } from "./setup-checklist";
import { YourTurnCard } from "./your-turn-card";

/**
 * Until the contests, the season and whose turn it is have all arrived, one placeholder: the screen
 * then appears whole, so nothing already shown is pushed down (no layout shift).
 */
function DashboardLoading() {
  return (
    <div className="space-y-8" aria-busy="true" role="status" aria-label="Loading dashboard">
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

export default function DashboardPage() {
  const { user, season, users, mine, active, completed, playing, loading } = useDashboard();

  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description={welcomeText(user, season ? Date.parse(season.now) : undefined)}
      />

      {loading ? (
        <DashboardLoading />
      ) : (
        <>
          {user?.isAdmin ? <SetupChecklist /> : null}

          <InvitationsSection
            contests={mine}
            viewer={user}
            users={users.data}
            usersLoading={users.isLoading}
            includeSent
          />

          {user && playing.length > 0 ? <PendingProposalsCard viewerId={user.id} /> : null}

          {user && playing.length > 0 ? (
            <YourTurnCard contests={playing} userId={user.id} users={users.data} />
          ) : null}

          {user && playing.length > 0 ? (
            <LiveWeeksCard contests={playing} userId={user.id} users={users.data} />
          ) : null}

          {user && playing.length > 0 ? <WeekRecapCard /> : null}

          <DashboardStats
            active={active.length}
            total={mine.length}
            completed={completed.length}
            season={season}
          />

          <ActiveContestsSection
            contests={active}
            completed={completed}
            users={users.data}
            usersLoading={users.isLoading}
            viewer={user}
          />

          <QuickActions />
        </>
      )}
    </div>
  );
}
