import { useState } from "react";
import { CalendarClock, CalendarX2, Hourglass, Loader2, Send } from "lucide-react";
import type { Game } from "@/contracts/games";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { formatKickoff, formatSpread, formatTotal } from "@/client/lib/games";
import { cn } from "@/client/lib/utils";
import { weekPhrase } from "@/client/lib/week-names";
import { matchupOf } from "../picks-view";
import { timeToStart } from "../proposals-view";

/**
 * Choose a game of the week to propose as an extra game: upcoming, not started, not proposed yet,
 * each with its time to kickoff by the server's clock.
 */
export function ProposeGameDialog({
  open,
  onOpenChange,
  week,
  opponentName,
  games,
  now,
  pending,
  onSend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  week: number;
  opponentName: string;
  games: Game[];
  now: Date;
  pending: boolean;
  onSend: (game: Game) => void;
}) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  // A game that started (or was proposed) while the dialog was open drops out of the choice.
  const chosen = games.find((game) => game.id === chosenId) ?? null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) setChosenId(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="flex max-h-[90dvh] flex-col gap-4 sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Propose Additional Game</DialogTitle>
          <DialogDescription>
            Choose a game of {weekPhrase(week)} to add to your picks. If {opponentName} accepts, you each get
            one extra pick on it.
          </DialogDescription>
        </DialogHeader>

        {games.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-8 text-center">
            <CalendarX2 className="mb-3 size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-semibold">No Games Available</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Every game of this week has started, been proposed or been picked.
            </p>
          </div>
        ) : (
          <div
            role="radiogroup"
            aria-label={`Games of ${weekPhrase(week)}`}
            className="-mx-1 min-h-0 flex-1 space-y-2 overflow-y-auto px-1 py-1"
          >
            {games.map((game) => {
              const selected = game.id === chosen?.id;
              const spread = formatSpread(game);
              const total = formatTotal(game);
              return (
                <label
                  key={game.id}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                    selected ? "border-primary bg-primary/5" : "hover:bg-accent",
                  )}
                >
                  <input
                    type="radio"
                    name="proposed-game"
                    value={game.id}
                    checked={selected}
                    onChange={() => setChosenId(game.id)}
                    className="mt-1 size-4 shrink-0 accent-primary"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-semibold">{matchupOf(game)}</span>
                      <span className="flex items-center gap-1 text-xs font-medium text-primary tabular-nums">
                        <Hourglass className="size-3" aria-hidden="true" />
                        Starts in {timeToStart(game.gameDate, now) ?? "0m"}
                      </span>
                    </span>
                    <span className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                      <CalendarClock className="size-3 shrink-0" aria-hidden="true" />
                      {formatKickoff(game.gameDate)}
                    </span>
                    <span className="mt-0.5 block truncate text-xs text-muted-foreground">
                      {[spread, total ? `O/U ${total}` : null].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => chosen && onSend(chosen)} disabled={!chosen || pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            Send Proposal
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
