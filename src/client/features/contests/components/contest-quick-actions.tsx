import { BarChart3, CheckCircle2, Target } from "lucide-react";
import { Link } from "wouter";
import type { Contest } from "@/contracts/contests";
import { picksLeft } from "@/domain/picks";
import { RivalryLink } from "@/client/components/rivalry-link";
import { Button } from "@/client/components/ui/button";
import { usePlayerPicks } from "@/client/lib/queries/picks";
import { useProposals } from "@/client/lib/queries/proposals";
import { currentWeekPicks } from "@/client/lib/rounds";
import { weekPhrase } from "@/client/lib/week-names";
import { DetailsSection } from "./details-section";
import { RematchAction } from "./rematch-action";

/** The note under Picks Complete: "You have made all N picks for this week.", singular for one. */
const picksMadeText = (count: number) =>
  count === 1 ? "You have made your pick for this week." : `You have made all ${count} picks for this week.`;

/**
 * "Quick Actions": Make Picks (or Picks Complete) for the current week, or once the contest is
 * over its rematch against the same opponent; View Standings; and the two players' rivalry.
 */
export function ContestQuickActions({
  contest,
  userId,
  opponent,
  names,
  className,
}: {
  contest: Contest;
  userId: string | undefined;
  /** Both players' names, for the rivalry's link. */
  names: { player1: string; player2: string };
  /** The viewer's opponent, when the viewer plays in the contest and the opponent's e-mail is known. */
  opponent?: { name: string; email: string };
  className?: string;
}) {
  const week = contest.currentWeek;
  // Only a player has picks to ask for (an admin looking on would be told 404).
  const plays = !!userId && (userId === contest.player1Id || userId === contest.player2Id);
  const picks = usePlayerPicks(plays ? contest.id : undefined, userId, week);
  const proposals = useProposals(contest.id, week);
  // Accepted proposals add one pick each on their game, until it kicks off (the server says when).
  const made = picks.data?.length ?? 0;
  const complete =
    picksLeft({
      allowance: currentWeekPicks(contest, userId),
      mine: picks.data ?? [],
      extraGames: (proposals.data ?? [])
        .filter((proposal) => proposal.status === "accepted")
        .map((proposal) => ({ id: proposal.gameId, open: !proposal.started })),
    }).total === 0;
  const active = contest.status === "active";
  return (
    <DetailsSection title="Quick Actions" icon={Target} className={className}>
      <div className="flex flex-col gap-3">
        {contest.status === "completed" && opponent && userId ? (
          <RematchAction contest={contest} userId={userId} opponent={opponent} />
        ) : complete ? (
          <div>
            {/* Done, not an action: in the theme's green at full strength, readable light and dark. */}
            <Button
              variant="outline"
              className="w-full border-primary/50 text-primary disabled:opacity-100"
              disabled
            >
              <CheckCircle2 aria-hidden="true" /> Picks Complete for {weekPhrase(week)}
            </Button>
            <p className="mt-2 text-center text-sm text-muted-foreground">
              {picksMadeText(Math.max(made, currentWeekPicks(contest, userId)))}
            </p>
          </div>
        ) : active ? (
          <Button asChild className="w-full">
            <Link href={`/picks?contestId=${contest.id}&week=${week}`}>
              <Target aria-hidden="true" /> Make Picks
            </Link>
          </Button>
        ) : (
          <div>
            <Button className="w-full" disabled>
              <Target aria-hidden="true" /> Make Picks
            </Button>
            <p className="mt-2 text-center text-sm text-muted-foreground">
              Picks open while the contest is active.
            </p>
          </div>
        )}
        <Button asChild variant="outline" className="w-full">
          <Link href={`/standings?contestId=${contest.id}`}>
            <BarChart3 aria-hidden="true" /> View Standings
          </Link>
        </Button>
        <RivalryLink contest={contest} viewerId={userId} names={names} />
      </div>
    </DetailsSection>
  );
}
