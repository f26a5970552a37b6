import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useRespondToContest } from "@/client/lib/queries/contests";

/** Accept or reject an invitation, with SPEC's toasts; the list refreshes on success. */
export function useRespondWithToasts() {
  const respond = useRespondToContest();
  const accept = (id: string) =>
    respond.mutate(
      { id, status: "active" },
      {
        onSuccess: () =>
          toast({ title: "Contest Accepted!", description: "You've successfully joined the contest." }),
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to accept contest"),
            variant: "destructive",
          }),
      },
    );
  const reject = (id: string) =>
    respond.mutate(
      { id, status: "rejected" },
      {
        onSuccess: () =>
          toast({ title: "Contest Rejected", description: "You've declined the contest invitation." }),
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
