import { Badge } from "@/client/components/ui/badge";
import { Label } from "@/client/components/ui/label";
import { Select, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Skeleton } from "@/client/components/ui/skeleton";
import { WeekOptions } from "@/client/components/week-options";
import { plural } from "@/domain/plural";
import { weekName } from "@/domain/postseason";

/** The week chooser over Score Entry's cards, with the week's counts once its games are loaded. */
export function ScoreWeekBar({
  week,
  onWeekChange,
  currentWeek,
  season,
  counts,
}: {
  /** Undefined until the season says which week is current. */
  week: number | undefined;
  onWeekChange: (week: number) => void;
  currentWeek: number | undefined;
  season: number | undefined;
  counts: { games: number; finals: number; unsaved: number } | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card px-3 py-2.5 shadow-xs">
      <div className="flex items-center gap-2">
        <Label htmlFor="score-entry-week">Week</Label>
        {week !== undefined ? (
          <Select value={String(week)} onValueChange={(value) => onWeekChange(Number(value))}>
            <SelectTrigger id="score-entry-week" className="w-auto min-w-32">
              <SelectValue>{weekName(week)}</SelectValue>
            </SelectTrigger>
            <WeekOptions currentWeek={currentWeek} />
          </Select>
        ) : (
          <Skeleton className="h-9 w-32" />
        )}
      </div>
      {season ? <span className="text-sm text-muted-foreground">Season {season}</span> : null}
      {week !== undefined && week === currentWeek ? <Badge>Current</Badge> : null}
      {counts ? (
        <span className="text-sm text-muted-foreground sm:ml-auto">
          {plural(counts.games, "game")} · {counts.finals} final
          {counts.unsaved > 0 ? ` · ${counts.unsaved} unsaved` : ""}
        </span>
      ) : null}
    </div>
  );
}
