import { useState } from "react";
import { AlertTriangle, CalendarCheck, CheckCircle2, Loader2, RefreshCw } from "lucide-react";
import { Link } from "wouter";
import { PanelTitle } from "@/client/components/panel-title";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { queryClient } from "@/client/lib/query-client";
import { seasonKey, seasonStatusKey, useSeasonStatus } from "@/client/lib/queries/season";
import { weekPhraseStart } from "@/client/lib/week-names";
import { useFeedStatus } from "../api/get-feed-status";
import { useSyncFeed } from "../api/sync-feed";
import { syncFailedToast, syncToast } from "../feed-panel";
import { seasonNeeds, type NeedAction, type SeasonNeed } from "../season-needs";
import { SystemConfigDialog } from "./system-config-dialog";

function SyncButton({ action }: { action: Extract<NeedAction, { kind: "sync" }> }) {
  const sync = useSyncFeed();
  const run = () =>
    sync.mutate(action.body, {
      onSuccess: (result) => toast(syncToast(result)),
      onError: (error) => toast(syncFailedToast(error)),
      // A new schedule can move the season on the clock.
      onSettled: () =>
        Promise.all(
          [seasonKey, seasonStatusKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        ),
    });
  return (
    <Button size="sm" onClick={run} disabled={sync.isPending}>
      {sync.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <RefreshCw aria-hidden="true" />
      )}
      {sync.isPending ? "Syncing..." : action.label}
    </Button>
  );
}

function Need({ need, onConfigure }: { need: SeasonNeed; onConfigure(): void }) {
  return (
    <li className="space-y-2 rounded-lg border border-amber-500/40 bg-amber-500/5 p-3">
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        <span>{need.text}</span>
      </p>
      <div className="flex flex-wrap gap-2 pl-6">
        {need.actions.map((action) =>
          action.kind === "sync" ? (
            <SyncButton key={action.label} action={action} />
          ) : action.kind === "link" ? (
            <Button key={action.label} asChild size="sm" variant="outline">
              <Link href={action.href}>{action.label}</Link>
            </Button>
          ) : (
            <Button key={action.label} size="sm" variant="outline" onClick={onConfigure}>
              {action.label}
            </Button>
          ),
        )}
      </div>
    </li>
  );
}

/** What the season on the clock still lacks (schedule, lines, results), with what fixes each. */
export function SeasonStatusCard() {
  const status = useSeasonStatus();
  const feed = useFeedStatus();
  const [configuring, setConfiguring] = useState(false);
  const data = status.data;
  const needs = data ? seasonNeeds(data, feed.data?.enabled ?? false) : [];
  return (
    <Card className="gap-4" role="region" aria-labelledby="season-status-title">
      <CardHeader>
        <PanelTitle icon={CalendarCheck} id="season-status-title">
          {data ? `Season ${data.season}` : "Season"}
        </PanelTitle>
        <CardDescription>
          {data
            ? `${weekPhraseStart(data.currentWeek)} on the clock: what the season still needs.`
            : "What the season on the clock still needs."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isLoading ? (
          <div className="space-y-2" aria-busy="true" role="status" aria-label="Loading the season">
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-8 w-40" />
          </div>
        ) : status.error ? (
          <p className="text-sm text-destructive">
            {errorMessage(status.error, "Failed to load the season.")}
          </p>
        ) : needs.length === 0 ? (
          <p className="flex items-center gap-2 text-sm">
            <CheckCircle2 className="size-4 shrink-0 text-green-600" aria-hidden="true" />
            Nothing is missing: the schedule, the lines and the results are in.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Missing for the season">
            {needs.map((need) => (
              <Need key={need.id} need={need} onConfigure={() => setConfiguring(true)} />
            ))}
          </ul>
        )}
      </CardContent>
      <SystemConfigDialog open={configuring} onOpenChange={setConfiguring} />
    </Card>
  );
}
