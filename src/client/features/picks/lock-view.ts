/**
 * Make Picks' lock of the week, pure: whether the player may still choose one, which selection is
 * it, and the wishes sent with it. The server refuses a lock where the week does not play it, or
 * a second one.
 */
import type { Contest } from "@/contracts/contests";
import type { Game } from "@/contracts/games";
import type { BatchPicksBody, Pick as MadePick } from "@/contracts/picks";
import { holdsLock } from "@/client/lib/lock-of-the-week";
import { matchupOf, sideLabel, spokenMatchup, type Selection } from "./picks-view";

/** The contest's week plays the lock of the week and the player's picks of it hold none yet. */
export const mayChooseLock = (contest: Pick<Contest, "lockOfTheWeek">, held: readonly MadePick[]) =>
  contest.lockOfTheWeek && !holdsLock(held);

type PickWish = BatchPicksBody["picks"][number];

const same = (a: Selection, b: Selection) =>
  a.gameId === b.gameId && a.market === b.market && a.side === b.side;

/** Whether this selection is the lock. */
export const isTheLock = (selection: Selection, lock: Selection | null) =>
  lock !== null && same(selection, lock);

/** The selection chosen as the lock while it is still selected (a side changed or dropped loses it). */
export const lockOf = (valid: readonly Selection[], chosen: Selection | null): Selection | null =>
  chosen ? (valid.find((selection) => same(selection, chosen)) ?? null) : null;

/** The lock after a click on a selection's toggle: that selection, or none when it was the lock. */
export const toggleLock = (current: Selection | null, clicked: Selection): Selection | null =>
  current && same(current, clicked) ? null : clicked;

/** The picks as they are submitted: the lock's with `lock: true`. */
export const pickWishes = (valid: readonly Selection[], lock: Selection | null): PickWish[] =>
  valid.map(({ gameId, market, side }) => ({
    gameId,
    market,
    side,
    ...(isTheLock({ gameId, market, side }, lock) ? { lock: true } : {}),
  }));

/** A lock toggle's accessible name: "Make PHI -8.5 my lock, DAL at PHI". */
export const lockToggleName = (game: Game, selection: Selection) =>
  `Make ${sideLabel(game, selection.market, selection.side)} my lock, ${spokenMatchup(game)}`;

/** Confirm Your Picks' line for the lock: "Lock of the week: PHI -8.5 (DAL @ PHI)". */
export const lockLine = (game: Game, selection: Selection) =>
  `Lock of the week: ${sideLabel(game, selection.market, selection.side)} (${matchupOf(game)})`;
