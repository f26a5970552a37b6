import { Plus, Trophy } from "lucide-react";
import { Link } from "wouter";
import type { Contest } from "@/contracts/contests";
import type { ListedUser } from "@/contracts/users";
import { ContestCard, contestCardView } from "@/client/components/contest-card";
import { RivalryLink } from "@/client/components/rivalry-link";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { plural } from "@/domain/plural";
import { Card, CardContent } from "@/client/components/ui/card";

/** "Your Active Contests": a card for each, or a note that there are none. */
/** "2 contests played: 1 won, 1 lost" (a tie is neither), from the viewer's completed contests. */
function playedText(completed: Contest[], viewerId: string | undefined): string {
  const won = completed.filter(
    (contest) => contest.winnerId !== null && contest.winnerId === viewerId,
  ).length;
  const lost = completed.filter(
    (contest) => contest.winnerId !== null && contest.winnerId !== viewerId,
  ).length;
  return `${plural(completed.length, "contest")} played: ${won} won, ${lost} lost.`;
}

/** An active contest's card, and under it the way to the two players' rivalry. */
function ActiveContest({
  contest,
  users,
  usersLoading,
  viewer,
}: {
  contest: Contest;
  users: ListedUser[] | undefined;
  usersLoading: boolean;
  viewer: { id: string; email: string } | null;
}) {
  const view = contestCardView(contest, { users, usersLoading, viewerId: viewer?.id });
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <ContestCard contest={view} currentUserEmail={viewer?.email} className="flex-1" />
      <RivalryLink
        contest={contest}
        viewerId={viewer?.id}
        names={{ player1: view.player1.name, player2: view.player2.name }}
        className="justify-start"
      />
    </div>
  );
}

export function ActiveContestsSection({
  contests,
  completed,
  users,
  usersLoading,
  viewer,
}: {
  contests: Contest[];
  /** The viewer's finished contests: with none active, the section says what they played. */
  completed: Contest[];
  users: ListedUser[] | undefined;
  usersLoading: boolean;
  viewer: { id: string; email: string } | null;
}) {
  return (
    <section aria-labelledby="active-contests-heading" className="space-y-4">
      <div className="flex items-center gap-2">
        <h2 id="active-contests-heading" className="text-xl font-semibold">
          Your Active Contests
        </h2>
        <Badge variant="secondary" aria-label={`${contests.length} active`}>
          {contests.length}
        </Badge>
      </div>
      {contests.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center px-6 py-10 text-center">
            <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted">
              <Trophy className="size-6 text-muted-foreground" aria-hidden="true" />
            </div>
            <h3 className="text-lg font-semibold">No Active Contests</h3>
            {completed.length > 0 ? (
              <>
                <p className="mt-1 text-sm text-muted-foreground">
                  {playedText(completed, viewer?.id)} Start the next one, or look back at how they went.
                </p>
                <div className="mt-4 flex flex-wrap justify-center gap-2">
                  <Button asChild>
                    <Link href="/contests?new">
                      <Plus aria-hidden="true" /> Create a New Contest
                    </Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link href="/contests?tab=completed">See Completed Contests</Link>
                  </Button>
                </div>
              </>
            ) : (
              <p className="mt-1 text-sm text-muted-foreground">
                You don't have any active contests right now.
              </p>
            )}
          </CardContent>
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {contests.map((contest) => (
            <ActiveContest
              key={contest.id}
              contest={contest}
              users={users}
              usersLoading={usersLoading}
              viewer={viewer}
            />
          ))}
        </div>
      )}
    </section>
  );
}
