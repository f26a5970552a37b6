import { Lock } from "lucide-react";
import type { Game } from "@/contracts/games";
import { cn } from "@/client/lib/utils";
import { lockToggleName } from "../lock-view";
import type { Selection } from "../picks-view";
import type { ToggleLock } from "../use-lock-choice";

/**
 * A selected pick's "Lock" toggle: pressed, the pick is the player's lock of the week (one at a
 * time: pressing another moves it).
 */
export function LockToggle({
  game,
  selection,
  pressed,
  onToggleLock,
}: {
  game: Game;
  selection: Selection;
  pressed: boolean;
  onToggleLock: ToggleLock;
}) {
  return (
    <div className="mt-2 flex items-center justify-end gap-2">
      {pressed ? <span className="text-xs text-muted-foreground">Counts double</span> : null}
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={lockToggleName(game, selection)}
        title={pressed ? "Your lock of the week: counts double" : "Make this pick your lock of the week"}
        onClick={() => onToggleLock(selection.gameId, selection.market, selection.side)}
        className={cn(
          "inline-flex h-8 touch-manipulation items-center gap-1.5 rounded-md border px-2.5 text-xs font-semibold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
          pressed
            ? "border-amber-600 bg-amber-500/15 text-amber-900 dark:border-amber-400 dark:text-amber-200"
            : "border-input bg-background text-muted-foreground hover:bg-accent hover:text-foreground dark:bg-input/30",
        )}
      >
        <Lock className="size-3.5 shrink-0" aria-hidden="true" />
        Lock
      </button>
    </div>
  );
}
