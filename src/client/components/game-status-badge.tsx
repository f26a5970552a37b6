import type { Game, GameStatus } from "@/contracts/games";
import { gameProgressText } from "@/domain/game-status";
import { Badge } from "@/client/components/ui/badge";
import { cn } from "@/client/lib/utils";

type BadgeLook = { variant: "secondary" | "destructive" | "default" | "outline"; className?: string };

// SPEC.md section 4's colours (upcoming neutral, live alert, final default); a postponed game waits
// (outline), a canceled one is out of play (outline, muted and dashed).
const looks: Record<GameStatus, BadgeLook> = {
  upcoming: { variant: "secondary", className: "border-border" },
  live: { variant: "destructive", className: "tabular-nums" },
  final: { variant: "default" },
  postponed: { variant: "outline", className: "border-amber-500/60 text-amber-700 dark:text-amber-400" },
  canceled: { variant: "outline", className: "border-dashed text-muted-foreground" },
};

export type BadgeGame = Pick<Game, "status" | "period" | "clock" | "phase">;

/** A game's state as gameProgressText reads it ("Q2 6:52", "Halftime", "Final/OT", "Postponed"). */
export function GameStatusBadge({ game, className }: { game: BadgeGame; className?: string }) {
  const { variant, className: look } = looks[game.status];
  const text = gameProgressText(game) ?? "Upcoming";
  return (
    <Badge variant={variant} className={cn(look, className)}>
      {game.status === "live" ? (
        <>
          <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
          {/* The clock alone does not say the game is under way to a screen reader. */}
          {text === "Live" ? null : <span className="sr-only">Live: </span>}
        </>
      ) : null}
      {text}
    </Badge>
  );
}
