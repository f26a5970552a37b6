// The weekly tiebreaker: a player's guess of the total points of the week's last game, and the week's
// tiebreaker as a viewer sees it. Who takes a tied week is domain/weekly.ts (`tiebreakWinner`); the
// rule is docs/rules.md, "Contest options".
import { rulesInWeek } from "@/domain/contest-rules";
import type { TiebreakAnswer, TiebreakGuessBody, WeekTiebreak } from "@/contracts/picks";
import type { AppContext } from "../context";
import { conflict, notFound } from "../errors";
import type { ContestResultsData } from "../repositories/contest-results.repository";
import { lastGamesOfWeeks } from "../repositories/games.repository";
import { saveGuess } from "../repositories/tiebreaks.repository";
import type { UserRow } from "../repositories/users.repository";
import { contestsData } from "./contest-data.service";
import { pickingPlayers } from "./contest-week.service";
import { isPlayer, NOT_FOUND, visibleContest } from "./contests.service";
import { lastGameOf, tiebreakLocked, weekClockNow, type WeekClock } from "./results.service";
import { currentSeasonWeek } from "./season.service";

/**
 * A week's tiebreaker as `viewer` sees it, when the contest plays it that week: a guess is shown to
 * its maker, and to everyone once the last game has kicked off ("hidden" before).
 */
export function weekTiebreakOf(
  data: Pick<ContestResultsData, "contest" | "guesses">,
  clock: WeekClock,
  week: number,
  viewer: { id: string },
): WeekTiebreak | undefined {
  const { contest } = data;
  if (!rulesInWeek(contest, week).tiebreaker) return undefined;
  const game = lastGameOf(clock, contest.season, week);
  const locked = tiebreakLocked(game, clock.now);
  const shown = (userId: string | null) => {
    const guess = data.guesses.find((made) => made.week === week && made.userId === userId)?.guess;
    if (guess === undefined) return null;
    return locked || userId === viewer.id ? guess : "hidden";
  };
  return {
    gameId: game?.id ?? null,
    locked,
    player1Guess: shown(contest.player1Id),
    player2Guess: shown(contest.player2Id),
    total: typeof game?.total === "number" ? game.total : null,
    canceled: game?.total === "void",
  };
}

/** GET /api/contests/{id}/tiebreak?week=: the week's tiebreaker, for whoever may see the contest. */
export async function getTiebreak(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  week: number,
): Promise<TiebreakAnswer> {
  const [[data], season] = await Promise.all([contestsData(ctx, [contestId]), currentSeasonWeek(ctx)]);
  if (!data || !(user.isAdmin || isPlayer(data.contest, user))) throw notFound(NOT_FOUND);
  const clock = await weekClockNow(ctx, season, [data.contest.season]);
  return { week, tiebreak: weekTiebreakOf(data, clock, week, user) ?? null };
}

/**
 * A player makes or changes their guess of a week: the contest's two players only (403), while it
 * is active, in a week of it that plays the tiebreaker and has games, until its last game kicks off
 * (409 each).
 */
export async function saveTiebreak(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  body: TiebreakGuessBody,
): Promise<TiebreakAnswer> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, user, contestId, { forUpdate: true });
    pickingPlayers(contest, user);
    if (contest.status !== "active") {
      throw conflict(`This contest is ${contest.status}: its tiebreaker guesses are closed.`);
    }
    if (body.week < contest.startWeek || body.week > contest.totalWeeks) {
      throw conflict(`Week ${body.week} is not a week of this contest.`);
    }
    if (!rulesInWeek(contest, body.week).tiebreaker) {
      throw conflict(`This contest plays no tiebreaker in week ${body.week}.`);
    }
    const row = (await lastGamesOfWeeks(tx, [contest.season])).find((game) => game.week === body.week);
    if (!row) throw conflict(`Week ${body.week} has no games yet.`);
    if (tiebreakLocked({ id: row.id, kickoff: row.gameDate, status: row.status, total: null }, now)) {
      throw conflict("The tiebreaker's game has kicked off: guesses can no longer change.");
    }
    await saveGuess(tx, { contestId, week: body.week, userId: user.id, guess: body.guess });
  });
  return getTiebreak(ctx, user, contestId, body.week);
}
