// A contest's week as Make Picks and the Dashboard read it, and its turn: who picks first, the
// rounds in force, whose turn it is. The rules are domain/rounds.ts and domain/turn.ts.
import { basePicksUsed } from "@/domain/picks";
import { currentTurn, roundOf, weekRounds } from "@/domain/rounds";
import { firstPickerFor } from "@/domain/turn";
import type { CurrentRound } from "@/contracts/turn";
import type { AppContext } from "../context";
import { forbidden, notFound } from "../errors";
import type { PickingState } from "../repositories/picks.repository";
import type { UserRow } from "../repositories/users.repository";
import { contestWeekState } from "./contest-data.service";
import { isPlayer, NOT_FOUND } from "./contests.service";

/** The contest's two players, or 403 for anyone else who can see it (an admin). */
export function pickingPlayers(
  contest: { player1Id: string; player2Id: string | null },
  user: UserRow,
): { player1Id: string; player2Id: string; opponentId: string } {
  if (!contest.player2Id || (user.id !== contest.player1Id && user.id !== contest.player2Id)) {
    throw forbidden("Only the contest's two players make picks in it.");
  }
  return {
    player1Id: contest.player1Id,
    player2Id: contest.player2Id,
    opponentId: user.id === contest.player1Id ? contest.player2Id : contest.player1Id,
  };
}

/**
 * A contest's week as Make Picks and the Dashboard read it, from memory (contest-data.service.ts,
 * `contestWeekState`), if the user may see the contest: 404 otherwise, as `visibleContest`.
 */
export async function visibleWeek(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  week: number,
): Promise<PickingState> {
  const state = await contestWeekState(ctx, contestId, week);
  if (!state || !(user.isAdmin || isPlayer(state.contest, user))) throw notFound(NOT_FOUND);
  return state;
}

/** Who picks first in a contest's week: saved by an admin, else by turns; null until player 2 joins. */
export function weekFirstPicker({ contest, savedFirstPickerId }: PickingState, week: number): string | null {
  if (!contest.player2Id) return null;
  return firstPickerFor(
    { player1Id: contest.player1Id, player2Id: contest.player2Id },
    week,
    savedFirstPickerId,
  );
}

/**
 * A week's turn by its rounds (domain/rounds.ts): the rounds in force that week, the turn it is at
 * (null once both players hold every pick, or while player 2 has not joined), and each player's
 * picks that week, extra games aside.
 */
export function weekTurn(state: PickingState, week: number) {
  const { contest, held, extraGameIds } = state;
  const rounds = weekRounds(contest, week);
  const firstPickerId = weekFirstPicker(state, week);
  const extras = new Set(extraGameIds);
  const base = (userId: string) =>
    basePicksUsed(
      held.filter((pick) => pick.userId === userId),
      extras,
    );
  const players = contest.player2Id ? { player1Id: contest.player1Id, player2Id: contest.player2Id } : null;
  const turn = players && firstPickerId ? currentTurn({ rounds, players, firstPickerId, held: base }) : null;
  return { rounds, firstPickerId, players, turn, base };
}

/** The round a week is at (`currentRound`), of how many, whose turn it is and how many picks it has left. */
export async function getCurrentRound(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  week: number,
): Promise<CurrentRound> {
  const state = await visibleWeek(ctx, user, contestId, week);
  const { rounds, turn } = weekTurn(state, week);
  return {
    currentRound: roundOf(turn, rounds),
    rounds,
    turnUserId: turn?.userId ?? null,
    turnPicksLeft: turn?.left ?? 0,
  };
}
