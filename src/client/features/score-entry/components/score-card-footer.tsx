import { Loader2, Save, Undo2 } from "lucide-react";
import type { Game } from "@/contracts/games";
import { Button } from "@/client/components/ui/button";
import { CardFooter } from "@/client/components/ui/card";

/** What is saved of a game's score (or that an edit is not), with Discard and Save Game. */
export function ScoreCardFooter({
  game,
  dirty,
  canSave,
  saving,
  onSave,
  onDiscard,
}: {
  game: Game;
  dirty: boolean;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  return (
    <CardFooter className="flex-wrap justify-between gap-2 px-4">
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {dirty ? (
          <span className="font-medium text-primary">Unsaved changes</span>
        ) : game.homeScore !== null && game.awayScore !== null ? (
          `Saved: ${game.awayTeam} ${game.awayScore} – ${game.homeTeam} ${game.homeScore}`
        ) : (
          "No score yet"
        )}
      </p>
      <div className="ml-auto flex gap-2">
        {dirty ? (
          <Button variant="ghost" size="sm" onClick={onDiscard} disabled={saving}>
            <Undo2 aria-hidden="true" />
            Discard
          </Button>
        ) : null}
        <Button size="sm" variant={dirty ? "default" : "outline"} onClick={onSave} disabled={!canSave}>
          {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          Save Game
        </Button>
      </div>
    </CardFooter>
  );
}
