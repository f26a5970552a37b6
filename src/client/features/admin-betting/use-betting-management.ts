import { useCallback, useMemo, useState } from "react";
import type { Contest } from "@/contracts/contests";
import { errorMessage } from "@/client/lib/api";
import { usePendingBetChanges } from "@/client/lib/queries/bets";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useUsers } from "@/client/lib/queries/users";
import { bettingPlayers, bettingStats, filterBettingContests, pendingByContest } from "./betting";

/** Betting Management's reads, the search over contests, the bet being edited and the history shown. */
export function useBettingManagement() {
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
  const failure = contests.error ?? users.error;

  return {
    viewerId: user?.id,
    stats: bettingStats(all),
    statsLoading: contests.isLoading,
    loading: contests.isLoading || users.isLoading,
    failure: failure ? errorMessage(failure, "Failed to load contests.") : null,
    search,
    setSearch,
    searching: search.trim() !== "",
    shown,
    contestsById,
    playersOf,
    waiting,
    pending,
    editingId,
    setEditingId,
    history: {
      contest: historyId ? contestsById.get(historyId) : undefined,
      open: historyOpen,
      onOpenChange: setHistoryOpen,
    },
    openHistory: (contest: Contest) => {
      setHistoryId(contest.id);
      setHistoryOpen(true);
    },
    editFromTable: (contest: Contest) => {
      setEditingId(contest.id);
      document
        .getElementById(`bet-contest-${contest.id}`)
        ?.scrollIntoView({ behavior: "smooth", block: "start" });
    },
  };
}
