import type { Game } from "@/contracts/games";
import { weekName } from "@/domain/postseason";
import { groupByWeekday } from "@/client/lib/games";
import type { Draft } from "../score-entry";
import { ScoreCard, ScoreCardSkeleton } from "./score-card";

/** The week's score cards under their league days. */
export function ScoreGames({
  week,
  games,
  edits,
  saving,
  onEdit,
  onDiscard,
  onSave,
}: {
  week: number;
  games: Game[];
  edits: Record<string, Draft>;
  saving: ReadonlySet<string>;
  onEdit: (gameId: string, draft: Draft) => void;
  onDiscard: (gameId: string) => void;
  onSave: (game: Game) => void;
}) {
  return (
    <section aria-labelledby="score-entry-games" className="space-y-3">
      <h2 id="score-entry-games" className="text-lg font-semibold">
        {weekName(week)} Games
      </h2>
      {groupByWeekday(games).map(({ day, date, games: dayGames }) => (
        <section key={date} aria-labelledby={`score-day-${date}`} className="space-y-3">
          <h3 id={`score-day-${date}`} className="text-sm font-semibold text-muted-foreground">
            {day}
          </h3>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {dayGames.map((game) => (
              <ScoreCard
                key={game.id}
                game={game}
                draft={edits[game.id]}
                saving={saving.has(game.id)}
                onChange={(draft) => onEdit(game.id, draft)}
                onDiscard={() => onDiscard(game.id)}
                onSave={() => onSave(game)}
              />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}

/** Placeholder cards while the week's games load. */
export function ScoreGamesSkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-4 lg:grid-cols-2"
      aria-busy="true"
      role="status"
      aria-label="Loading games"
    >
      {Array.from({ length: 4 }, (_, index) => (
        <ScoreCardSkeleton key={index} />
      ))}
    </div>
  );
}
