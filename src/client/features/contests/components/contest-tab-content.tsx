import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import { ContestCard, ContestCardSkeleton, contestCardView } from "@/client/components/contest-card";
import { Card, CardContent } from "@/client/components/ui/card";

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

/** One tab's contests as cards (invitations to answer stand out), or its empty state. */
export function ContestTabContent({
  loading,
  contests,
  empty,
  users,
  usersLoading,
  viewer,
  isInvitation,
  onAccept,
  onReject,
  respondingTo,
}: {
  loading: boolean;
  contests: Contest[];
  empty: { icon: LucideIcon; title: string; hint: string; action?: ReactNode };
  users: ListedUser[] | undefined;
  usersLoading: boolean;
  viewer: { id: string; email: string } | null;
  isInvitation: (contest: Contest) => boolean;
  onAccept: (contestId: string) => void;
  onReject: (contestId: string) => void;
  respondingTo: string | undefined | null;
}) {
  if (loading) {
    return (
      <div
        className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
        aria-busy="true"
        role="status"
        aria-label="Loading contests"
      >
        <ContestCardSkeleton />
        <ContestCardSkeleton />
        <ContestCardSkeleton />
      </div>
    );
  }
  if (contests.length === 0) return <EmptyState {...empty} />;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {contests.map((contest) => (
        <ContestCard
          key={contest.id}
          headingLevel={2}
          contest={contestCardView(contest, { users, usersLoading, viewerId: viewer?.id })}
          currentUserEmail={viewer?.email}
          onAccept={onAccept}
          onReject={onReject}
          responding={respondingTo === contest.id}
          className={isInvitation(contest) ? "border-primary/50 bg-primary/5 dark:bg-primary/10" : undefined}
        />
      ))}
    </div>
  );
}
