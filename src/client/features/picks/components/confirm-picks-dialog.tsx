import type { RefObject } from "react";
import { Loader2 } from "lucide-react";
import type { Game } from "@/contracts/games";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { confirmLine, sideLabel, type Selection } from "../picks-view";

/** "Confirm Your Picks": the last look before a submission that cannot be undone. */
export function ConfirmPicksDialog({
  open,
  onOpenChange,
  week,
  selections,
  games,
  pending,
  onConfirm,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  week: number;
  selections: Selection[];
  games: ReadonlyMap<string, Game>;
  pending: boolean;
  onConfirm: () => void;
  /** Where focus goes back when the dialog closes (it has no trigger of its own). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo?.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Confirm Your Picks</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to submit your picks for Week {week}? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="space-y-2" aria-label="Your picks">
          {selections.map((selection) => {
            const game = games.get(selection.gameId);
            if (!game) return null;
            return (
              <li
                key={`${selection.gameId}-${selection.market}`}
                className="rounded-lg border bg-muted/40 px-3 py-2"
              >
                <p className="text-sm font-medium">{confirmLine(game, selection)}</p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  At {sideLabel(game, selection.market, selection.side)}
                </p>
              </li>
            );
          })}
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Confirm Submit
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
