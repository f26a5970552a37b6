import { AlertCircle, CalendarX2 } from "lucide-react";
import { PageHeader } from "@/client/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { groupByWeekday } from "@/client/lib/games";
import { useWeekGames } from "@/client/lib/queries/games";
import { useSeason } from "@/client/lib/queries/season";
import { useWeekParam } from "@/client/hooks/use-week-param";
import { GameLineCard, GameLineCardSkeleton } from "./game-line-card";
import { WeekNavigator } from "./week-navigator";

const CARD_GRID = "grid gap-3 sm:grid-cols-2 xl:grid-cols-3";

function LoadingWeek() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading games">
      <Skeleton className="h-6 w-32" />
      <div className={CARD_GRID}>
        {Array.from({ length: 6 }, (_, index) => (
          <GameLineCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

function NoGames({ week }: { week: number }) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center px-6 py-10 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted">
          <CalendarX2 className="size-6 text-muted-foreground" aria-hidden="true" />
        </div>
        <h2 className="text-lg font-semibold">No Games Scheduled</h2>
        <p className="mt-1 text-sm text-muted-foreground">There are no games scheduled for Week {week}.</p>
      </CardContent>
    </Card>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>Failed to fetch games</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(error, "Please try again.")}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** Read-only: a week's games by their league day (US Eastern) in SPEC's day order, each with its lines. */
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
    body = <LoadError error={seasonInfo.error} onRetry={() => void seasonInfo.refetch()} />;
  else if (games.error) body = <LoadError error={games.error} onRetry={() => void games.refetch()} />;
  else if (week === undefined || !games.data) body = <LoadingWeek />;
  else if (games.data.length === 0) body = <NoGames week={week} />;
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
