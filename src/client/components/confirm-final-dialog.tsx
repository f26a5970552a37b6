import type { MouseEvent } from "react";
import type { Game } from "@/contracts/games";
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
import { formatKickoff } from "@/client/lib/games";

export const CONFIRM_FINAL_TITLE = "Save as final before kickoff?";

/**
 * Asks before saving a final ahead of its kickoff (docs/rules.md): a final is graded as it is
 * saved, so a slip of the hand would grade picks on a game not yet played.
 */
export function ConfirmFinalDialog({
  games,
  pending = false,
  onConfirm,
  onCancel,
}: {
  /** The games to be saved as final before their kickoff; the dialog is open while there are some. */
  games: Pick<Game, "id" | "awayTeam" | "homeTeam" | "gameDate">[];
  pending?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const confirm = (event: MouseEvent) => {
    event.preventDefault();
    onConfirm();
  };
  const one = games.length === 1 ? games[0] : undefined;
  return (
    <AlertDialog open={games.length > 0} onOpenChange={(open) => (open || pending ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{CONFIRM_FINAL_TITLE}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-2">
              {one ? (
                <p>
                  {one.awayTeam} @ {one.homeTeam} kicks off {formatKickoff(one.gameDate)}: it has not been
                  played yet.
                </p>
              ) : (
                <>
                  <p>These games have not kicked off yet:</p>
                  <ul className="list-disc pl-5">
                    {games.map((game) => (
                      <li key={game.id}>
                        {game.awayTeam} @ {game.homeTeam}, {formatKickoff(game.gameDate)}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <p>Saving a final grades its picks with the score entered now.</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction disabled={pending} onClick={confirm}>
            {pending ? "Saving..." : "Save as Final"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
