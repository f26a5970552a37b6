import { useRef, useState } from "react";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { contestsKey } from "@/client/lib/queries/contests";
import { useSubmitPicks } from "@/client/lib/queries/picks";
import { queryClient } from "@/client/lib/query-client";
import { plural } from "@/domain/plural";
import { pickWishes } from "./lock-view";
import { validateSelection, type Selection } from "./picks-view";

/** Submit Picks, its confirmation dialog and the answer's toast. */
export function usePickSubmission({
  contestId,
  week,
  round,
  valid,
  lock,
  remaining,
  onStored,
}: {
  contestId: string;
  week: number;
  round: number;
  /** The selection as it would be submitted. */
  valid: Selection[];
  /** The selection made the lock of the week, if any. */
  lock: Selection | null;
  remaining: number;
  /** The submission was stored. */
  onStored: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitPicks();
  // Cancel (or a refusal) brings focus back here; a stored submission moves it to "Picks Complete".
  const submitButton = useRef<HTMLButtonElement>(null);

  const onSubmit = () => {
    const problem = validateSelection(valid.length, remaining);
    if (problem) {
      toast({ variant: "destructive", title: problem.title, description: problem.description });
      return;
    }
    setConfirming(true);
  };

  const onConfirm = async () => {
    try {
      // Awaited, not callbacks: the refreshed picks may replace this view with "Picks Complete".
      const stored = await submit.mutateAsync({
        contestId,
        week,
        round,
        picks: pickWishes(valid, lock),
      });
      toast({
        title: "Picks Submitted",
        description: `Successfully submitted ${plural(stored.length, "pick")}!`,
      });
      onStored();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to submit picks"),
      });
      // A refusal usually means something changed meanwhile (a side taken, a kickoff): show it.
      void queryClient.invalidateQueries({ queryKey: [...contestsKey, contestId] });
    } finally {
      setConfirming(false);
    }
  };

  return { confirming, setConfirming, pending: submit.isPending, submitButton, onSubmit, onConfirm };
}
