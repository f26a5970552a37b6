import { useQuery } from "@tanstack/react-query";
import { CalendarClock, DollarSign, Trophy } from "lucide-react";
import type { ContestStatus } from "@/contracts/contests";
import { formatBet } from "@/client/lib/format";
import { nextPickDue, nextPickDueText } from "@/client/lib/next-pick-due";
import { turnQuery } from "@/client/lib/queries/turn";
import { serverDate } from "@/client/lib/server-clock";

/**
 * "Next pick due" of an active contest's week (docs/rules.md): the hand-over while the first picker
 * holds their picks, else the next kickoff open to picks. The turn query is the Dashboard's own.
 */
function NextPickDue({ contestId, week, player1Id }: { contestId: string; week: number; player1Id: string }) {
  const turn = useQuery(turnQuery(contestId, week));
  if (!turn.data) return "…";
  return nextPickDueText(nextPickDue(turn.data, player1Id, serverDate()), turn.data.week);
}

/** A card's facts: when the next pick is due (active) or who won (completed), and the bet. */
export function ContestCardFacts({
  contest,
}: {
  contest: {
    id: string;
    status: ContestStatus;
    currentWeek: number;
    player1Id: string;
    winnerName: string | null;
    betAmount: number;
    isFree: boolean;
  };
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      {contest.status === "active" ? (
        <div>
          <dt className="flex items-center gap-1 text-xs text-muted-foreground">
            <CalendarClock className="size-3.5" aria-hidden="true" /> Next pick due
          </dt>
          <dd className="font-medium">
            <NextPickDue contestId={contest.id} week={contest.currentWeek} player1Id={contest.player1Id} />
          </dd>
        </div>
      ) : contest.status === "completed" ? (
        <div>
          <dt className="flex items-center gap-1 text-xs text-muted-foreground">
            <Trophy className="size-3.5" aria-hidden="true" /> Result
          </dt>
          <dd className="font-medium wrap-anywhere">
            {contest.winnerName ? `${contest.winnerName} won` : "Tie"}
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="flex items-center gap-1 text-xs text-muted-foreground">
          <DollarSign className="size-3.5" aria-hidden="true" /> Bet
        </dt>
        <dd className="font-medium">{formatBet(contest)}</dd>
      </div>
    </dl>
  );
}
