import { useMemo, useState } from "react";
import { ShieldCheck, UserCheck, Users } from "lucide-react";
import { PageHeader } from "@/client/components/page-header";
import { SearchInput } from "@/client/components/search-input";
import { Card, CardContent, CardHeader } from "@/client/components/ui/card";
import { errorMessage } from "@/client/lib/api";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useUsers } from "@/client/lib/queries/users";
import { filterPlayers, playerStats } from "../players";
import { ManagePlayerDialog } from "./manage-player-dialog";
import { PlayersTable } from "./players-table";
import { StatCard } from "@/client/components/stat-card";

export default function PlayerManagementPage() {
  const { user: viewer } = useCurrentUser();
  const users = useUsers();
  const [search, setSearch] = useState("");
  const [managedId, setManagedId] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const all = useMemo(() => users.data ?? [], [users.data]);
  const stats = playerStats(all);
  const shown = useMemo(() => filterPlayers(all, search), [all, search]);
  const managed = all.find((user) => user.id === managedId);

  return (
    <div className="space-y-6">
      <PageHeader title="Player Management" description="Manage player accounts, roles and permissions." />

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard title="Total Players" value={stats.total} icon={Users} loading={users.isLoading} />
        <StatCard
          title="Active Players"
          value={stats.active}
          note="In at least one contest"
          icon={UserCheck}
          loading={users.isLoading}
        />
        <StatCard
          title="Administrators"
          value={stats.admins}
          icon={ShieldCheck}
          loading={users.isLoading}
          className="col-span-2 sm:col-span-1"
        />
      </div>

      <Card className="gap-4">
        <CardHeader className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <h2 className="text-lg leading-none font-semibold">All Players</h2>
          <SearchInput
            label="Search players"
            placeholder="Search by name or email..."
            value={search}
            onChange={setSearch}
          />
        </CardHeader>
        <CardContent className="px-2 sm:px-6">
          <PlayersTable
            players={shown}
            isLoading={users.isLoading}
            error={users.error ? errorMessage(users.error, "Failed to load players.") : null}
            searching={search.trim() !== ""}
            onManage={(player) => {
              setManagedId(player.id);
              setDialogOpen(true);
            }}
          />
        </CardContent>
      </Card>

      <ManagePlayerDialog player={managed} viewer={viewer} open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
