import { useLocation } from "wouter";
import { PageHeader } from "@/client/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { errorMessage } from "@/client/lib/api";
import { useBettingManagement } from "../use-betting-management";
import { BetHistoryDialog } from "./bet-history-dialog";
import { BettingDetailsTable } from "./betting-details-table";
import { BettingStatCards } from "./betting-stat-cards";
import { ContestBetsCard } from "./contest-bets-card";
import { PendingBetChangesCard } from "./pending-bet-changes-card";

export default function BettingManagementPage() {
  const [, navigate] = useLocation();
  const betting = useBettingManagement();
  const { shown, playersOf, loading, failure, searching, viewerId, pending } = betting;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Betting Management"
        description="Weekly bets of every contest: set them, follow proposed changes and their history."
      />

      <BettingStatCards stats={betting.stats} loading={betting.statsLoading} />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <ContestBetsCard
          search={betting.search}
          onSearch={betting.setSearch}
          loading={loading}
          failure={failure}
          contests={shown}
          searching={searching}
          playersOf={playersOf}
          waiting={betting.waiting}
          viewerId={viewerId}
          editingId={betting.editingId}
          onEditing={betting.setEditingId}
          onHistory={betting.openHistory}
        />

        <PendingBetChangesCard
          changes={pending.data ?? []}
          contestsById={betting.contestsById}
          playersOf={playersOf}
          viewerId={viewerId}
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
            error={failure}
            searching={searching}
            actions={{
              onEdit: betting.editFromTable,
              onHistory: betting.openHistory,
              onViewResults: (contest) => navigate(`/contests/${contest.id}`),
            }}
          />
        </CardContent>
      </Card>

      <BetHistoryDialog {...betting.history} />
    </div>
  );
}
