import { useId, useMemo, useState } from "react";
import type { Game } from "@/contracts/games";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useAllGames } from "@/client/lib/queries/games";
import { useSeason } from "@/client/lib/queries/season";
import {
  defaultSeason,
  defaultWeekFilter,
  emptyGamesMessage,
  filterGames,
  latestSeason,
  seasonsIn,
  weeksIn,
  type WeekFilter,
} from "../games-admin";
import { AddGameCard } from "./add-game-card";
import { DeleteGameDialog } from "./delete-game-dialog";
import { EditGameDialog } from "./edit-game-dialog";
import { GamesList } from "./games-list";
import { ImportCsvCard } from "./import-csv-card";
import { plural } from "@/domain/plural";

/** All weeks together run to hundreds of games: they are shown a page at a time. */
const PAGE_SIZE = 50;

export default function GamesManagementPage() {
  const games = useAllGames();
  const season = useSeason();
  const filterId = useId();
  const seasonId = useId();
  const [chosenSeason, setChosenSeason] = useState<number | undefined>();
  const [chosenFilter, setChosenFilter] = useState<WeekFilter | undefined>();
  const [shown, setShown] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<Game | undefined>();
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<Game | undefined>();
  const [deleteOpen, setDeleteOpen] = useState(false);

  const all = useMemo(() => games.data ?? [], [games.data]);
  // One season at a time (a week number means nothing across seasons): the current one first.
  const seasons = useMemo(() => seasonsIn(all), [all]);
  const shownSeason = chosenSeason ?? defaultSeason(seasons, season.data?.season);
  const ofSeason = useMemo(() => all.filter((game) => game.season === shownSeason), [all, shownSeason]);
  const weeks = useMemo(() => weeksIn(ofSeason), [ofSeason]);
  const settling = games.isPending || season.isPending;
  // Until the admin picks a week, the current week is shown (or every week when it has no games).
  const onCurrentSeason = shownSeason === season.data?.season;
  const filter =
    chosenFilter ?? defaultWeekFilter(weeks, onCurrentSeason ? season.data?.currentWeek : undefined);
  const filtered = useMemo(() => filterGames(ofSeason, filter), [ofSeason, filter]);
  const visible = filter === "all" ? filtered.slice(0, shown) : filtered;
  const choices =
    filter === "all" || weeks.includes(filter) ? weeks : [...weeks, filter].sort((a, b) => a - b);

  const chooseFilter = (next: WeekFilter) => {
    setChosenFilter(next);
    setShown(PAGE_SIZE);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Games Management"
        description="Add games one by one or import a season from CSV, then keep lines and results up to date."
      />

      <ImportCsvCard />

      <AddGameCard
        season={season.data?.season ?? latestSeason(all)}
        onAdded={(game) => {
          if (filter !== "all") chooseFilter(game.week);
        }}
      />

      <Card className="gap-4">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>
              <h2 className="text-lg">Games</h2>
            </CardTitle>
            <CardDescription aria-live="polite">
              {settling
                ? "Loading games..."
                : `${filtered.length} ${filtered.length === 1 ? "game" : "games"} ${
                    filter === "all" ? "in all weeks" : `in Week ${filter}`
                  }`}
            </CardDescription>
          </div>
          <div className="flex gap-3">
            {seasons.length > 1 ? (
              <div className="grid gap-2 sm:w-32">
                <Label htmlFor={seasonId}>Season</Label>
                <Select
                  value={String(shownSeason)}
                  onValueChange={(value) => {
                    setChosenSeason(Number(value));
                    chooseFilter("all");
                  }}
                  disabled={settling}
                >
                  <SelectTrigger id={seasonId} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {seasons.map((year) => (
                      <SelectItem key={year} value={String(year)}>
                        {year}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ) : null}
            <div className="grid gap-2 sm:w-44">
              <Label htmlFor={filterId}>Week</Label>
              <Select
                value={String(filter)}
                onValueChange={(value) => chooseFilter(value === "all" ? "all" : Number(value))}
                disabled={settling}
              >
                <SelectTrigger id={filterId} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent className="max-h-72">
                  <SelectItem value="all">All Weeks</SelectItem>
                  {choices.map((week) => (
                    <SelectItem key={week} value={String(week)}>
                      Week {week}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
        </CardHeader>
        <CardContent className="px-2 sm:px-4">
          {settling ? (
            <div className="grid gap-3 p-2" aria-label="Loading games">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} className="h-12 w-full" />
              ))}
            </div>
          ) : games.isError ? (
            <p className="px-2 py-8 text-center text-sm text-destructive" role="alert">
              Failed to fetch games
            </p>
          ) : filtered.length === 0 ? (
            <p className="px-2 py-8 text-center text-sm text-muted-foreground">{emptyGamesMessage(filter)}</p>
          ) : (
            <>
              <GamesList
                games={visible}
                actions={{
                  onEdit: (game) => {
                    setEditing(game);
                    setEditOpen(true);
                  },
                  onDelete: (game) => {
                    setDeleting(game);
                    setDeleteOpen(true);
                  },
                }}
              />
              {visible.length < filtered.length ? (
                <div className="flex flex-col items-center gap-2 border-t pt-4 text-sm text-muted-foreground">
                  <span>
                    Showing {visible.length} of {plural(filtered.length, "game")}
                  </span>
                  <Button variant="outline" onClick={() => setShown((count) => count + PAGE_SIZE)}>
                    Show {Math.min(PAGE_SIZE, filtered.length - visible.length)} more
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>

      <EditGameDialog game={editing} open={editOpen} onOpenChange={setEditOpen} />
      <DeleteGameDialog game={deleting} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </div>
  );
}
