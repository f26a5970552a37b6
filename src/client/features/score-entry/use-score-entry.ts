import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Game } from "@/contracts/games";
import { useWeekParam } from "@/client/hooks/use-week-param";
import { toast } from "@/client/hooks/use-toast";
import { errorMessage } from "@/client/lib/api";
import { isFinalBeforeKickoff } from "@/client/lib/final-before-kickoff";
import { scoreGame, useUpdateGame, useWeekGames } from "@/client/lib/queries/games";
import { useSeason } from "@/client/lib/queries/season";
import { serverNow } from "@/client/lib/server-clock";
import { isDirty, parseDraft, sameDraft, scoringToast, type Draft } from "./score-entry";

type Edited = { game: Game; draft: Draft };

const SAVED = {
  title: "Game Updated",
  description: "Game scores and status have been updated successfully.",
};
const saveFailed = (error: unknown) => ({
  title: "Error",
  description: errorMessage(error, "Failed to update game"),
  variant: "destructive" as const,
});

const withoutKey = <T>(record: Record<string, T>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([id]) => id !== key));

/** The games among these that a save would make final before their kickoff. */
const earlyFinals = (edited: Edited[]) =>
  edited
    .filter(({ game, draft }) =>
      isFinalBeforeKickoff(game, { status: draft.status, gameDate: game.gameDate }, serverNow()),
    )
    .map(({ game }) => game);

/** While `on`, a reload or a closed tab asks first: it would lose what was typed. */
function useLeaveWarning(on: boolean) {
  useEffect(() => {
    if (!on) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [on]);
}

/** The ids of the games being saved. */
function useSavingIds() {
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const markSaving = (ids: string[], on: boolean) =>
    setSaving((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return [saving, markSaving] as const;
}

/** Score Entry's week, its games, the unsaved edits per game, their saves and the week's grading. */
export function useScoreEntry() {
  const queryClient = useQueryClient();
  const seasonInfo = useSeason();
  const [week, setWeek] = useWeekParam(seasonInfo.data?.currentWeek);
  const games = useWeekGames(week ?? 0, seasonInfo.data?.season);
  const updateGame = useUpdateGame();

  // Edits live per game id, so switching weeks and back keeps them.
  const [edits, setEdits] = useState<Record<string, Draft>>({});
  const [saving, markSaving] = useSavingIds();
  const [scoring, setScoring] = useState(false);
  // Saves waiting for the admin to confirm finals ahead of their kickoff.
  const [confirming, setConfirming] = useState<{ games: Game[]; proceed: () => void } | null>(null);

  const list = [...(games.data ?? [])].sort((a, b) => a.gameDate.localeCompare(b.gameDate));
  const dirty = list.flatMap((game) => {
    const draft = edits[game.id];
    return draft && isDirty(game, draft) ? [{ game, draft }] : [];
  });
  useLeaveWarning(dirty.length > 0);

  /** Runs a save at once, or once the admin confirmed the finals it makes before their kickoff. */
  function withConfirmation(edited: Edited[], run: (confirmed: boolean) => void) {
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

  async function saveAll(edited: Edited[], confirmed: boolean) {
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

  return {
    seasonInfo,
    week,
    setWeek,
    games,
    list,
    edits,
    saving,
    scoring,
    dirtyCount: dirty.length,
    anyInvalid: dirty.some(({ draft }) => !parseDraft(draft).ok),
    finalCount: list.filter((game) => game.status === "final").length,
    busy: saving.size > 0 || scoring,
    confirming: confirming?.games ?? [],
    cancelConfirm: () => setConfirming(null),
    confirm: () => {
      confirming?.proceed();
      setConfirming(null);
    },
    edit: (gameId: string, draft: Draft) => setEdits((previous) => ({ ...previous, [gameId]: draft })),
    discard: (gameId: string) => setEdits((previous) => withoutKey(previous, gameId)),
    saveCard: (game: Game) => {
      const draft = edits[game.id];
      if (draft) withConfirmation([{ game, draft }], (confirmed) => void saveGame(game, draft, confirmed));
    },
    saveAllChanges: () => withConfirmation(dirty, (confirmed) => void saveAll(dirty, confirmed)),
    scoreFinalGames: () => void scoreFinalGames(),
  };
}
