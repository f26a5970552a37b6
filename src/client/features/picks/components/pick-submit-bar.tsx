import type { RefObject } from "react";
import { Send, X } from "lucide-react";
import type { Game } from "@/contracts/games";
import { Button } from "@/client/components/ui/button";
import { plural } from "@/domain/plural";
import { isTheLock } from "../lock-view";
import { sideLabel, type Selection } from "../picks-view";

/** The bar held at the bottom of Make Picks: the selection so far, Clear and Submit Picks. */
export function PickSubmitBar({
  selections,
  lock,
  remaining,
  games,
  canPick,
  canSubmit,
  pending,
  onClear,
  onSubmit,
  submitButton,
}: {
  selections: Selection[];
  /** The selection made the lock of the week, if any. */
  lock: Selection | null;
  remaining: number;
  games: ReadonlyMap<string, Game>;
  canPick: boolean;
  canSubmit: boolean;
  pending: boolean;
  onClear: () => void;
  onSubmit: () => void;
  submitButton: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 border-t bg-background px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.15)] sm:-mx-6 sm:px-6 dark:shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.6)]">
      <div className="flex items-center gap-2 sm:gap-3">
        <div className="min-w-0 flex-1" aria-live="polite">
          <p className="text-sm font-semibold">
            {selections.length} of {plural(remaining, "pick")} selected
          </p>
          <p className="truncate text-xs text-muted-foreground">
            {selections.length
              ? selections
                  .map((s) => {
                    const game = games.get(s.gameId);
                    if (!game) return "";
                    const label = sideLabel(game, s.market, s.side);
                    return isTheLock(s, lock) ? `${label} (lock)` : label;
                  })
                  .join(" · ")
              : canPick
                ? "Tap a side on a game to select it."
                : "Picks open on your turn."}
          </p>
        </div>
        {selections.length ? (
          <Button
            variant="ghost"
            size="lg"
            className="px-3"
            onClick={onClear}
            disabled={pending}
            aria-label="Clear selection"
          >
            <X aria-hidden="true" />
            <span className="hidden sm:inline">Clear</span>
          </Button>
        ) : null}
        <Button ref={submitButton} size="lg" onClick={onSubmit} disabled={!canSubmit}>
          <Send aria-hidden="true" />
          Submit Picks
        </Button>
      </div>
    </div>
  );
}
