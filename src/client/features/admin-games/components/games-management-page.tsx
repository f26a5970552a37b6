import { PageHeader } from "@/client/components/page-header";
import { useGamesManagement } from "../use-games-management";
import { AddGameCard } from "./add-game-card";
import { DeleteGameDialog } from "./delete-game-dialog";
import { EditGameDialog } from "./edit-game-dialog";
import { GamesCard } from "./games-card";
import { GamesFilters } from "./games-filters";
import { ImportCsvCard } from "./import-csv-card";

export default function GamesManagementPage() {
  const games = useGamesManagement();
  const { filter, chooseFilter } = games;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Games Management"
        description="Add games one by one or import a season from CSV, then keep lines and results up to date."
      />

      <ImportCsvCard />

      <AddGameCard
        season={games.addSeason}
        onAdded={(game) => {
          if (filter !== "all") chooseFilter(game.week);
        }}
      />

      <GamesCard
        settling={games.settling}
        failed={games.failed}
        filter={filter}
        filtered={games.filtered}
        visible={games.visible}
        actions={{ onEdit: games.onEdit, onDelete: games.onDelete }}
        onShowMore={games.showMore}
        filters={
          <GamesFilters
            seasons={games.seasons}
            season={games.shownSeason}
            onSeasonChange={games.chooseSeason}
            filter={filter}
            weeks={games.weekChoices}
            onFilterChange={chooseFilter}
            disabled={games.settling}
          />
        }
      />

      <EditGameDialog {...games.edit} />
      <DeleteGameDialog {...games.remove} />
    </div>
  );
}
