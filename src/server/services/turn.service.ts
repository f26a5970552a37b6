import { rulesInWeek } from "@/domain/contest-rules";
import { isOpen, picksLeft } from "@/domain/picks";
import { firstPickerDeadline } from "@/domain/turn";
import type { TurnInfo } from "@/contracts/turn";
import type { AppContext } from "../context";
import type { UserRow } from "../repositories/users.repository";
import { listWeekRows, seasonGamesById } from "./games.service";
import type { GameRow } from "../repositories/games.repository";
import type { PickingState } from "../repositories/picks.repository";
import { roundOf, weekAllowance } from "@/domain/rounds";
import { visibleWeek, weekTurn } from "./contest-week.service";
import { cachedSeasonOpenings } from "./season.service";

/**
 * Whose turn it is in a week of a contest, as figures: the first picker, what each player holds of
 * the allowance, the hand-over deadline and the kickoffs still open. The Dashboard's countdown reads
 * it with domain/turn.ts; picks themselves are checked by submit-picks.service.ts.
 */
export async function getTurn(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  week: number,
): Promise<TurnInfo> {
  // The contest's week, its games and the season calendar from memory (the dashboard asks for
  // every contest, Make Picks for its own).
  const state = await visibleWeek(ctx, user, contestId, week);
  const { contest, held, extraGameIds } = state;
  const { rounds, firstPickerId, players, turn, base } = weekTurn(state, week);
  const allowanceOf = (userId: string | null) =>
    players && userId ? weekAllowance(rounds, players, userId) : (rounds[0]?.player1Picks ?? 0);
  const now = ctx.clock.now();
  const [games, openings, seasonGames] = await Promise.all([
    listWeekRows(ctx, contest.season, week),
    cachedSeasonOpenings(ctx),
    seasonGamesById(ctx, contest.season),
  ]);
  const extraGames = extraGameIds.flatMap((id) => seasonGames.get(id) ?? []);
  const opening = openings.find((candidate) => candidate.season === contest.season);
  const count = (userId: string | null) => held.filter((pick) => pick.userId === userId).length;
  // The same sums submit-picks.service.ts checks submissions with: base picks, plus one on each extra game.
  const left = (userId: string | null) =>
    picksLeft({
      allowance: allowanceOf(userId),
      mine: held.filter((pick) => pick.userId === userId),
      extraGames: extraGames.map((game) => ({ id: game.id, open: isOpen(game, now) })),
    }).total;
  const baseLeft = (userId: string | null) => (userId ? Math.max(allowanceOf(userId) - base(userId), 0) : 0);
  const player1Allowance = allowanceOf(contest.player1Id) + extraGames.length;
  const player2Allowance = allowanceOf(contest.player2Id) + extraGames.length;
  return {
    week,
    firstPickerId,
    allowance: Math.max(player1Allowance, player2Allowance),
    player1Allowance,
    player2Allowance,
    player1Picks: count(contest.player1Id),
    player2Picks: count(contest.player2Id),
    player1Left: left(contest.player1Id),
    player2Left: left(contest.player2Id),
    player1BaseLeft: baseLeft(contest.player1Id),
    player2BaseLeft: baseLeft(contest.player2Id),
    rounds,
    round: roundOf(turn, rounds),
    turnUserId: turn?.userId ?? null,
    deadline: opening ? firstPickerDeadline(opening.firstKickoff, week).toISOString() : null,
    // A game with neither a spread nor a total cannot be picked: its kickoff is no deadline.
    openKickoffs: games
      .filter((game) => isOpen(game, now) && (game.spread !== null || game.overUnder !== null))
      .map((game) => game.gameDate.toISOString()),
    tiebreak: tiebreakTurn(state, week, games),
    now: now.toISOString(),
  };
}

/**
 * When the contest plays the tiebreaker that week: who has made their guess, and when guessing ends
 * (the week's last game's kickoff). Else null.
 */
function tiebreakTurn(state: PickingState, week: number, games: readonly GameRow[]): TurnInfo["tiebreak"] {
  const { contest, guessedBy } = state;
  if (!rulesInWeek(contest, week).tiebreaker) return null;
  // The week's games come in schedule order: the last is the tiebreaker's.
  const last = games.at(-1);
  return {
    locksAt: last ? last.gameDate.toISOString() : null,
    player1Guessed: guessedBy.includes(contest.player1Id),
    player2Guessed: contest.player2Id !== null && guessedBy.includes(contest.player2Id),
  };
}
