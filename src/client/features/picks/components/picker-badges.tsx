import { Ticket } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import type { RoundsTurn } from "../picks-view";

/** The header's badges: the round of a week of custom rounds, and which picker the viewer is. */
export function PickerBadges({
  rounds,
  isFirstPicker,
}: {
  /** The week's rounds when it has more than one. */
  rounds: RoundsTurn | null;
  /** Null when the viewer is not one of the contest's players. */
  isFirstPicker: boolean | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {rounds ? (
        <Badge variant="outline" className="h-7 px-3 text-sm">
          Round {rounds.currentRound} of {rounds.rounds.length}
        </Badge>
      ) : null}
      {isFirstPicker === null ? null : (
        <Badge
          variant={isFirstPicker ? "default" : "secondary"}
          className="h-7 px-3 text-sm"
          aria-label={isFirstPicker ? "You are the First Picker" : "You are the Second Picker"}
        >
          <Ticket aria-hidden="true" />
          {isFirstPicker ? "First Picker" : "Second Picker"}
        </Badge>
      )}
    </div>
  );
}
