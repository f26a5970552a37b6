import { Check, Hourglass, Mail, X } from "lucide-react";
import { useLocation } from "wouter";
import type { Contest } from "@/contracts/contests";
import { isInvitationTo } from "@/client/components/invitations";
import { Button } from "@/client/components/ui/button";
import { useRespondWithToasts } from "@/client/hooks/use-respond-to-contest";

/**
 * Contest Details of a pending contest, at the top: the invited player answers here (Accept, or
 * Decline and back to My Contests); everyone else reads whom it waits for.
 */
export function PendingNotice({
  contest,
  viewer,
  player1Name,
  player2Name,
}: {
  contest: Contest;
  viewer: { id: string; email: string } | null;
  player1Name: string;
  player2Name: string;
}) {
  const { accept, reject, respondingTo } = useRespondWithToasts();
  const [, navigate] = useLocation();
  if (contest.status !== "pending") return null;

  if (isInvitationTo(contest, viewer)) {
    const responding = respondingTo === contest.id;
    return (
      <section
        aria-label="Invitation"
        className="flex flex-col gap-4 rounded-xl border border-primary/50 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between dark:bg-primary/10"
      >
        <div className="flex min-w-0 gap-3">
          <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold wrap-anywhere">
              {contest.predecessorId
                ? `${player1Name} proposes a rematch`
                : `${player1Name} challenged you to this contest`}
            </p>
            <p className="text-sm text-muted-foreground">
              {contest.predecessorId
                ? `The same stake, rules and rounds, in the ${contest.season} season. Accept to start picking, or decline.`
                : "Accept to start picking, or decline."}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button className="flex-1 sm:flex-none" disabled={responding} onClick={() => accept(contest.id)}>
            <Check aria-hidden="true" /> Accept
          </Button>
          <Button
            variant="outline"
            className="flex-1 sm:flex-none"
            disabled={responding}
            onClick={() => reject(contest.id, () => navigate("/contests"))}
          >
            <X aria-hidden="true" /> Decline
          </Button>
        </div>
      </section>
    );
  }

  const mine = viewer?.id === contest.player1Id;
  return (
    <section aria-label="Invitation" className="flex gap-3 rounded-xl border bg-muted/40 p-4">
      <Hourglass className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere">Waiting for {player2Name} to accept</p>
        <p className="text-sm wrap-anywhere text-muted-foreground">
          {mine
            ? `The invitation went to ${contest.player2Email}: it is on their dashboard as soon as they sign in (or create their account) with that e-mail.`
            : "The contest starts once the invited player accepts."}
        </p>
      </div>
    </section>
  );
}
