import { useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { AlertCircle, CheckCircle2, Clock, Plus, Trophy, type LucideIcon } from "lucide-react";
import type { ContestStatus } from "@/contracts/contests";
import {
  ContestCard,
  ContestCardSkeleton,
  contestCardView,
  isOwnContest,
} from "@/client/components/contest-card";
import { CreateContestDialog } from "@/client/components/create-contest-dialog";
import { isInvitationTo } from "@/client/components/invitations";
import { PageHeader } from "@/client/components/page-header";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useRespondWithToasts } from "@/client/hooks/use-respond-to-contest";
import { errorMessage } from "@/client/lib/api";
import { useContests } from "@/client/lib/queries/contests";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useUsers } from "@/client/lib/queries/users";
import { cn } from "@/client/lib/utils";

type Tab = Extract<ContestStatus, "active" | "completed" | "pending">;

const tabs: { value: Tab; label: string; empty: string; hint: string; icon: LucideIcon; badge: string }[] = [
  {
    value: "active",
    label: "Active",
    empty: "No Active Contests",
    hint: "You don't have any active contests right now.",
    icon: Trophy,
    badge: "bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300",
  },
  {
    value: "completed",
    label: "Completed",
    empty: "No Completed Contests",
    hint: "Finished contests and their winners will show up here.",
    icon: CheckCircle2,
    badge: "bg-blue-100 text-blue-800 dark:bg-blue-500/15 dark:text-blue-300",
  },
  {
    value: "pending",
    label: "Pending",
    empty: "No Pending Contests",
    hint: "Invitations you send or receive wait here until they are answered.",
    icon: Clock,
    badge: "bg-yellow-100 text-yellow-900 dark:bg-yellow-400/15 dark:text-yellow-200",
  },
];

function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
  action?: ReactNode;
}) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center px-6 py-10 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted">
          <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
        </div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">{hint}</p>
        {action ? <div className="mt-5">{action}</div> : null}
      </CardContent>
    </Card>
  );
}

export default function MyContestsPage() {
  // The tab it opens on: Pending while an invitation waits for the viewer's answer, else Active;
  // set once the list is known, so answering an invitation does not move the page.
  const [chosenTab, setTab] = useState<Tab>();
  const [creating, setCreating] = useState(false);
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
  const counts = Object.fromEntries(tabs.map(({ value }) => [value, byStatus(value).length])) as Record<
    Tab,
    number
  >;

  return (
    <div>
      <PageHeader
        title="My Contests"
        description="Manage all your football pool contests in one place."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> Create Contest
          </Button>
        }
      />

      <ul className="mb-6 flex flex-wrap gap-2" aria-label="Contest counts">
        {tabs.map(({ value, label, badge }) => (
          <li key={value}>
            <Badge variant="outline" className={cn("border-transparent px-2.5 py-1 text-sm", badge)}>
              {label}: {contests.isLoading ? "…" : counts[value]}
            </Badge>
          </li>
        ))}
      </ul>

      {contests.error ? (
        <Alert variant="destructive" className="mb-6">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{errorMessage(contests.error, "Failed to load contests")}</AlertDescription>
        </Alert>
      ) : null}

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-4">
        <TabsList className="grid h-10 w-full grid-cols-3 sm:inline-flex sm:w-fit">
          {tabs.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} className="px-2 sm:px-4">
              {label}
              {contests.isLoading ? null : ` (${counts[value]})`}
            </TabsTrigger>
          ))}
        </TabsList>

        {tabs.map(({ value, empty, hint, icon }) => {
          const list = byStatus(value);
          return (
            <TabsContent key={value} value={value}>
              {contests.isLoading ? (
                <div
                  className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
                  aria-busy="true"
                  aria-label="Loading contests"
                >
                  <ContestCardSkeleton />
                  <ContestCardSkeleton />
                  <ContestCardSkeleton />
                </div>
              ) : list.length === 0 ? (
                <EmptyState
                  icon={icon}
                  title={empty}
                  hint={hint}
                  action={
                    value === "active" ? (
                      <Button onClick={() => setCreating(true)}>
                        <Plus aria-hidden="true" /> Create Your First Contest
                      </Button>
                    ) : undefined
                  }
                />
              ) : (
                <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {list.map((contest) => (
                    <ContestCard
                      key={contest.id}
                      headingLevel={2}
                      contest={contestCardView(contest, {
                        users: users.data,
                        usersLoading: users.isLoading,
                        viewerId: user?.id,
                      })}
                      currentUserEmail={user?.email}
                      onAccept={accept}
                      onReject={reject}
                      responding={respondingTo === contest.id}
                      className={
                        invitations.includes(contest)
                          ? "border-primary/50 bg-primary/5 dark:bg-primary/10"
                          : undefined
                      }
                    />
                  ))}
                </div>
              )}
            </TabsContent>
          );
        })}
      </Tabs>

      <CreateContestDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(contest) => navigate(`/contests/${contest.id}`)}
      />
    </div>
  );
}
