import { LoadErrorAlert } from "@/client/components/load-error-alert";
import { NoGamesCard } from "@/client/components/no-games-card";
import { PageHeader } from "@/client/components/page-header";
import { Badge } from "@/client/components/ui/badge";
import { Skeleton } from "@/client/components/ui/skeleton";
import { groupByWeekday } from "@/client/lib/games";
import { useWeekGames } from "@/client/lib/queries/games";
import { useSeason } from "@/client/lib/queries/season";
import { useWeekParam } from "@/client/hooks/use-week-param";
import { GameLineCard, GameLineCardSkeleton } from "./game-line-card";
import { WeekNavigator } from "./week-navigator";

// While a card's line history is open, its row's other cards keep their own height.
const CARD_GRID = "grid gap-3 sm:grid-cols-2 xl:grid-cols-3 has-[[data-state=open]]:items-start";

function LoadingWeek() {
  return (
    <div className="space-y-3" aria-busy="true" role="status" aria-label="Loading games">
      <Skeleton className="h-6 w-32" />
      <div className={CARD_GRID}>
        {Array.from({ length: 6 }, (_, index) => (
          <GameLineCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

/**
 * Read-only: a week's games by their league day (US Eastern) in the league's day order, each with
 * its lines.
 */
export default function GamesLinesPage() {
  const seasonInfo = useSeason();
  const [week, setWeek] = useWeekParam(seasonInfo.data?.currentWeek);
  const season = seasonInfo.data?.season;
  const games = useWeekGames(week ?? 0, season);

  const description = season
    ? `Spreads and totals for the ${season} season. Games are grouped by their day in US Eastern time; kickoff times are in your time zone.`
    : "Spreads and totals, week by week.";

  let body;
  if (seasonInfo.error)
    body = (
      <LoadErrorAlert
        title="Failed to fetch games"
        error={seasonInfo.error}
        onRetry={() => void seasonInfo.refetch()}
      />
    );
  else if (games.error)
    body = (
      <LoadErrorAlert
        title="Failed to fetch games"
        error={games.error}
        onRetry={() => void games.refetch()}
      />
    );
  else if (week === undefined || !games.data) body = <LoadingWeek />;
  else if (games.data.length === 0) body = <NoGamesCard week={week} />;
  else
    body = (
      <div className="space-y-8">
        {groupByWeekday(games.data).map(({ day, date, games: dayGames }) => (
          <section key={date} aria-labelledby={`day-${date}`} className="space-y-3">
            <div className="flex items-center gap-2">
              <h2 id={`day-${date}`} className="text-lg font-semibold">
                {day}
              </h2>
              <Badge variant="outline" className="text-muted-foreground">
                {dayGames.length} {dayGames.length === 1 ? "game" : "games"}
              </Badge>
            </div>
            <div className={CARD_GRID}>
              {dayGames.map((game) => (
                <GameLineCard key={game.id} game={game} />
              ))}
            </div>
          </section>
        ))}
      </div>
    );

  return (
    <div className="space-y-6">
      <PageHeader title="NFL Games & Lines" description={description} />
      {seasonInfo.data && week !== undefined ? (
        <WeekNavigator week={week} currentWeek={seasonInfo.data.currentWeek} onChange={setWeek} />
      ) : (
        <Skeleton className="h-14 w-full rounded-xl" />
      )}
      {body}
    </div>
  );
}
