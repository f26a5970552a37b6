// The players' picks a contest's pages read: one player's (of a week or of every week), and both
// players' of a week (availability), with their access checks.
import type { Pick } from "@/contracts/picks";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { listPicksWithGames } from "../repositories/picks.repository";
import type { UserRow } from "../repositories/users.repository";
import { pickingPlayers, visibleWeek } from "./contest-week.service";
import { visibleContest } from "./contests.service";
import { toPick, weekPicksJson } from "./pick-json";

/** A player's picks, of one week (from memory) or, none given, of every week. */
export async function playerPicksJson(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  userId: string,
  week: number | undefined,
): Promise<string> {
  if (!week) return JSON.stringify(await listPlayerPicks(ctx, user, contestId, userId));
  const state = await visibleWeek(ctx, user, contestId, week);
  if (userId !== state.contest.player1Id && userId !== state.contest.player2Id)
    throw notFound("Player not found in this contest.");
  return weekPicksJson(ctx, state, userId);
}

async function listPlayerPicks(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  userId: string,
): Promise<Pick[]> {
  const contest = await visibleContest(ctx.db, user, contestId);
  if (userId !== contest.player1Id && userId !== contest.player2Id)
    throw notFound("Player not found in this contest.");
  const rows = await listPicksWithGames(ctx.db, { contestId, userId });
  return rows.map(({ pick, game }) => toPick(pick, game));
}

/** Both players' picks of a week as the API's JSON (`Availability`), from memory; the players only (403). */
export async function availabilityJson(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  week: number,
): Promise<string> {
  const state = await visibleWeek(ctx, user, contestId, week);
  const { opponentId } = pickingPlayers(state.contest, user);
  const [opponentPicks, own] = await Promise.all([
    weekPicksJson(ctx, state, opponentId),
    weekPicksJson(ctx, state, user.id),
  ]);
  return availabilityOf(opponentPicks, own);
}

/** `Availability` as the API's JSON, from each player's picks of the week as JSON (`Pick[]`). */
const availabilityOf = (opponentPicksJson: string, ownPicksJson: string) =>
  `{"opponentPicks":${opponentPicksJson},"playerPriorPicksDetailed":${ownPicksJson}}`;

/**
 * Both players' picks of a contest's week as the API's JSON (`Pick[]` each: what
 * GET /api/contests/:id/picks/player/:userId?week= answers for each), from memory; to its players
 * and admins (else 404). Player 2's is "[]" until they join.
 */
export async function bothPlayersPicksJson(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  week: number,
): Promise<{ player1: string; player2: string }> {
  const state = await visibleWeek(ctx, user, contestId, week);
  const [player1, player2] = await Promise.all([
    weekPicksJson(ctx, state, state.contest.player1Id),
    weekPicksJson(ctx, state, state.contest.player2Id),
  ]);
  return { player1, player2 };
}
