import { useState } from "react";
import { Activity, CalendarPlus, DollarSign, KeyRound, Plus, Server, Trophy, Users } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/client/components/ui/card";
import { ActivityList } from "@/client/components/activity-list";
import { errorMessage } from "@/client/lib/api";
import { formatDollars } from "@/client/lib/format";
import { useRecentActivity } from "@/client/lib/queries/activity";
import { useContests } from "@/client/lib/queries/contests";
import type { SeasonInfo } from "@/contracts/season";
import { useSeason } from "@/client/lib/queries/season";
import { useUsers } from "@/client/lib/queries/users";
import { weekPhrase } from "@/client/lib/week-names";
import { useFeedStatus } from "../api/get-feed-status";
import { AddGameDialog } from "./add-game-dialog";
import { DataFeedCard } from "./data-feed-card";
import { ManagementLinks } from "./management-links";
import { SeasonStatusCard } from "./season-status-card";
import { PanelTitle } from "@/client/components/panel-title";
import { StatCard } from "@/client/components/stat-card";
import { SystemConfigDialog } from "./system-config-dialog";
import { plural } from "@/domain/plural";

function OverviewStats() {
  const users = useUsers();
  const contests = useContests();
  const players = users.data ?? [];
  const all = contests.data ?? [];
  const admins = players.filter((user) => user.isAdmin).length;
  const active = all.filter((contest) => contest.status === "active").length;
  const betValue = all.reduce((sum, contest) => (contest.isFree ? sum : sum + contest.betAmount), 0);

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        title="Total Players"
        value={players.length}
        note={plural(admins, "admin")}
        icon={Users}
        loading={users.isLoading}
      />
      <StatCard
        title="Active Contests"
        value={active}
        note={`${all.length} total`}
        icon={Trophy}
        loading={contests.isLoading}
      />
      <StatCard
        title="Total Bet Value"
        value={formatDollars(betValue)}
        note="Weekly bets of paid contests"
        icon={DollarSign}
        loading={contests.isLoading}
      />
      <StatCard
        title="System Status"
        value={<span className="text-green-700 dark:text-green-400">Online</span>}
        note="All systems operational"
        icon={Server}
      />
    </div>
  );
}

/** What the Weekly Games card asks of the admin: with the feed on, nothing unless a game is missing. */
function weeklyGamesText(season: SeasonInfo | undefined, feedOn: boolean): string {
  if (!season) return "Add this week's games and lines.";
  if (!season.weeksToPlay)
    return `The ${season.season} season is over: add the games and lines of the ${season.nextSeason?.season ?? "next"} season.`;
  return feedOn
    ? `The data feed keeps ${weekPhrase(season.currentWeek)}'s games and lines current. Add a game by hand only if the feed lacks it.`
    : `Add the games and lines for ${weekPhrase(season.currentWeek)} of the ${season.season} season.`;
}

function WeeklyGamesCard() {
  const season = useSeason();
  const feed = useFeedStatus();
  const [adding, setAdding] = useState(false);
  return (
    <Card className="gap-4">
      <CardHeader>
        <PanelTitle icon={CalendarPlus}>Weekly Games</PanelTitle>
        <CardDescription>{weeklyGamesText(season.data, feed.data?.enabled ?? false)}</CardDescription>
      </CardHeader>
      <CardFooter className="mt-auto flex-wrap gap-2">
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Game
        </Button>
        <Button asChild variant="outline">
          <Link href="/admin/games">View All Games</Link>
        </Button>
      </CardFooter>
      <AddGameDialog open={adding} onOpenChange={setAdding} />
    </Card>
  );
}

const RECENT_ACTIVITY = 8;

function RecentActivityCard() {
  const activity = useRecentActivity(RECENT_ACTIVITY);
  const entries = activity.data?.entries ?? [];
  return (
    // Two columns wide and two rows tall on large screens: eight lines need the room.
    <Card className="gap-4 lg:col-span-2 lg:row-span-2" role="region" aria-labelledby="recent-activity-title">
      <CardHeader>
        <PanelTitle icon={Activity} id="recent-activity-title">
          Recent Activity
        </PanelTitle>
        <CardDescription>Changes made by players and admins.</CardDescription>
      </CardHeader>
      <CardContent className={entries.length === 0 ? "flex flex-1 items-center justify-center" : undefined}>
        <ActivityList
          label="Recent activity"
          entries={entries}
          isLoading={activity.isLoading}
          error={activity.error ? errorMessage(activity.error, "Failed to load recent activity.") : null}
          emptyText="No recent activity yet."
          className="w-full"
        />
      </CardContent>
    </Card>
  );
}

function SystemConfigCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="gap-4">
      <CardHeader>
        <PanelTitle icon={KeyRound}>System Configuration</PanelTitle>
        <CardDescription>
          Set the contest creation password players need to create a contest, and the current season.
        </CardDescription>
      </CardHeader>
      <CardFooter className="mt-auto">
        <Button variant="outline" onClick={() => setOpen(true)}>
          Configure
        </Button>
      </CardFooter>
      <SystemConfigDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}

export default function AdminOverviewPage() {
  return (
    <div className="space-y-8">
      <PageHeader title="Admin Overview" description="Manage players, contests, games and settings." />
      <OverviewStats />
      <SeasonStatusCard />
      <ManagementLinks />
      {/* Recent Activity spans two rows: its extra height goes to the second, not between the cards. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:items-start">
        <WeeklyGamesCard />
        <RecentActivityCard />
        <SystemConfigCard />
      </div>
      <DataFeedCard />
    </div>
  );
}
