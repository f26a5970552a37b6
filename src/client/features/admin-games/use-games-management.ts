import { useMemo, useState } from "react";
import type { Game } from "@/contracts/games";
import { useAllGames } from "@/client/lib/queries/games";
import { useSeason } from "@/client/lib/queries/season";
import {
  defaultSeason,
  defaultWeekFilter,
  filterGames,
  latestSeason,
  seasonsIn,
  weeksIn,
  type WeekFilter,
} from "./games-admin";

/** All weeks together run to hundreds of games: they are shown a page at a time. */
export const PAGE_SIZE = 50;

/** Games Management's list: the season and week shown, the page of games, the game being edited. */
export function useGamesManagement() {
  const games = useAllGames();
  const season = useSeason();
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
  // Until the admin picks a week, the current week is shown (or every week when it has no games).
  const onCurrentSeason = shownSeason === season.data?.season;
  const filter =
    chosenFilter ?? defaultWeekFilter(weeks, onCurrentSeason ? season.data?.currentWeek : undefined);
  const filtered = useMemo(() => filterGames(ofSeason, filter), [ofSeason, filter]);

  const chooseFilter = (next: WeekFilter) => {
    setChosenFilter(next);
    setShown(PAGE_SIZE);
  };

  return {
    settling: games.isPending || season.isPending,
    failed: games.isError,
    /** The season new games are added to. */
    addSeason: season.data?.season ?? latestSeason(all),
    seasons,
    shownSeason,
    chooseSeason: (year: number) => {
      setChosenSeason(year);
      chooseFilter("all");
    },
    filter,
    // The week shown is always one of the choices, also when it has no games (left).
    weekChoices:
      filter === "all" || weeks.includes(filter) ? weeks : [...weeks, filter].sort((a, b) => a - b),
    chooseFilter,
    filtered,
    visible: filter === "all" ? filtered.slice(0, shown) : filtered,
    showMore: () => setShown((count) => count + PAGE_SIZE),
    edit: { game: editing, open: editOpen, onOpenChange: setEditOpen },
    remove: { game: deleting, open: deleteOpen, onOpenChange: setDeleteOpen },
    onEdit: (game: Game) => {
      setEditing(game);
      setEditOpen(true);
    },
    onDelete: (game: Game) => {
      setDeleting(game);
      setDeleteOpen(true);
    },
  };
}
