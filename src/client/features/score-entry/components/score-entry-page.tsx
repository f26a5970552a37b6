import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, CalendarX2, Loader2, RefreshCw, Save, ShieldAlert, Trophy } from "lucide-react";
import type { Game } from "@/contracts/games";
import { ConfirmFinalDialog } from "@/client/components/confirm-final-dialog";
import { PageHeader } from "@/client/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Skeleton } from "@/client/components/ui/skeleton";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { groupByWeekday } from "@/client/lib/games";
import { isFinalBeforeKickoff } from "@/client/lib/final-before-kickoff";
import { plural } from "@/domain/plural";
import { serverNow } from "@/client/lib/server-clock";
import { useCurrentUser } from "@/client/lib/queries/current-user";
import { scoreGame, useUpdateGame, useWeekGames } from "@/client/lib/queries/games";
import { useSeason } from "@/client/lib/queries/season";
import { isDirty, parseDraft, sameDraft, scoringToast, type Draft } from "../score-entry";
import { useWeekParam, WEEKS } from "@/client/hooks/use-week-param";
import { ScoreCard, ScoreCardSkeleton } from "./score-card";

const SAVED = {
  title: "Game Updated",
  description: "Game scores and status have been updated successfully.",
};
const saveFailed = (error: unknown) => ({
  title: "Error",
  description: errorMessage(error, "Failed to update game"),
  variant: "destructive" as const,
});

const withoutKey = <T,>(record: Record<string, T>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([id]) => id !== key));

function ScoreEntry() {
  const queryClient = useQueryClient();
  const seasonInfo = useSeason();
  const [week, setWeek] = useWeekParam(seasonInfo.data?.currentWeek);
  const season = seasonInfo.data?.season;
  const games = useWeekGames(week ?? 0, season);
  const updateGame = useUpdateGame();

  // Edits live per game id, so switching weeks and back keeps them.
  const [edits, setEdits] = useState<Record<string, Draft>>({});
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [scoring, setScoring] = useState(false);
  // Saves waiting for the admin to confirm finals ahead of their kickoff.
  const [confirming, setConfirming] = useState<{ games: Game[]; proceed: () => void } | null>(null);

  const list = [...(games.data ?? [])].sort((a, b) => a.gameDate.localeCompare(b.gameDate));
  const dirty = list.flatMap((game) => {
    const draft = edits[game.id];
    return draft && isDirty(game, draft) ? [{ game, draft }] : [];
  });
  const anyInvalid = dirty.some(({ draft }) => !parseDraft(draft).ok);
  const finalCount = list.filter((game) => game.status === "final").length;

  // A reload or a closed tab would lose typed scores: ask first.
  const hasDirty = dirty.length > 0;
  useEffect(() => {
    if (!hasDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [hasDirty]);

  const markSaving = (ids: string[], on: boolean) =>
    setSaving((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  /** The games among these that a save would make final before their kickoff. */
  const earlyFinals = (edited: { game: Game; draft: Draft }[]) =>
    edited
      .filter(({ game, draft }) =>
        isFinalBeforeKickoff(game, { status: draft.status, gameDate: game.gameDate }, serverNow()),
      )
      .map(({ game }) => game);

  /** Runs a save at once, or once the admin confirmed the finals it makes before their kickoff. */
  function withConfirmation(edited: { game: Game; draft: Draft }[], run: (confirmed: boolean) => void) {
    const early = earlyFinals(edited);
    if (early.length === 0) run(false);
    else setConfirming({ games: early, proceed: () => run(true) });
  }

  /**
   * Saves one card (a final is graded as it is saved); its edit is dropped once saved, unless the
   * admin typed more meanwhile.
   */
  async function save(game: Game, draft: Draft, confirmed = false) {
    const parsed = parseDraft(draft);
    if (!parsed.ok) throw new Error(parsed.message);
    await updateGame.mutateAsync({
      id: game.id,
      ...parsed.body,
      ...(confirmed && { confirmFinalBeforeKickoff: true }),
    });
    setEdits((previous) => {
      const current = previous[game.id];
      return current && sameDraft(current, draft) ? withoutKey(previous, game.id) : previous;
    });
  }

  async function saveGame(game: Game, draft: Draft, confirmed: boolean) {
    markSaving([game.id], true);
    try {
      await save(game, draft, confirmed);
      toast(SAVED);
    } catch (error) {
      toast(saveFailed(error));
    } finally {
      markSaving([game.id], false);
    }
  }

  async function saveAll(edited: { game: Game; draft: Draft }[], confirmed: boolean) {
    const ids = edited.map(({ game }) => game.id);
    markSaving(ids, true);
    const outcomes = await Promise.allSettled(edited.map(({ game, draft }) => save(game, draft, confirmed)));
    markSaving(ids, false);
    const failure = outcomes.find((outcome) => outcome.status === "rejected");
    toast(failure ? saveFailed(failure.reason) : SAVED);
  }

  async function scoreFinalGames() {
    const finals = list.filter((game) => game.status === "final");
    if (finals.length === 0) {
      toast(scoringToast([]));
      return;
    }
    setScoring(true);
    const outcomes = await Promise.allSettled(finals.map((game) => scoreGame(game.id)));
    setScoring(false);
    toast(scoringToast(outcomes));
    // Grading changes picks, weekly results and standings: refetch whatever is shown.
    void queryClient.invalidateQueries();
  }

  const busy = saving.size > 0 || scoring;
  // One row from lg up, so the header does not squeeze them under each other.
  const actions = (
    <div className="flex flex-wrap gap-2 lg:flex-nowrap">
      <Button variant="outline" onClick={() => void games.refetch()} disabled={games.isFetching}>
        <RefreshCw className={games.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
        Refresh
      </Button>
      {dirty.length > 0 ? (
        <Button
          onClick={() => withConfirmation(dirty, (confirmed) => void saveAll(dirty, confirmed))}
          disabled={busy || anyInvalid}
        >
          <Save aria-hidden="true" />
          Save All Changes
          <Badge variant="secondary" className="ml-0.5 px-1.5" aria-hidden="true">
            {dirty.length}
          </Badge>
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => void scoreFinalGames()} disabled={busy || !games.data}>
        {scoring ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trophy aria-hidden="true" />}
        Score Final Games
      </Button>
    </div>
  );

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
  else if (week === undefined || !games.data)
    body = (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy="true" aria-label="Loading games">
        {Array.from({ length: 4 }, (_, index) => (
          <ScoreCardSkeleton key={index} />
        ))}
      </div>
    );
  else if (list.length === 0)
    body = (
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
  else
    body = (
      <section aria-labelledby="score-entry-games" className="space-y-3">
        <h2 id="score-entry-games" className="text-lg font-semibold">
          Week {week} Games
        </h2>
        {groupByWeekday(list).map(({ day, date, games: dayGames }) => (
          <section key={date} aria-labelledby={`score-day-${date}`} className="space-y-3">
            <h3 id={`score-day-${date}`} className="text-sm font-semibold text-muted-foreground">
              {day}
            </h3>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {dayGames.map((game) => (
                <ScoreCard
                  key={game.id}
                  game={game}
                  draft={edits[game.id]}
                  saving={saving.has(game.id)}
                  onChange={(draft) => setEdits((previous) => ({ ...previous, [game.id]: draft }))}
                  onDiscard={() => setEdits((previous) => withoutKey(previous, game.id))}
                  onSave={() => {
                    const draft = edits[game.id];
                    if (draft)
                      withConfirmation(
                        [{ game, draft }],
                        (confirmed) => void saveGame(game, draft, confirmed),
                      );
                  }}
                />
              ))}
            </div>
          </section>
        ))}
      </section>
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Score Entry"
        description="Enter scores and status: saving a final grades its picks."
        actions={actions}
      />

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card px-3 py-2.5 shadow-xs">
        <div className="flex items-center gap-2">
          <Label htmlFor="score-entry-week">Week</Label>
          {week !== undefined ? (
            <Select value={String(week)} onValueChange={(value) => setWeek(Number(value))}>
              <SelectTrigger id="score-entry-week" className="w-32">
                <SelectValue>Week {week}</SelectValue>
              </SelectTrigger>
              <SelectContent>
                {WEEKS.map((option) => (
                  <SelectItem key={option} value={String(option)}>
                    Week {option}
                    {option === seasonInfo.data?.currentWeek ? (
                      <span className="text-xs text-muted-foreground">(current)</span>
                    ) : null}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : (
            <Skeleton className="h-9 w-32" />
          )}
        </div>
        {season ? <span className="text-sm text-muted-foreground">Season {season}</span> : null}
        {week !== undefined && week === seasonInfo.data?.currentWeek ? <Badge>Current</Badge> : null}
        {games.data ? (
          <span className="text-sm text-muted-foreground sm:ml-auto">
            {plural(list.length, "game")} · {finalCount} final
            {dirty.length > 0 ? ` · ${dirty.length} unsaved` : ""}
          </span>
        ) : null}
      </div>

      {body}
      <ConfirmFinalDialog
        games={confirming?.games ?? []}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          confirming?.proceed();
          setConfirming(null);
        }}
      />
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
