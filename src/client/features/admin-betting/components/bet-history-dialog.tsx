import type { Contest } from "@/contracts/contests";
import { BetHistory } from "@/client/components/bet-history";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { errorMessage } from "@/client/lib/api";
import { useBetChanges } from "@/client/lib/queries/bets";
import { formatBet } from "@/client/lib/format";
import { weekPhrase } from "@/client/lib/week-names";

/** Betting history of one contest: every proposal and setting, newest first. */
export function BetHistoryDialog({
  contest,
  open,
  onOpenChange,
}: {
  contest: Contest | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const changes = useBetChanges(contest?.id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[80vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Betting History</DialogTitle>
          <DialogDescription>
            {contest
              ? `${contest.name}: ${formatBet(contest)} in ${weekPhrase(contest.currentWeek, true)}. Each change applies from its week on.`
              : null}
          </DialogDescription>
        </DialogHeader>
        <BetHistory
          changes={changes.data ?? []}
          isLoading={changes.isLoading}
          error={changes.error ? errorMessage(changes.error, "Failed to load the betting history.") : null}
        />
      </DialogContent>
    </Dialog>
  );
}
