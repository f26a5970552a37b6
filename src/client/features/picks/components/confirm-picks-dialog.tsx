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
import { LockBadge } from "@/client/components/lock-badge";
import { Button } from "@/client/components/ui/button";
import { weekPhrase } from "@/client/lib/week-names";
import { isTheLock, lockLine } from "../lock-view";
import { confirmLine, sideLabel, type Selection } from "../picks-view";

/** "Confirm Your Picks": the last look before a submission that cannot be undone. */
export function ConfirmPicksDialog({
  open,
  onOpenChange,
  week,
  selections,
  lock,
  games,
  pending,
  onConfirm,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  week: number;
  selections: Selection[];
  /** The selection made the lock of the week, if any. */
  lock: Selection | null;
  games: ReadonlyMap<string, Game>;
  pending: boolean;
  onConfirm: () => void;
  /** Where focus goes back when the dialog closes (it has no trigger of its own). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const lockGame = lock ? games.get(lock.gameId) : undefined;
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
            Are you sure you want to submit your picks for {weekPhrase(week)}? This action cannot be undone.
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
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
                  {confirmLine(game, selection)}
                  {isTheLock(selection, lock) ? <LockBadge /> : null}
                </p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  At {sideLabel(game, selection.market, selection.side)}
                </p>
              </li>
            );
          })}
        </ul>
        {lockGame && lock ? (
          <p className="text-sm font-medium" data-testid="confirm-lock">
            {lockLine(lockGame, lock)}
          </p>
        ) : null}
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
