import { Calculator, CircleDollarSign, DollarSign, Gift } from "lucide-react";
import { StatCard } from "@/client/components/stat-card";
import { formatDollars } from "@/client/lib/format";
import type { BettingStats } from "../betting";

/** The weekly bets over all contests: their total, paid and free contests, the average bet. */
export function BettingStatCards({ stats, loading }: { stats: BettingStats; loading: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        title="Total Bet Value"
        value={formatDollars(stats.totalBetValue)}
        note="Weekly bets of paid contests"
        icon={DollarSign}
        loading={loading}
      />
      <StatCard title="Paid Contests" value={stats.paidContests} icon={CircleDollarSign} loading={loading} />
      <StatCard title="Free Contests" value={stats.freeContests} icon={Gift} loading={loading} />
      <StatCard
        title="Avg Bet Amount"
        value={formatDollars(stats.averageBet)}
        note="Per paid contest, per week"
        icon={Calculator}
        loading={loading}
      />
    </div>
  );
}
