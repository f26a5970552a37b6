import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Contest } from "@/contracts/contests";
import type { Game } from "@/contracts/games";
import type { Pick as MadePick } from "@/contracts/picks";
import { basePicksUsed, pickFits, select } from "@/domain/picks";
import { useRenderInSteps } from "@/client/hooks/use-render-in-steps";
import { groupByWeekday } from "@/client/lib/games";
import { turnQuery } from "@/client/lib/queries/turn";
import type { PickGameCardProps, ToggleSide } from "./components/pick-game-card";
import { isGameOpen, matchupOf, picksByGame, validSelections, type Selection } from "./picks-view";
import { useLockChoice } from "./use-lock-choice";
import { usePickSubmission } from "./use-pick-submission";
import { usePickTurn, type PickTurnInput } from "./use-pick-turn";

export interface PickSelectionInput extends PickTurnInput {
  contest: Contest;
  week: number;
  round: number;
  games: Game[] | undefined;
  /** A submission was stored (the refreshed picks then show "Picks Complete", which takes focus). */
  onSubmitted?: () => void;
}

/** Game cards drawn with the page; the others follow at once, in a transition. */
const FIRST_CARDS = 4;
const NO_PICKS: MadePick[] = [];

/** The day groups cut to their first `count` games in all (each keeps its full size in `size`). */
function shownGroups<T>(groups: { day: string; date: string; games: T[] }[], count: number) {
  let left = count;
  return groups.flatMap((group) => {
    if (left <= 0) return [];
    const games = group.games.slice(0, left);
    left -= games.length;
    return [{ day: group.day, date: group.date, games, size: group.games.length }];
  });
}

/** The week's selection on Make Picks: the turn, the sides chosen, each card's state, the submission. */
export function usePickSelection(input: PickSelectionInput) {
  const { contest, week, now, games, opponentPicks, myPicks, extraGames } = input;
  // When the week's next pick is due ("Deadline"); the Dashboard's cards read the same turn.
  const weekTurn = useQuery(turnQuery(contest.id, week));
  const pickTurn = usePickTurn(input);
  const { extraIds, maxPicks, remaining, canPick, blockedReason } = pickTurn;
  const [selections, setSelections] = useState<Selection[]>([]);

  const gamesById = useMemo(() => new Map((games ?? []).map((game) => [game.id, game])), [games]);
  const groups = useMemo(() => groupByWeekday(games ?? []), [games]);
  // A phone's screen holds two cards, a desktop's about four: the rest are drawn right after.
  const shownCards = useRenderInSteps(games?.length ?? 0, FIRST_CARDS);
  const opponentByGame = useMemo(() => picksByGame(opponentPicks), [opponentPicks]);
  const mineByGame = useMemo(() => picksByGame(myPicks), [myPicks]);
  const openGames = useMemo(
    () => new Set((games ?? []).filter((game) => isGameOpen(game, now)).map((game) => game.id)),
    [games, now],
  );

  const valid = useMemo(
    () => validSelections(selections, gamesById, opponentByGame, mineByGame, now),
    [selections, gamesById, opponentByGame, mineByGame, now],
  );
  const selectedByGame = useMemo(() => {
    const byGame = new Map<string, Partial<Record<Selection["market"], Selection["side"]>>>();
    for (const selection of valid) {
      byGame.set(selection.gameId, { ...byGame.get(selection.gameId), [selection.market]: selection.side });
    }
    return byGame;
  }, [valid]);
  const full = valid.length >= remaining;
  // The click that fills the selection disables every other button, a re-render of all the cards:
  // deferred, so it runs in slices after the click has answered (select() refuses a pick past the
  // maximum meanwhile, as the disabled button would).
  const cardsFull = useDeferredValue(full);
  // Held and selected picks together: beyond the base picks, only an extra game takes one more.
  const held = useMemo(() => [...myPicks, ...valid], [myPicks, valid]);
  const extraReason = useMemo(() => {
    const open = extraGames.filter(
      (game) => isGameOpen(game, now) && !held.some((pick) => pick.gameId === game.id),
    );
    return open.length ? `Your extra pick must be on ${open.map(matchupOf).join(" or ")}` : null;
  }, [extraGames, held, now]);

  // The cards get one stable toggle, so a click re-renders only the cards whose picks changed.
  const latest = useRef({ valid, remaining, held, extraIds });
  useLayoutEffect(() => {
    latest.current = { valid, remaining, held, extraIds };
  });
  const onToggle = useCallback<ToggleSide>(
    (gameId, market, side) => {
      const { valid: current, remaining: max, held: picks, extraIds: extras } = latest.current;
      const chosen = current.find((s) => s.gameId === gameId && s.market === market)?.side;
      // A new pick where only an extra game may take one is ignored, like one past the maximum.
      const ignored = chosen === undefined && !pickFits(picks, gameId, maxPicks, extras);
      setSelections(ignored ? current : select(current, gameId, market, chosen === side ? null : side, max));
    },
    [maxPicks],
  );

  const { lockable, lock, onToggleLock, clearLock } = useLockChoice(contest, myPicks, valid);
  const clear = () => {
    setSelections([]);
    clearLock();
  };

  const submission = usePickSubmission({
    contestId: contest.id,
    week,
    round: input.round,
    valid,
    lock,
    remaining,
    onStored: () => {
      clear();
      input.onSubmitted?.();
    },
  });
  const canSubmit =
    canPick &&
    valid.length === remaining &&
    remaining > 0 &&
    basePicksUsed(held, extraIds) <= maxPicks &&
    !submission.pending;

  /** A game card's state: its picks, the sides selected, and whether it takes one more. */
  const cardOf = (game: Game): PickGameCardProps => {
    const selected = selectedByGame.get(game.id);
    // Base picks all selected: only an extra game not picked yet takes one more.
    const extraOnly = !cardsFull && !pickFits(held, game.id, maxPicks, extraIds);
    return {
      game,
      open: openGames.has(game.id),
      opponentPicks: opponentByGame.get(game.id) ?? NO_PICKS,
      myPicks: mineByGame.get(game.id) ?? NO_PICKS,
      selectedSpread: selected?.spread,
      selectedTotal: selected?.total,
      canPick,
      blockedReason,
      full: cardsFull || extraOnly,
      fullReason: extraOnly ? extraReason : null,
      remaining,
      extra: extraIds.has(game.id),
      opponentName: input.opponentName,
      onToggle,
      lockable,
      lockedMarket: lock?.gameId === game.id ? lock.market : undefined,
      onToggleLock,
    };
  };

  return {
    ...pickTurn,
    deadlineTurn: weekTurn.data,
    gamesById,
    dayGroups: shownGroups(groups, shownCards),
    openCount: openGames.size,
    valid,
    lock,
    clear,
    cardOf,
    canSubmit,
    submission,
  };
}
