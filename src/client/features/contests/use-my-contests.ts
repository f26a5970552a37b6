import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { Contest, ContestStatus } from "@/contracts/contests";
import { isOwnContest } from "@/client/components/contest-card";
import { isInvitationTo } from "@/client/components/invitations";
import { useRespondWithToasts } from "@/client/hooks/use-respond-to-contest";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useUsers } from "@/client/lib/queries/users";

export type Tab = Extract<ContestStatus, "active" | "completed" | "pending">;
/** The tabs in the order they are shown. */
export const TABS: readonly Tab[] = ["active", "completed", "pending"];

/** My Contests: the viewer's contests by tab, the tab shown, the answers to invitations, creating. */
export function useMyContests() {
  // The tab it opens on: Pending while an invitation waits for the viewer's answer, else Active;
  // set once the list is known, so answering an invitation does not move the page.
  // The address may name the tab (`?tab=completed`) and open Create Contest (`?new`): the
  // Dashboard's next steps after a season lead here.
  const search = new URLSearchParams(useSearch());
  const named = TABS.find((value) => value === search.get("tab"));
  const [chosenTab, setTab] = useState<Tab | undefined>(named);
  const [creating, setCreating] = useState(search.has("new"));
  const { user } = useCurrentUser();
  const contests = useContests();
  const mine = (contests.data ?? []).filter((contest) => isOwnContest(contest, user));
  const users = useUsers((contests.data?.length ?? 0) > 0);
  const { accept, reject, respondingTo } = useRespondWithToasts();
  const [, navigate] = useLocation();

  const invitations = mine.filter((contest) => isInvitationTo(contest, user));
  const tab = chosenTab ?? (invitations.length > 0 ? "pending" : "active");
  if (chosenTab === undefined && contests.data) setTab(tab);
  // Invitations to answer come first among the pending contests.
  const byStatus = (status: Tab) =>
    status === "pending"
      ? [
          ...invitations,
          ...mine.filter((contest) => contest.status === status && !invitations.includes(contest)),
        ]
      : mine.filter((contest) => contest.status === status);
  const lists = Object.fromEntries(TABS.map((value) => [value, byStatus(value)])) as Record<Tab, Contest[]>;

  return {
    user,
    users,
    loading: contests.isLoading,
    error: contests.error,
    tab,
    setTab,
    lists,
    isInvitation: (contest: Contest) => invitations.includes(contest),
    accept,
    reject,
    respondingTo,
    creating,
    setCreating,
    openCreated: (contest: Contest) => navigate(`/contests/${contest.id}`),
  };
}
