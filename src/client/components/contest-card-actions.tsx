import { Check, Eye, Target, X } from "lucide-react";
import { Link } from "wouter";
import type { ContestStatus } from "@/contracts/contests";
import { Button } from "@/client/components/ui/button";

/**
 * What a card offers: Accept and Decline to the invitee of a pending contest (when given the
 * handlers), a waiting note to everyone else; View Details once it is under way, and Make Picks
 * while it is active.
 */
export function ContestCardActions({
  contest,
  invited,
  onAccept,
  onReject,
  responding,
}: {
  contest: { id: string; status: ContestStatus; currentWeek: number; player2Name: string };
  invited: boolean;
  onAccept?: (contestId: string) => void;
  onReject?: (contestId: string) => void;
  responding: boolean;
}) {
  if (contest.status === "pending") {
    if (invited && onAccept && onReject) {
      return (
        <>
          <Button size="sm" className="flex-1" disabled={responding} onClick={() => onAccept(contest.id)}>
            <Check aria-hidden="true" /> Accept
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="flex-1"
            disabled={responding}
            onClick={() => onReject(contest.id)}
          >
            <X aria-hidden="true" /> Decline
          </Button>
        </>
      );
    }
    if (invited) return null;
    return (
      <p className="text-sm wrap-anywhere text-muted-foreground italic">
        Waiting for {contest.player2Name} to accept
      </p>
    );
  }
  return (
    <>
      <Button asChild size="sm" variant="outline" className="flex-1">
        <Link href={`/contests/${contest.id}`}>
          <Eye aria-hidden="true" /> View Details
        </Link>
      </Button>
      {contest.status === "active" ? (
        <Button asChild size="sm" className="flex-1">
          <Link href={`/picks?contestId=${contest.id}&week=${contest.currentWeek}`}>
            <Target aria-hidden="true" /> Make Picks
          </Link>
        </Button>
      ) : null}
    </>
  );
}
