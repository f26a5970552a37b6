import { useCallback, useMemo, useState } from "react";
import { CheckCircle2, DollarSign, Plus, Trophy, Zap } from "lucide-react";
import { useLocation } from "wouter";
import type { Contest } from "@/contracts/contests";
import { CreateContestDialog } from "@/client/components/create-contest-dialog";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { SearchInput } from "@/client/components/search-input";
import { Card, CardContent, CardHeader } from "@/client/components/ui/card";
import { errorMessage } from "@/client/lib/api";
import { formatDollars } from "@/client/lib/format";
import { useContests } from "@/client/lib/queries/contests";
import { useUsers } from "@/client/lib/queries/users";
import { contestPlayers, contestStats, filterContests } from "../contests";
import { type ContestActions, ContestsTable } from "./contests-table";
import { DeleteContestDialog } from "./delete-contest-dialog";
import { EditContestDialog } from "./edit-contest-dialog";
import { StatCard } from "@/client/components/stat-card";

export default function ContestManagementPage() {
  const [, navigate] = useLocation();
  const contests = useContests();
  const users = useUsers();
  const [search, setSearch] = useState("");
  const [createOpen, setCreateOpen] = useState(false);
  const [deleting, setDeleting] = useState<Contest | undefined>();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | undefined>();
  const [editOpen, setEditOpen] = useState(false);

  const all = useMemo(() => contests.data ?? [], [contests.data]);
  const usersById = useMemo(() => new Map((users.data ?? []).map((user) => [user.id, user])), [users.data]);
  const playersOf = useCallback((contest: Contest) => contestPlayers(contest, usersById), [usersById]);
  const shown = useMemo(() => filterContests(all, search, playersOf), [all, search, playersOf]);
  const stats = contestStats(all);
  const loading = contests.isLoading || users.isLoading;
  const failure = contests.error ?? users.error;

  // The contest being edited, as the list now has it (refreshed after a save).
  const editing = all.find((contest) => contest.id === editingId);

  const actions: ContestActions = {
    onEdit: (contest) => {
      setEditingId(contest.id);
      setEditOpen(true);
    },
    onViewResults: (contest) => navigate(`/contests/${contest.id}#weekly-results`),
    onDelete: (contest) => {
      setDeleting(contest);
      setDeleteOpen(true);
    },
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Contest Management"
        description="Oversee every contest, its players and its progress."
        actions={
          <Button onClick={() => setCreateOpen(true)}>
            <Plus aria-hidden="true" /> Create Contest
          </Button>
        }
      />

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard title="Total Contests" value={stats.total} icon={Trophy} loading={contests.isLoading} />
        <StatCard title="Active Contests" value={stats.active} icon={Zap} loading={contests.isLoading} />
        <StatCard
          title="Completed"
          value={stats.completed}
          icon={CheckCircle2}
          loading={contests.isLoading}
        />
        <StatCard
          title="Total Bet Value"
          value={formatDollars(stats.totalBetValue)}
          note="Weekly bets of paid contests"
          icon={DollarSign}
          loading={contests.isLoading}
        />
      </div>

      <Card className="gap-4">
        <CardHeader className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <h2 className="text-lg leading-none font-semibold">All Contests</h2>
          <SearchInput
            label="Search contests"
            placeholder="Search by contest or player..."
            value={search}
            onChange={setSearch}
          />
        </CardHeader>
        <CardContent className="px-2 sm:px-6">
          <ContestsTable
            contests={shown}
            playersOf={playersOf}
            isLoading={loading}
            error={failure ? errorMessage(failure, "Failed to load contests.") : null}
            searching={search.trim() !== ""}
            actions={actions}
          />
        </CardContent>
      </Card>

      <CreateContestDialog open={createOpen} onOpenChange={setCreateOpen} />
      <EditContestDialog contest={editing} open={editOpen} onOpenChange={setEditOpen} />
      <DeleteContestDialog contest={deleting} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </div>
  );
}
