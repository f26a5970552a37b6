import { useCallback, useMemo, useState } from "react";
import { Calculator, CircleDollarSign, DollarSign, Gift } from "lucide-react";
import { useLocation } from "wouter";
import type { Contest } from "@/contracts/contests";
import { PageHeader } from "@/client/components/page-header";
import { SearchInput } from "@/client/components/search-input";
import { StatCard } from "@/client/components/stat-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { formatDollars } from "@/client/lib/format";
import { usePendingBetChanges } from "@/client/lib/queries/bets";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useUsers } from "@/client/lib/queries/users";
import { bettingPlayers, bettingStats, filterBettingContests, pendingByContest } from "../betting";
import { BetHistoryDialog } from "./bet-history-dialog";
import { BettingDetailsTable } from "./betting-details-table";
import { ContestBetItem } from "./contest-bet-item";
import { PendingBetChangesCard } from "./pending-bet-changes-card";

export default function BettingManagementPage() {
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const contests = useContests();
  const users = useUsers();
  const pending = usePendingBetChanges(Boolean(user?.isAdmin));
  const [search, setSearch] = useState("");
  const [editingId, setEditingId] = useState<string | null>(null);
  const [historyId, setHistoryId] = useState<string | undefined>();
  const [historyOpen, setHistoryOpen] = useState(false);

  const all = useMemo(() => contests.data ?? [], [contests.data]);
  const contestsById = useMemo(() => new Map(all.map((contest) => [contest.id, contest])), [all]);
  const usersById = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u])), [users.data]);
  const playersOf = useCallback((contest: Contest) => bettingPlayers(contest, usersById), [usersById]);
  const shown = useMemo(() => filterBettingContests(all, search, playersOf), [all, search, playersOf]);
  const waiting = useMemo(() => pendingByContest(pending.data), [pending.data]);
  const stats = bettingStats(all);
  const loading = contests.isLoading || users.isLoading;
  const failure = contests.error ?? users.error;
  const searching = search.trim() !== "";

  const openHistory = (contest: Contest) => {
    setHistoryId(contest.id);
    setHistoryOpen(true);
  };
  const editFromTable = (contest: Contest) => {
    setEditingId(contest.id);
    document
      .getElementById(`bet-contest-${contest.id}`)
      ?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Betting Management"
        description="Weekly bets of every contest: set them, follow proposed changes and their history."
      />

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          title="Total Bet Value"
          value={formatDollars(stats.totalBetValue)}
          note="Weekly bets of paid contests"
          icon={DollarSign}
          loading={contests.isLoading}
        />
        <StatCard
          title="Paid Contests"
          value={stats.paidContests}
          icon={CircleDollarSign}
          loading={contests.isLoading}
        />
        <StatCard title="Free Contests" value={stats.freeContests} icon={Gift} loading={contests.isLoading} />
        <StatCard
          title="Avg Bet Amount"
          value={formatDollars(stats.averageBet)}
          note="Per paid contest, per week"
          icon={Calculator}
          loading={contests.isLoading}
        />
      </div>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <Card className="gap-4 lg:col-span-2" role="region" aria-labelledby="contest-bets">
          <CardHeader className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
            <div className="space-y-1.5">
              <CardTitle className="text-lg">
                <h2 id="contest-bets">Contest Bets</h2>
              </CardTitle>
              <CardDescription>
                The pencil sets a bet from the current week on. The two players of a contest propose weekly
                changes to each other.
              </CardDescription>
            </div>
            <SearchInput
              label="Search betting contests"
              placeholder="Search betting contests..."
              value={search}
              onChange={setSearch}
            />
          </CardHeader>
          <CardContent className="px-4 sm:px-6">
            {loading ? (
              <div className="space-y-3" aria-busy="true" aria-label="Loading contests">
                <Skeleton className="h-24 w-full" />
                <Skeleton className="h-24 w-full" />
              </div>
            ) : failure ? (
              <p className="py-6 text-center text-sm text-destructive">
                {errorMessage(failure, "Failed to load contests.")}
              </p>
            ) : shown.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">
                {searching ? "No contests match your search." : "No contests found."}
              </p>
            ) : (
              <ul className="space-y-3" aria-label="Contest bets">
                {shown.map((contest) => (
                  <ContestBetItem
                    key={contest.id}
                    contest={contest}
                    players={playersOf(contest)}
                    pending={waiting.get(contest.id)}
                    viewerId={user?.id}
                    editing={editingId === contest.id}
                    onEdit={(editing) => setEditingId(editing ? contest.id : null)}
                    onHistory={() => openHistory(contest)}
                  />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <PendingBetChangesCard
          changes={pending.data ?? []}
          contestsById={contestsById}
          playersOf={playersOf}
          viewerId={user?.id}
          isLoading={pending.isLoading}
          error={pending.error ? errorMessage(pending.error, "Failed to load pending bet changes.") : null}
        />
      </div>

      <Card className="gap-4" role="region" aria-labelledby="betting-details">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle className="text-lg">
            <h2 id="betting-details">Betting Details</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="px-2 sm:px-6">
          <BettingDetailsTable
            contests={shown}
            playersOf={playersOf}
            isLoading={loading}
            error={failure ? errorMessage(failure, "Failed to load contests.") : null}
            searching={searching}
            actions={{
              onEdit: editFromTable,
              onHistory: openHistory,
              onViewResults: (contest) => navigate(`/contests/${contest.id}`),
            }}
          />
        </CardContent>
      </Card>

      <BetHistoryDialog
        contest={historyId ? contestsById.get(historyId) : undefined}
        open={historyOpen}
        onOpenChange={setHistoryOpen}
      />
    </div>
  );
}
