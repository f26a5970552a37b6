import type { Game } from "@/contracts/games";
import { Badge } from "@/client/components/ui/badge";
import { gameCountLabel } from "../picks-view";
import { PickGameCard, type PickGameCardProps } from "./pick-game-card";

const CARD_GRID = "grid gap-3 sm:grid-cols-2 xl:grid-cols-3";

/** The week's game cards under their league days; `size` is the day's full count of games. */
export function PickDayGroups({
  groups,
  cardOf,
}: {
  groups: { day: string; date: string; games: Game[]; size: number }[];
  cardOf: (game: Game) => PickGameCardProps;
}) {
  return (
    <div className="space-y-8">
      {groups.map(({ day, date, games, size }) => (
        <section key={date} aria-labelledby={`picks-day-${date}`} className="space-y-3">
          <div className="flex items-center gap-2">
            <h2 id={`picks-day-${date}`} className="text-lg font-semibold">
              {day}
            </h2>
            <Badge variant="outline" className="text-muted-foreground">
              {gameCountLabel(size)}
            </Badge>
          </div>
          <div className={CARD_GRID}>
            {games.map((game) => (
              <PickGameCard key={game.id} {...cardOf(game)} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
