import type { ReactNode } from "react";
import type { Game } from "@/contracts/games";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { weekPhrase } from "@/client/lib/week-names";
import { plural } from "@/domain/plural";
import { emptyGamesMessage, type WeekFilter } from "../games-admin";
import { PAGE_SIZE } from "../use-games-management";
import { GamesList, type GameActions } from "./games-list";

interface GamesCardBodyProps {
  failed: boolean;
  filter: WeekFilter;
  /** The games of the season and week chosen. */
  filtered: Game[];
  /** The page of them shown. */
  visible: Game[];
  actions: GameActions;
  onShowMore: () => void;
}

/** The listed games: a page of them with "Show more", or why there are none. */
function GamesCardBody({ failed, filter, filtered, visible, actions, onShowMore }: GamesCardBodyProps) {
  if (failed) {
    return (
      <p className="px-2 py-8 text-center text-sm text-destructive" role="alert">
        Failed to fetch games
      </p>
    );
  }
  if (filtered.length === 0) {
    return <p className="px-2 py-8 text-center text-sm text-muted-foreground">{emptyGamesMessage(filter)}</p>;
  }
  return (
    <>
      <GamesList games={visible} actions={actions} />
      {visible.length < filtered.length ? (
        <div className="flex flex-col items-center gap-2 border-t pt-4 text-sm text-muted-foreground">
          <span>
            Showing {visible.length} of {plural(filtered.length, "game")}
          </span>
          <Button variant="outline" onClick={onShowMore}>
            Show {Math.min(PAGE_SIZE, filtered.length - visible.length)} more
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** "Games": the season's games of the week chosen (or of all weeks), with their edit and delete. */
export function GamesCard({
  settling,
  filters,
  ...body
}: GamesCardBodyProps & {
  /** Until the games and the season are known, the list is a placeholder. */
  settling: boolean;
  filters: ReactNode;
}) {
  const { filter, filtered } = body;
  return (
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
                  filter === "all" ? "in all weeks" : `in ${weekPhrase(filter)}`
                }`}
          </CardDescription>
        </div>
        {filters}
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        {settling ? (
          <div className="grid gap-3 p-2" role="status" aria-label="Loading games">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-12 w-full" />
            ))}
          </div>
        ) : (
          <GamesCardBody {...body} />
        )}
      </CardContent>
    </Card>
  );
}
