import { Check, Clock, X } from "lucide-react";
import type { BetChange } from "@/contracts/bets";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { changeText, waitingText } from "@/client/lib/bets";
import { useRespondToBetChange } from "@/client/lib/queries/bets";
import { cn } from "@/client/lib/utils";
import { weekPhrase } from "@/client/lib/week-names";

/**
 * A proposal waiting for an answer: who proposed what from which week. The proposer's opponent
 * approves or rejects it here; everyone else sees whom it waits for.
 */
export function BetChangeBanner({
  change,
  viewerId,
  responderName,
  className,
}: {
  change: BetChange;
  viewerId: string | undefined;
  responderName: string;
  className?: string;
}) {
  const respond = useRespondToBetChange();
  const mayAnswer = viewerId !== undefined && viewerId === change.responderId;

  const answer = (status: "approved" | "rejected") =>
    respond.mutate(
      { change, status },
      {
        onSuccess: () =>
          toast(
            status === "approved"
              ? { title: "Bet Change Approved", description: `The bet is now ${changeText(change)}.` }
              : { title: "Bet Change Rejected", description: "The bet stays as it was." },
          ),
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(
              error,
              status === "approved"
                ? "Failed to approve the bet change."
                : "Failed to reject the bet change.",
            ),
            variant: "destructive",
          }),
      },
    );

  return (
    // Laid out by its own width (a container), not the screen's: it sits in wide lists and narrow cards.
    <div
      role="status"
      aria-label="Pending bet change"
      className={cn(
        "@container rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-400/40 dark:bg-amber-400/10",
        className,
      )}
    >
      <div className="flex flex-col gap-3 @lg:flex-row @lg:items-center @lg:justify-between">
        <div className="flex min-w-0 gap-2">
          <Clock className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
          <div className="min-w-0">
            <p>
              <span className="font-medium">{change.proposerName}</span> proposed{" "}
              <span className="font-semibold">{changeText(change)}</span>
            </p>
            {mayAnswer ? (
              <p className="text-muted-foreground">
                It applies from {weekPhrase(change.fromWeek, true)} on once you approve it.
              </p>
            ) : (
              <p className="text-muted-foreground">{waitingText(change, viewerId, responderName)}</p>
            )}
          </div>
        </div>
        {mayAnswer ? (
          <div className="flex shrink-0 gap-2">
            <Button size="sm" onClick={() => answer("approved")} disabled={respond.isPending}>
              <Check aria-hidden="true" /> Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => answer("rejected")}
              disabled={respond.isPending}
            >
              <X aria-hidden="true" /> Reject
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
