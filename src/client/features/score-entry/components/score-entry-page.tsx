import { AlertCircle, ShieldAlert } from "lucide-react";
import { ConfirmFinalDialog } from "@/client/components/confirm-final-dialog";
import { NoGamesCard } from "@/client/components/no-games-card";
import { PageHeader } from "@/client/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { useScoreEntry } from "../use-score-entry";
import { ScoreEntryActions } from "./score-entry-actions";
import { ScoreGames, ScoreGamesSkeleton } from "./score-games";
import { ScoreWeekBar } from "./score-week-bar";

function ScoreEntry() {
  const entry = useScoreEntry();
  const { seasonInfo, week, games, list } = entry;

  let body;
  const error = seasonInfo.error ?? games.error;
  if (error)
    body = (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Failed to fetch games</AlertTitle>
        <AlertDescription>{errorMessage(error, "Please try again.")}</AlertDescription>
      </Alert>
    );
  else if (week === undefined || !games.data) body = <ScoreGamesSkeleton />;
  else if (list.length === 0) body = <NoGamesCard week={week} />;
  else
    body = (
      <ScoreGames
        week={week}
        games={list}
        edits={entry.edits}
        saving={entry.saving}
        onEdit={entry.edit}
        onDiscard={entry.discard}
        onSave={entry.saveCard}
      />
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Score Entry"
        description="Enter scores and status: saving a final grades its picks."
        actions={
          <ScoreEntryActions
            refreshing={games.isFetching}
            onRefresh={() => void games.refetch()}
            dirtyCount={entry.dirtyCount}
            canSave={!entry.busy && !entry.anyInvalid}
            onSaveAll={entry.saveAllChanges}
            scoring={entry.scoring}
            canScore={!entry.busy && Boolean(games.data)}
            onScore={entry.scoreFinalGames}
          />
        }
      />

      <ScoreWeekBar
        week={week}
        onWeekChange={entry.setWeek}
        currentWeek={seasonInfo.data?.currentWeek}
        season={seasonInfo.data?.season}
        counts={
          games.data ? { games: list.length, finals: entry.finalCount, unsaved: entry.dirtyCount } : null
        }
      />

      {body}
      <ConfirmFinalDialog games={entry.confirming} onCancel={entry.cancelConfirm} onConfirm={entry.confirm} />
    </div>
  );
}

/** Admins enter scores and status per game and grade the week's final games. */
export default function ScoreEntryPage() {
  const { user, isLoading } = useCurrentUser();
  if (user?.isAdmin) return <ScoreEntry />;
  return (
    <div className="space-y-6">
      <PageHeader title="Score Entry" />
      {isLoading ? (
        <Skeleton className="h-20 w-full" />
      ) : (
        <Alert variant="destructive">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>Admin access required</AlertTitle>
          <AlertDescription>Only administrators can enter scores and grade games.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
