import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useRespondToContest } from "@/client/lib/queries/contests";

/**
 * Accept or decline an invitation, with the product's toasts; the list refreshes on success, then `then`
 * runs (a screen may move on).
 */
export function useRespondWithToasts() {
  const respond = useRespondToContest();
  const accept = (id: string, then?: () => void) =>
    respond.mutate(
      { id, status: "active" },
      {
        onSuccess: () => {
          toast({ title: "Contest Accepted!", description: "You've successfully joined the contest." });
          then?.();
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to accept contest"),
            variant: "destructive",
          }),
      },
    );
  const reject = (id: string, then?: () => void) =>
    respond.mutate(
      { id, status: "rejected" },
      {
        onSuccess: () => {
          toast({ title: "Contest Rejected", description: "You've declined the contest invitation." });
          then?.();
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to reject contest"),
            variant: "destructive",
          }),
      },
    );
  const respondingTo = respond.isPending ? respond.variables?.id : undefined;
  return { accept, reject, respondingTo };
}
