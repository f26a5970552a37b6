import { useId } from "react";
import { Plus, Trash2 } from "lucide-react";
import type { Round } from "@/contracts/contests";
import { MAX_ROUNDS, MAX_WEEK_PICKS, roundTotals } from "@/domain/rounds";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { addRound, removeRound, setRoundPicks } from "@/client/lib/rounds";

const picks = (count: number) => `${count} ${count === 1 ? "pick" : "picks"}`;

/**
 * The rounds of a contest's week: each round's picks for each player, rounds added (one pick each)
 * and removed (never the last one; the rest renumbered). Turns follow the rounds: the week's first
 * picker picks first in each round (domain/rounds.ts).
 */
export function RoundsEditor({
  value,
  onChange,
  player1Label,
  player2Label,
  invalid = false,
  describedBy,
}: {
  value: readonly Round[];
  onChange(rounds: Round[]): void;
  /** Who player 1 and player 2 are to the reader: "You" and "Opponent", or their names. */
  player1Label: string;
  player2Label: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const totals = roundTotals(value);
  return (
    <div className="space-y-3" role="group" aria-label="Rounds" aria-describedby={describedBy}>
      <ol className="space-y-2">
        {value.map((round, index) => (
          <li
            key={round.roundNumber}
            className="grid grid-cols-[auto_1fr_1fr_auto] items-end gap-2 rounded-md border p-2"
            aria-label={`Round ${round.roundNumber}`}
          >
            <span className="pb-2 text-sm font-medium tabular-nums">Round {round.roundNumber}</span>
            {(
              [
                ["player1Picks", player1Label],
                ["player2Picks", player2Label],
              ] as const
            ).map(([key, label]) => (
              <div key={key} className="space-y-1">
                <label htmlFor={`${id}-${index}-${key}`} className="text-xs text-muted-foreground">
                  {label}
                </label>
                <Input
                  id={`${id}-${index}-${key}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_WEEK_PICKS}
                  step={1}
                  aria-label={`Round ${round.roundNumber}: ${label} picks`}
                  aria-invalid={invalid || undefined}
                  value={round[key]}
                  onChange={(event) => onChange(setRoundPicks(value, index, key, Number(event.target.value)))}
                />
              </div>
            ))}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove round ${round.roundNumber}`}
              disabled={value.length <= 1}
              onClick={() => onChange(removeRound(value, index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Each week: {player1Label === "You" ? "you make" : `${player1Label} makes`} {picks(totals.player1)},{" "}
          {player2Label === "Opponent" ? "your opponent" : player2Label} {picks(totals.player2)}.
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={value.length >= MAX_ROUNDS}
          onClick={() => onChange(addRound(value))}
        >
          <Plus aria-hidden="true" /> Add Round
        </Button>
      </div>
    </div>
  );
}
