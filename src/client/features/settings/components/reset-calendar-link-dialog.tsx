import type { MouseEvent } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { buttonVariants } from "@/client/components/ui/button";

/** "Reset your calendar link?": it stays open, and cannot be closed, while the reset runs. */
export function ResetCalendarLinkDialog({
  open,
  onOpenChange,
  resetting,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  resetting: boolean;
  onConfirm: (event: MouseEvent) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (resetting ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset your calendar link?</AlertDialogTitle>
          <AlertDialogDescription>
            The old link stops working: calendars subscribed to it stop getting updates. You will get a new
            link to add to your calendar.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={resetting}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={resetting}
            onClick={onConfirm}
          >
            {resetting ? "Resetting..." : "Reset link"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
