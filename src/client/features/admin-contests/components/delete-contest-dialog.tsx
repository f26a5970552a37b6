import type { Contest } from "@/contracts/contests";
import { ConfirmDeleteDialog } from "@/client/components/confirm-delete-dialog";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useDeleteContest } from "@/client/lib/queries/contests";

/** Confirms and archives a contest; closes on success. */
export function DeleteContestDialog({
  contest,
  open,
  onOpenChange,
}: {
  contest: Contest | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const remove = useDeleteContest();
  const confirm = () => {
    if (!contest) return;
    remove.mutate(contest.id, {
      onSuccess: () => {
        toast({ title: "Contest deleted", description: "The contest has been archived successfully." });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          title: "Error deleting contest",
          description: errorMessage(error, "Failed to delete contest. Please try again."),
          variant: "destructive",
        }),
    });
  };
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Contest"
      pending={remove.isPending}
      onConfirm={confirm}
    >
      Are you sure you want to delete{" "}
      {contest ? <strong className="font-medium text-foreground">{contest.name}</strong> : "this contest"}?
      This archives the contest: it will no longer be active. This action cannot be undone.
    </ConfirmDeleteDialog>
  );
}
