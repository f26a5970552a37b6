import { Loader2, RefreshCw, Save, Trophy } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";

/** Score Entry's header buttons: refresh the week, save every unsaved card, grade the finals. */
export function ScoreEntryActions({
  refreshing,
  onRefresh,
  dirtyCount,
  canSave,
  onSaveAll,
  scoring,
  canScore,
  onScore,
}: {
  refreshing: boolean;
  onRefresh: () => void;
  /** Cards with unsaved edits. */
  dirtyCount: number;
  canSave: boolean;
  onSaveAll: () => void;
  scoring: boolean;
  canScore: boolean;
  onScore: () => void;
}) {
  // One row from lg up, so the header does not squeeze them under each other.
  return (
    <div className="flex flex-wrap gap-2 lg:flex-nowrap">
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw className={refreshing ? "animate-spin" : undefined} aria-hidden="true" />
        Refresh
      </Button>
      {dirtyCount > 0 ? (
        <Button onClick={onSaveAll} disabled={!canSave}>
          <Save aria-hidden="true" />
          Save All Changes
          <Badge variant="secondary" className="ml-0.5 px-1.5" aria-hidden="true">
            {dirtyCount}
          </Badge>
        </Button>
      ) : null}
      <Button variant="secondary" onClick={onScore} disabled={!canScore}>
        {scoring ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trophy aria-hidden="true" />}
        Score Final Games
      </Button>
    </div>
  );
}
