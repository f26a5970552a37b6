import { ArrowLeft, CalendarDays } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useContestDetails } from "../use-contest-details";
import { BetSection } from "./bet-section";
import { ContestLedger } from "./contest-ledger";
import { ContestNotFound } from "./contest-not-found";
import { ContestOverview } from "./contest-overview";
import { ContestQuickActions } from "./contest-quick-actions";
import { ContestResult } from "./contest-result";
import { ContestRules } from "./contest-rules";
import { DetailsSection } from "./details-section";
import { PendingNotice } from "./pending-notice";
import { RematchOf } from "./rematch-of";
import { SeasonReview } from "./season-review";
import { TrashTalk } from "./trash-talk";
import { hasAnyPicks, WeeklyResults } from "./weekly-results";

/** The viewer's opponent, with the e-mail a new contest is sent to; none for an admin looking on. */
function opponentOf(
  players: { player1: { name: string; email?: string }; player2: { name: string; email?: string } },
  isPlayer1: boolean,
  isPlayer2: boolean,
): { name: string; email: string } | undefined {
  const other = isPlayer1 ? players.player2 : isPlayer2 ? players.player1 : undefined;
  return other?.email ? { name: other.name, email: other.email } : undefined;
}

function DetailsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" role="status" aria-label="Loading contest">
      <Skeleton className="h-9 w-64" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

export default function ContestDetailsPage() {
  const { user, loading, contest, players, results } = useContestDetails();

  if (loading) return <DetailsSkeleton />;
  if (!contest || !players) return <ContestNotFound />;

  const player1 = players.player1.name;
  const player2 = players.player2.name;

  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3">
        <Button asChild variant="ghost" size="icon" className="mt-0.5 shrink-0">
          <Link href="/contests" aria-label="Back to My Contests">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{contest.name}</h1>
          {contest.description ? (
            <p className="mt-1 text-muted-foreground wrap-anywhere">{contest.description}</p>
          ) : (
            <p className="mt-1 text-muted-foreground">
              {player1} vs {player2}
            </p>
          )}
          <RematchOf predecessorId={contest.predecessorId} />
        </div>
      </div>

      <PendingNotice contest={contest} viewer={user} player1Name={player1} player2Name={player2} />

      {contest.status === "completed" ? (
        <>
          <ContestResult contest={contest} names={{ player1, player2 }} />
          <SeasonReview contest={contest} userId={user?.id} />
        </>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <ContestOverview contest={contest} player1={players.player1} player2={players.player2} />

        <ContestQuickActions
          contest={contest}
          userId={user?.id}
          opponent={opponentOf(players, user?.id === contest.player1Id, user?.id === contest.player2Id)}
          names={{ player1, player2 }}
          className="lg:self-start"
        />

        <div id="weekly-results" className="scroll-mt-20 space-y-6 lg:col-span-2 lg:row-start-2">
          <DetailsSection
            title="Weekly Results"
            icon={CalendarDays}
            description={
              hasAnyPicks(results.data ?? []) ? "Open a week to see both players' picks." : undefined
            }
          >
            {results.isLoading ? (
              <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading results">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : (
              <WeeklyResults
                results={results.data ?? []}
                player1Name={player1}
                player2Name={player2}
                lastWeek={contest.totalWeeks}
              />
            )}
          </DetailsSection>
          <ContestLedger
            results={results.data ?? []}
            isLoading={results.isLoading}
            contestIsFree={contest.isFree}
            lastWeek={contest.totalWeeks}
            names={{ player1, player2 }}
          />
        </div>

        <div className="space-y-6 lg:col-start-3 lg:row-start-2 lg:self-start">
          {user && (user.id === contest.player1Id || user.id === contest.player2Id) ? (
            <BetSection contest={contest} viewerId={user.id} player1Name={player1} player2Name={player2} />
          ) : null}
          <TrashTalk
            contestId={contest.id}
            viewerId={user?.id}
            nameOf={(id) =>
              id === contest.player1Id ? player1 : id === contest.player2Id ? player2 : "An admin"
            }
            canWrite={contest.status !== "rejected"}
          />
          <ContestRules contest={contest} />
        </div>
      </div>
    </div>
  );
}
