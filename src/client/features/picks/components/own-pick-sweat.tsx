import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import { PickSweat } from "@/client/components/pick-sweat";
import { pickLabel } from "../picks-view";

/**
 * The player's own picks on a live game, each against the line it was made at: "Covering by 3.5
 * with 9:12 left in Q4"; named ("PHI -8.5: …") when they hold both markets of the game. `game` is
 * the week's game, which each live score patches in place.
 */
export function OwnPickSweat({ picks, game }: { picks: readonly MadePick[]; game: Game }) {
  if (game.status !== "live" || picks.length === 0) return null;
  const named = picks.length > 1;
  return (
    <div className="space-y-1" data-testid="own-pick-sweat">
      {picks.map((pick) => (
        <PickSweat key={pick.id} pick={pick} game={game} label={named ? pickLabel(pick) : undefined} />
      ))}
    </div>
  );
}
