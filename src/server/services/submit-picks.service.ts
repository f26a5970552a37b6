// Pick submission: the checks of a player's picks against the contest's week, their write (grouped,
// retried when the contest moved under it) and the notices it puts in the outbox.
import type { Market } from "@/domain/grading";
import { rulesInWeek } from "@/domain/contest-rules";
import { checkPicks, type PickGame } from "@/domain/picks";
import { roundOf, turnRights, weekRounds, type Turn } from "@/domain/rounds";
import { firstPickerDeadline } from "@/domain/turn";
import type { BatchPicks, Pick } from "@/contracts/picks";
import type { AppContext } from "../context";
import { readCache } from "../db/read-cache";
import { conflict, notFound } from "../errors";
import { findGamesByIds, type GameRow } from "../repositories/games.repository";
import { insertPicksIfUnchanged, picksSubmitted } from "../repositories/pick-submissions.repository";
import { pickingState, type PickingState, type PickRow } from "../repositories/picks.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { pickingPlayers, weekTurn } from "./contest-week.service";
import { contestWeek, isPlayer, NOT_FOUND } from "./contests.service";
import { isUniqueViolation, lineFavorite, seasonGamesById } from "./games.service";
import { opponentPicksMail, yourTurnMail } from "./notice-texts";
import { toPick } from "./pick-json";
import { cachedSeasonOpenings, currentSeasonWeek } from "./season.service";

/** Submissions checked again after the contest changed under them, before the player is asked to retry. */
const SUBMIT_ATTEMPTS = 5;

/**
 * Stores a player's picks for a week, all or none, in two statements and no lock held between them:
 * one read of the contest and what the picks are checked against, then (once the rules allow them)
 * one insert of the picks with their activity line, which stores them only if the contest's revision
 * has not moved since the read (every pick submission and every change made under the contest's
 * lock moves it). If it has, the submission is checked again on a fresh read: two submissions of one
 * week are so checked one after the other, as under a lock. Unique indexes stand behind the checks.
 * The games come from memory, and so does the read when this instance has seen the contest's week
 * (docs/decisions/015-picking-state-remembered.md): a stored submission keeps it up to date; a
 * refusal met on it is checked again on a fresh read, and a write it let through that finds the
 * revision moved reads afresh like any other. The submission that completes the first picker's
 * picks also puts the second picker's "your turn" e-mail in the outbox, in the same statement.
 * Under load the write is shared with submissions to other contests made meanwhile: one statement
 * and one commit for them all (docs/decisions/016-pick-writes-grouped.md).
 */
export async function submitPicks(ctx: AppContext, user: UserRow, body: BatchPicks): Promise<Pick[]> {
  const season = await currentSeasonWeek(ctx);
  const openings = await cachedSeasonOpenings(ctx);
  const cache = readCache(ctx.database);
  const remembered = (): PickingState | undefined => {
    const entry = cache.get<{ week: number; state: PickingState }>("picking", body.contestId);
    return entry?.week === body.week ? entry.state : undefined;
  };
  const read = async (): Promise<PickingState | undefined> => {
    const generation = cache.version("picking");
    const state = await pickingState(ctx.db, body.contestId, body.week);
    if (state) cache.put("picking", body.contestId, { week: body.week, state }, generation);
    return state;
  };
  const check = (state: PickingState | undefined) =>
    checkSubmission(ctx, user, body, state, season, openings);
  try {
    for (let attempt = 0; attempt < SUBMIT_ATTEMPTS; attempt += 1) {
      const known = remembered();
      const checked = (known && (await check(known).catch(() => undefined))) ?? (await check(await read()));
      const { state, contest, week, opponentId, games, turn } = checked;
      const { handOver, finished } = turnEnded(state, week, turn, user, body.picks);
      const secondPicker = handOver ? await userById(ctx, handOver.userId) : undefined;
      // Picks that end the week's turns are told to the opponent (docs/rules.md, Notifications).
      const opponent = finished ? await userById(ctx, opponentId) : undefined;
      const stored = await insertPicksIfUnchanged(ctx.database, {
        contestId: contest.id,
        revision: contest.revision,
        userId: user.id,
        opponentId,
        week,
        round: turn?.userId === user.id ? turn.round : roundOf(turn, weekRounds(contest, week)),
        picks: body.picks.map((wish) => ({
          gameId: wish.gameId,
          market: wish.market,
          side: wish.side,
          isLock: wish.lock === true,
          ...lineAtPickTime(games.get(wish.gameId)!, wish.market),
        })),
        mail: turnNotice(
          ctx,
          user,
          { contest, week, count: body.picks.length },
          { secondPicker, handOver, opponent },
        ),
      });
      if (!stored) {
        cache.delete("picking", contest.id);
        continue;
      }
      picksSubmitted(ctx.database, { contestId: contest.id, userId: user.id, opponentId, week });
      // The week as this write left it: the revision it set, and the picks it added.
      const after: PickingState = {
        ...state,
        contest: { ...contest, revision: contest.revision + 1 },
        held: [...state.held, ...stored],
      };
      // Unless a later write, seen meanwhile, left a newer one.
      if ((remembered()?.contest.revision ?? -1) < after.contest.revision) {
        cache.put("picking", contest.id, { week, state: after });
      }
      if (secondPicker || opponent) ctx.mailer.kick();
      return stored.map((row) => toPick(row, games.get(row.gameId)!));
    }
    throw conflict("The contest changed while your picks were being saved. Please try again.");
  } catch (error) {
    if (isUniqueViolation(error, "picks_one_lock_key"))
      throw conflict("You already have your lock of the week.");
    if (isUniqueViolation(error)) throw conflict("That side was just taken. Refresh and choose again.");
    throw error;
  }
}

/**
 * The notice a submission puts in the outbox with its picks: the second picker's "your turn" when
 * it hands the turn over, the opponent told of the picks when it ends the week's turns, else none.
 */
function turnNotice(
  ctx: AppContext,
  user: UserRow,
  { contest, week, count }: { contest: PickingState["contest"]; week: number; count: number },
  to: { secondPicker?: UserRow; handOver: Turn | null; opponent?: UserRow },
) {
  if (to.secondPicker && to.handOver) {
    return yourTurnMail(ctx, {
      to: to.secondPicker,
      firstPicker: user,
      contest,
      week,
      picks: to.handOver.left,
    });
  }
  if (to.opponent) return opponentPicksMail(ctx, { to: to.opponent, picker: user, contest, week, count });
  return undefined;
}

/**
 * Checks a submission against the contest's week as read: throws the refusal (404, 403 or 409), or
 * gives the week and what the write needs.
 */
async function checkSubmission(
  ctx: AppContext,
  user: UserRow,
  body: BatchPicks,
  state: PickingState | undefined,
  season: Awaited<ReturnType<typeof currentSeasonWeek>>,
  openings: Awaited<ReturnType<typeof cachedSeasonOpenings>>,
) {
  if (!state || !(user.isAdmin || isPlayer(state.contest, user))) throw notFound(NOT_FOUND);
  const { contest, held } = state;
  const { player1Id, player2Id, opponentId } = pickingPlayers(contest, user);
  if (contest.status !== "active") throw conflict(`This contest is ${contest.status}: picks are closed.`);
  const week = contestWeek(contest, season);
  if (body.week !== week) throw conflict(`Picks are open for week ${week} only.`);

  const now = ctx.clock.now();
  const games = await gamesById(ctx, contest.season, [
    ...body.picks.map((wish) => wish.gameId),
    ...state.extraGameIds,
  ]);
  const { rounds, firstPickerId, base } = weekTurn(state, week);
  const opening = openings.find((candidate) => candidate.season === contest.season);
  const deadline = opening ? firstPickerDeadline(opening.firstKickoff, week) : now;
  // Extra games do not hold the other player up: turns pass at the rounds' numbers of picks.
  const rights = turnRights({
    userId: user.id,
    rounds,
    players: { player1Id, player2Id },
    firstPickerId: firstPickerId!,
    held: base,
    deadline,
    now,
  });
  // The name of whom the player waits for is only said when it is not the player's turn.
  const waitingFor = rights.waitingFor ? await userById(ctx, rights.waitingFor) : undefined;
  const inRound = rounds.length > 1 && rights.turn?.userId === user.id && now < deadline;

  const refusal = checkPicks({
    userId: user.id,
    season: contest.season,
    week,
    now,
    mayPickNow: rights.may,
    firstPickerName: waitingFor?.firstName ?? "your opponent",
    allowance: rights.allowance,
    round: inRound ? rights.turn!.round : undefined,
    extraGames: state.extraGameIds.flatMap((id) => {
      const game = games.get(id);
      return game ? [pickGame(game)] : [];
    }),
    held,
    games: new Map(
      body.picks.flatMap((wish) => {
        const game = games.get(wish.gameId);
        return game ? [[game.id, pickGame(game)] as const] : [];
      }),
    ),
    wishes: body.picks,
    lockOfTheWeek: rulesInWeek(contest, week).lockOfTheWeek,
  });
  if (refusal) throw conflict(refusal.message);
  return { state, contest, week, opponentId, games, turn: rights.turn };
}

/** A user, from memory when seen before (cleared with the sessions by every change to a user). */
function userById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  return readCache(ctx.database).through("users", id, () => findUserById(ctx.db, id));
}

/** Games by id: the contest season's from memory, any other (a wrong pick, refused later) read. */
async function gamesById(
  ctx: AppContext,
  season: number,
  ids: string[],
): Promise<ReadonlyMap<string, GameRow>> {
  const ofSeason = await seasonGamesById(ctx, season);
  const others = ids.filter((id) => !ofSeason.has(id));
  if (others.length === 0) return ofSeason;
  const found = new Map(ofSeason);
  for (const game of await findGamesByIds(ctx.db, others)) found.set(game.id, game);
  return found;
}

/**
 * What this submission does to the turn, if it ends the player's turn: hands it to the opponent
 * (`handOver`: their "your turn" notice, once per hand-over, with rounds once per round), or ends
 * the week's turns (`finished`: the opponent is told of the picks, docs/rules.md, Notifications).
 */
function turnEnded(
  state: PickingState,
  week: number,
  before: Turn | null,
  user: UserRow,
  adding: readonly { gameId: string }[],
): { handOver: Turn | null; finished: boolean } {
  if (before?.userId !== user.id) return { handOver: null, finished: false };
  const added = adding.map((wish) => ({ ...wish, userId: user.id }) as PickRow);
  const after = weekTurn({ ...state, held: [...state.held, ...added] }, week).turn;
  return { handOver: after && after.userId !== user.id ? after : null, finished: after === null };
}

/** A game as the pick rules (domain/picks.ts) see it. */
export function pickGame(game: GameRow): PickGame {
  return {
    id: game.id,
    season: game.season,
    week: game.week,
    status: game.status,
    gameDate: game.gameDate,
    spread: game.spread === null ? null : Number(game.spread),
    overUnder: game.overUnder === null ? null : Number(game.overUnder),
    label: `${game.awayTeam} @ ${game.homeTeam}`,
  };
}

/** The line a pick is graded against: the spread and its favorite, or the total, as they are now. */
function lineAtPickTime(game: GameRow, market: Market) {
  if (market === "total") return { lineTotal: game.overUnder, lineSpread: null, lineFavorite: null };
  const spread = game.spread === null ? null : Number(game.spread);
  return {
    lineSpread: game.spread,
    lineFavorite: lineFavorite({ ...game, spread }),
    lineTotal: null,
  };
}
