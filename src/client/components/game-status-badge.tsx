import { useSyncExternalStore } from "react";
import type { Game, GameStatus } from "@/contracts/games";
import { gameProgressText } from "@/domain/game-status";
import { awaitingResult } from "@/domain/season-gaps";
import { Badge } from "@/client/components/ui/badge";
import { serverNow, serverOffset, subscribeServerClock } from "@/client/lib/server-clock";
import { cn } from "@/client/lib/utils";

type BadgeLook = { variant: "secondary" | "destructive" | "default" | "outline"; className?: string };

// The badge's colours (docs/rules.md, "Games, lines and scores": upcoming neutral, live alert, final default); a postponed game waits
// (outline), a canceled one is out of play (outline, muted and dashed).
const looks: Record<GameStatus, BadgeLook> = {
  upcoming: { variant: "secondary", className: "border-border" },
  live: { variant: "destructive", className: "tabular-nums" },
  final: { variant: "default" },
  postponed: { variant: "outline", className: "border-amber-500/60 text-amber-700 dark:text-amber-400" },
  canceled: { variant: "outline", className: "border-dashed text-muted-foreground" },
};

// An upcoming game whose kickoff has passed is not upcoming: its result has not come in yet.
const AWAITING: BadgeLook = {
  variant: "outline",
  className: "border-amber-500/60 bg-amber-500/10 text-amber-800 dark:text-amber-300",
};

export type BadgeGame = Pick<Game, "status" | "period" | "clock" | "phase" | "gameDate">;

/**
 * A game's state as gameProgressText reads it ("Q2 6:52", "Halftime", "Final/OT", "Postponed");
 * "Upcoming" before its kickoff by the server's clock, "Awaiting result" after it.
 */
export function GameStatusBadge({ game, className }: { game: BadgeGame; className?: string }) {
  // Rendered again once the server's clock is known (a replay's clock may be months away).
  useSyncExternalStore(subscribeServerClock, serverOffset, serverOffset);
  const awaiting = awaitingResult(game, serverNow());
  const { variant, className: look } = awaiting ? AWAITING : looks[game.status];
  const text = gameProgressText(game) ?? (awaiting ? "Awaiting result" : "Upcoming");
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
