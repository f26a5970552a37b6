import { useId, useState } from "react";
import { Loader2, RefreshCw } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { toast } from "@/client/hooks/use-toast";
import { useSeason } from "@/client/lib/queries/season";
import { useSyncFeed } from "../api/sync-feed";
import { serverDate } from "@/client/lib/server-clock";
import { weekName } from "@/domain/postseason";
import {
  allWeeksLabel,
  seasonChoices,
  SYNC_WEEKS,
  syncBodyOf,
  syncFailedToast,
  syncToast,
  type WeekChoice,
} from "../feed-panel";

/** "Sync now": a season (the current one by default) and one week or all of them. */
export function SyncNowForm({ enabled }: { enabled: boolean }) {
  const seasonInfo = useSeason();
  const sync = useSyncFeed();
  const seasonId = useId();
  const weekId = useId();
  const current = seasonInfo.data?.season;
  const [chosenSeason, setChosenSeason] = useState<number | undefined>();
  const [week, setWeek] = useState<WeekChoice>("all");
  // Until the season calendar answers, the calendar year stands in (a failed season query must not block a sync).
  const season = chosenSeason ?? current ?? serverDate().getFullYear();
  const seasons = seasonChoices(current ?? season);

  const run = () =>
    sync.mutate(syncBodyOf(season, week, current), {
      onSuccess: (result) => toast(syncToast(result)),
      onError: (error) => toast(syncFailedToast(error)),
    });

  return (
    <div className="space-y-2">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[8rem_minmax(0,13rem)_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={seasonId}>Season</Label>
          <Select
            value={String(season)}
            onValueChange={(value) => setChosenSeason(Number(value))}
            disabled={seasonInfo.isPending}
          >
            <SelectTrigger id={seasonId} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {seasons.map((choice) => (
                <SelectItem key={choice} value={String(choice)}>
                  {choice}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={weekId}>Week</Label>
          <Select
            value={String(week)}
            onValueChange={(value) => setWeek(value === "all" ? "all" : Number(value))}
          >
            <SelectTrigger id={weekId} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-72">
              <SelectItem value="all">{allWeeksLabel(season, current)}</SelectItem>
              {SYNC_WEEKS.map((choice) => (
                <SelectItem key={choice} value={String(choice)}>
                  {weekName(choice)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button onClick={run} disabled={!enabled || sync.isPending} className="w-full sm:w-auto">
          {sync.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <RefreshCw aria-hidden="true" />
          )}
          {sync.isPending ? "Syncing..." : "Sync now"}
        </Button>
      </div>
      {enabled ? null : (
        <p className="text-xs text-muted-foreground">
          The data feed is off on this server (FEED_URL=off): Sync now is not available.
        </p>
      )}
    </div>
  );
}
