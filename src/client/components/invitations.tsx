import { Check, Eye, Hourglass, Mail, X } from "lucide-react";
import { Link } from "wouter";
import type { Contest } from "@/contracts/contests";
import { plural } from "@/domain/plural";
import type { ListedUser } from "@/contracts/users";
import { isInvitee } from "@/client/components/contest-card";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { useRespondWithToasts } from "@/client/hooks/use-respond-to-contest";
import { nflWeeksText } from "@/client/lib/contest-weeks";
import { formatBet } from "@/client/lib/format";
import { displayName } from "@/client/lib/queries/users";
import { cn } from "@/client/lib/utils";

type Viewer = { id: string; email: string };

/** An invitation the viewer was sent and may answer: pending, to their e-mail (or account). */
export const isInvitationTo = (contest: Contest, viewer: Viewer | null | undefined) =>
  !!viewer &&
  contest.status === "pending" &&
  (contest.player2Id === viewer.id || isInvitee(contest.player2Email, viewer.email));

/** A challenge the viewer sent that the other player has not answered yet. */
export const isChallengeFrom = (contest: Contest, viewer: Viewer | null | undefined) =>
  !!viewer && contest.status === "pending" && contest.player1Id === viewer.id;

/** "Ada Lovelace", the invitee's e-mail while they have no account, "Loading..." while people load. */
export function personName(
  users: ListedUser[] | undefined,
  usersLoading: boolean,
  id: string | null,
  fallback: string,
) {
  if (usersLoading) return "Loading...";
  return displayName(id ? users?.find((user) => user.id === id) : undefined, fallback);
}

/** Who sent an invitation, from the viewer's seat: a challenge, or a finished contest's rematch. */
const invitationText = (contest: Pick<Contest, "predecessorId">, received: boolean, otherName: string) => {
  if (contest.predecessorId)
    return received ? `${otherName} proposes a rematch` : `You proposed a rematch to ${otherName}`;
  return received ? `${otherName} challenged you` : `You challenged ${otherName}`;
};

/** "2 picks a week", or "3 rounds a week" with custom rounds. */
const picksText = (contest: Pick<Contest, "rounds" | "maxPicksPerPlayer">) =>
  contest.rounds
    ? plural(contest.rounds.length, "round") + " a week"
    : plural(contest.maxPicksPerPlayer, "pick") + " a week";

function InvitationCard({
  contest,
  received,
  otherName,
  responding,
  onAccept,
  onDecline,
}: {
  contest: Contest;
  received: boolean;
  otherName: string;
  responding: boolean;
  onAccept(): void;
  onDecline(): void;
}) {
  const titleId = `invitation-${contest.id}-title`;
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="invitation-card"
      className={cn("gap-3 py-5", received && "border-primary/50 bg-primary/5 dark:bg-primary/10")}
    >
      <CardHeader className="gap-1 px-5">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          {received ? (
            <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
          ) : (
            <Hourglass className="size-4 shrink-0" aria-hidden="true" />
          )}
          <span className="min-w-0 wrap-anywhere">{invitationText(contest, received, otherName)}</span>
        </p>
        <CardTitle id={titleId} className="text-lg leading-snug wrap-anywhere">
          <h3>{contest.name}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-5 text-sm">
        <p className="text-muted-foreground">
          {formatBet(contest)} · {picksText(contest)} · {nflWeeksText(contest)}
        </p>
        {received ? null : (
          <p className="mt-2 font-medium wrap-anywhere">Waiting for {otherName} to accept</p>
        )}
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-2 px-5">
        {received ? (
          <>
            <Button size="sm" className="flex-1" disabled={responding} onClick={onAccept}>
              <Check aria-hidden="true" /> Accept
            </Button>
            <Button size="sm" variant="outline" className="flex-1" disabled={responding} onClick={onDecline}>
              <X aria-hidden="true" /> Decline
            </Button>
          </>
        ) : (
          <Button asChild size="sm" variant="outline" className="flex-1">
            <Link href={`/contests/${contest.id}`}>
              <Eye aria-hidden="true" /> View Details
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/**
 * "Invitations", shown first on the Dashboard and My Contests: the challenges the viewer was sent,
 * to accept or decline, and (with `includeSent`) those they sent that wait for an answer. Nothing
 * when there are none.
 */
export function InvitationsSection({
  contests,
  viewer,
  users,
  usersLoading,
  includeSent = false,
  className,
}: {
  contests: Contest[];
  viewer: Viewer | null | undefined;
  users: ListedUser[] | undefined;
  usersLoading: boolean;
  includeSent?: boolean;
  className?: string;
}) {
  const { accept, reject, respondingTo } = useRespondWithToasts();
  const received = contests.filter((contest) => isInvitationTo(contest, viewer));
  const sent = includeSent ? contests.filter((contest) => isChallengeFrom(contest, viewer)) : [];
  if (received.length + sent.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading" className={cn("space-y-4", className)}>
      <div className="flex items-center gap-2">
        <h2 id="invitations-heading" className="text-xl font-semibold">
          Invitations
        </h2>
        {received.length > 0 ? (
          <Badge aria-label={`${received.length} to answer`}>{received.length}</Badge>
        ) : null}
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {received.map((contest) => (
          <InvitationCard
            key={contest.id}
            contest={contest}
            received
            otherName={personName(users, usersLoading, contest.player1Id, "Unknown")}
            responding={respondingTo === contest.id}
            onAccept={() => accept(contest.id)}
            onDecline={() => reject(contest.id)}
          />
        ))}
        {sent.map((contest) => (
          <InvitationCard
            key={contest.id}
            contest={contest}
            received={false}
            otherName={personName(users, usersLoading, contest.player2Id, contest.player2Email)}
            responding={false}
            onAccept={() => undefined}
            onDecline={() => undefined}
          />
        ))}
      </div>
    </section>
  );
}
