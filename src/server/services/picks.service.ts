import { isWinOf, type Market } from "@/domain/grading";
import type { WeekOutcome } from "@/domain/weekly";
import { basePicksUsed, checkPicks, type PickGame } from "@/domain/picks";
import { currentTurn, roundOf, turnRights, weekRounds, type Turn } from "@/domain/rounds";
import { firstPickerDeadline, firstPickerFor } from "@/domain/turn";
import type { BatchPicks, FirstPickerAssignment, Pick } from "@/contracts/picks";
import type { CurrentRound } from "@/contracts/turn";
import type { AppContext } from "../context";
import { readCache } from "../db/read-cache";
import { conflict, forbidden, notFound } from "../errors";
import { recordActivity } from "../repositories/activity.repository";
import type {
  ContestPicksData,
  ContestResultsData,
  PickLists,
} from "../repositories/contest-results.repository";
import * as firstPickerRepo from "../repositories/first-picker.repository";
import { findGamesByIds, type GameRow } from "../repositories/games.repository";
import * as picksRepo from "../repositories/picks.repository";
import type { PickRow } from "../repositories/picks.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { contestPicksData, contestsData, contestWeekState, type WeeklyRefresh } from "./contest-data.service";
import { contestWeek, isPlayer, NOT_FOUND, visibleContest } from "./contests.service";
import { isUniqueViolation, lineFavorite, seasonGamesById, seasonGamesJson, toGame } from "./games.service";
import { opponentPicksMail, yourTurnMail } from "./notice-texts";
import {
  addPicksJson,
  compactLists,
  picksBytes,
  playerIndex,
  weekRange,
  withWeek,
  type HeadEntry,
} from "./pick-lists";
import { completeIfSettled, contestOutcomes, loadWeekClock } from "./results.service";
import { cachedSeasonOpenings, currentSeasonWeek } from "./season.service";

export function toPick(row: PickRow, game: GameRow): Pick {
  return { ...pickFields(row), game: toGame(game) };
}

/**
 * A pick as the API sends it, but its game: the result last, as the database writes a pick's JSON
 * (drizzle/0007_pick_json_head_narrower.sql: all but the result, which a grade changes).
 */
const pickFields = (row: PickRow): Omit<Pick, "game"> => ({
  id: row.id,
  gameId: row.gameId,
  market: row.market,
  side: row.side,
  lineSpread: row.lineSpread,
  lineFavorite: row.lineFavorite,
  lineTotal: row.lineTotal,
  result: row.result,
  isWin: isWinOf(row.result),
});

/** A nullable text field as JSON. */
const textJson = (value: string | null) => (value === null ? "null" : JSON.stringify(value));

/**
 * A pick as the API's JSON up to its game (`…,"game":`), the text `JSON.stringify(pickFields(row))`
 * begins with, written out: a contest's first weekly results serialize its whole season of picks
 * (issue 19). Ids and the enums need no escaping.
 */
export const pickHeadJson = (row: PickRow) =>
  `{"id":"${row.id}","gameId":"${row.gameId}","market":"${row.market}","side":"${row.side}",` +
  `"lineSpread":${textJson(row.lineSpread)},"lineFavorite":${textJson(row.lineFavorite)},` +
  `"lineTotal":${textJson(row.lineTotal)},"result":"${row.result}","isWin":${isWinOf(row.result)},"game":`;

/** The contest's two players, or 403 for anyone else who can see it (an admin). */
function players(
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
): Promise<picksRepo.PickingState> {
  const state = await contestWeekState(ctx, contestId, week);
  if (!state || !(user.isAdmin || isPlayer(state.contest, user))) throw notFound(NOT_FOUND);
  return state;
}

/** Who picks first in a contest's week: saved by an admin, else by turns; null until player 2 joins. */
export function weekFirstPicker(
  { contest, savedFirstPickerId }: picksRepo.PickingState,
  week: number,
): string | null {
  if (!contest.player2Id) return null;
  return firstPickerFor(
    { player1Id: contest.player1Id, player2Id: contest.player2Id },
    week,
    savedFirstPickerId,
  );
}

export async function getFirstPicker(ctx: AppContext, user: UserRow, contestId: string, week: number) {
  return { firstPickerId: weekFirstPicker(await visibleWeek(ctx, user, contestId, week), week) };
}

/**
 * A week's turn by its rounds (domain/rounds.ts): the rounds in force that week, the turn it is at
 * (null once both players hold every pick, or while player 2 has not joined), and each player's
 * picks that week, extra games aside.
 */
export function weekTurn(state: picksRepo.PickingState, week: number) {
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

/** The round a week is at, of how many, and whose turn it is (`{ currentRound }` as SPEC.md has it, and more). */
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
 * (decision 015): a stored submission keeps it up to date; a refusal met on it is checked again on a
 * fresh read, and a write it let through that finds the revision moved reads afresh like any other.
 * The submission that completes the first picker's picks also puts the second picker's "your turn"
 * e-mail in the outbox, in the same statement. Under load the write is shared with submissions to
 * other contests made meanwhile: one statement and one commit for them all (decision 016).
 */
export async function submitPicks(ctx: AppContext, user: UserRow, body: BatchPicks): Promise<Pick[]> {
  const season = await currentSeasonWeek(ctx);
  const openings = await cachedSeasonOpenings(ctx);
  const cache = readCache(ctx.database);
  const remembered = (): picksRepo.PickingState | undefined => {
    const entry = cache.get<{ week: number; state: picksRepo.PickingState }>("picking", body.contestId);
    return entry?.week === body.week ? entry.state : undefined;
  };
  const read = async (): Promise<picksRepo.PickingState | undefined> => {
    const generation = cache.version("picking");
    const state = await picksRepo.pickingState(ctx.db, body.contestId, body.week);
    if (state) cache.put("picking", body.contestId, { week: body.week, state }, generation);
    return state;
  };
  const check = (state: picksRepo.PickingState | undefined) =>
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
      const stored = await picksRepo.insertPicksIfUnchanged(ctx.database, {
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
          ...lineAtPickTime(games.get(wish.gameId)!, wish.market),
        })),
        mail:
          secondPicker && handOver
            ? yourTurnMail(ctx, { to: secondPicker, firstPicker: user, contest, week, picks: handOver.left })
            : opponent
              ? opponentPicksMail(ctx, {
                  to: opponent,
                  picker: user,
                  contest,
                  week,
                  count: body.picks.length,
                })
              : undefined,
      });
      if (!stored) {
        cache.delete("picking", contest.id);
        continue;
      }
      picksRepo.picksSubmitted(ctx.database, { contestId: contest.id, userId: user.id, opponentId, week });
      // The week as this write left it: the revision it set, and the picks it added.
      const after: picksRepo.PickingState = {
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
    if (isUniqueViolation(error)) throw conflict("That side was just taken. Refresh and choose again.");
    throw error;
  }
}

/**
 * Checks a submission against the contest's week as read: throws the refusal (404, 403 or 409), or
 * gives the week and what the write needs.
 */
async function checkSubmission(
  ctx: AppContext,
  user: UserRow,
  body: BatchPicks,
  state: picksRepo.PickingState | undefined,
  season: Awaited<ReturnType<typeof currentSeasonWeek>>,
  openings: Awaited<ReturnType<typeof cachedSeasonOpenings>>,
) {
  if (!state || !(user.isAdmin || isPlayer(state.contest, user))) throw notFound(NOT_FOUND);
  const { contest, held } = state;
  const { player1Id, player2Id, opponentId } = players(contest, user);
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
  state: picksRepo.PickingState,
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

/** Picks in the order of their games' kickoffs, then of their making. */
const byKickoff = (games: ReadonlyMap<string, GameRow>) => {
  const kickoff = (pick: PickRow) => games.get(pick.gameId)?.gameDate.getTime() ?? 0;
  return (a: PickRow, b: PickRow) => kickoff(a) - kickoff(b) || a.createdAt.getTime() - b.createdAt.getTime();
};

/**
 * A week's picks of one player as the API's JSON (`Pick[]`), in the order of their games' kickoffs
 * and then of their making: from the week in memory (`visibleWeek`) and the games' JSON.
 */
async function weekPicksJson(
  ctx: AppContext,
  state: picksRepo.PickingState,
  userId: string | null,
): Promise<string> {
  const mine = state.held.filter((pick) => pick.userId === userId);
  if (mine.length === 0) return "[]";
  const [byId, gamesJson] = await Promise.all([
    seasonGamesById(ctx, state.contest.season),
    seasonGamesJson(ctx, state.contest.season),
  ]);
  mine.sort(byKickoff(byId));
  return `[${mine.map((pick) => `${pickHeadJson(pick)}${gamesJson.get(pick.gameId)}}`).join(",")}]`;
}

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
  const rows = await picksRepo.listPicksWithGames(ctx.db, { contestId, userId });
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
  const { opponentId } = players(state.contest, user);
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

/** What weekly results are made of, kept in memory: each week's picks of each player already as JSON. */
interface WeeklyData extends ContestResultsData {
  /**
   * Each pick serialized up to its game ("…,\"game\":") and the game's id, by week and player: the
   * games are spliced in at each request from the games' own JSON, so a live score clears no contest
   * (issue 19).
   */
  picksJson: PickLists;
}

const weeklyData = (data: ContestPicksData): WeeklyData => ({
  ...data,
  cacheBytes: data.cacheBytes + picksBytes(data.picksJson),
});

/**
 * A contest's weekly results in memory made anew after a final (`refreshContests`), instead of let
 * go: the results data read again, and the week kept for picking, read again too, in place of that
 * week's picks; the other weeks' picks as they were. Only where the final's games (`graded`) have
 * no pick of the contest outside that week; else undefined (let go). Issue 19: let go, a crowd's
 * views of the standings read thousands of them again in the seconds after a final (decision 037).
 */
export function weeklyAfterFinal(ctx: AppContext, graded: readonly string[]): WeeklyRefresh {
  const gradedIds = new Set(graded);
  return async (old, fresh, { week, state }) => {
    const before = (old as WeeklyData).picksJson;
    const { from, to } = weekRange(before, week);
    for (let at = 0; at < before.gameIds.length; at += 1)
      if ((at < from || at >= to) && gradedIds.has(before.gameIds[at]!)) return undefined;
    const byId = await seasonGamesById(ctx, state.contest.season);
    const entries: HeadEntry[] = [];
    for (const pick of [...state.held].sort(byKickoff(byId))) {
      const player = playerIndex(fresh.contest, pick.userId);
      if (player !== undefined) entries.push({ week, player, head: pickHeadJson(pick), gameId: pick.gameId });
    }
    const picksJson = withWeek(before, week, compactLists(entries));
    const remade: WeeklyData = { ...fresh, cacheBytes: fresh.cacheBytes + picksBytes(picksJson), picksJson };
    return remade;
  };
}

/**
 * Every begun week of a contest with both players' picks, wins, pot and winner, as the JSON the API
 * sends (`{weeklyResults: WeeklyResult[]}`): the weeks' outcomes are worked out at each request (they
 * depend on the clock), the picks are serialized once while the contest is in memory. Completes a
 * finished contest.
 */
export async function weeklyResultsJson(ctx: AppContext, user: UserRow, contestId: string): Promise<string> {
  const [data, season] = await Promise.all([
    contestPicksData(ctx, contestId, weeklyData),
    currentSeasonWeek(ctx),
  ]);
  if (!data || !(user.isAdmin || isPlayer(data.contest, user))) throw notFound(NOT_FOUND);
  const clock = await loadWeekClock(
    ctx.db,
    ctx.clock.now(),
    season,
    [data.contest.season],
    readCache(ctx.database),
  );
  const outcomes = contestOutcomes(
    data.contest,
    contestWeek(data.contest, season),
    data.tallies,
    clock,
    data.agreed,
    data.extras,
  );
  const contest = await completeIfSettled(ctx.db, data.contest, outcomes);
  const gamesJson = await seasonGamesJson(ctx, data.contest.season);
  // In pieces, joined once (an answer is ~30 kB: each join of a part of it copied that again).
  const out = ['{"weeklyResults":['];
  outcomes.forEach((outcome, at) => {
    out.push(at === 0 ? "" : ",", JSON.stringify(outcome).slice(0, -1), ',"player1Picks":');
    addPicksJson(out, data.picksJson, gamesJson, outcome.week, 0);
    out.push(',"player2Picks":');
    addPicksJson(out, data.picksJson, gamesJson, outcome.week, contest.player2Id === null ? undefined : 1);
    out.push("}");
  });
  out.push("]}");
  return out.join("");
}

/** One week of the weekly results, as the API sends it: its outcome, then both players' picks. */
const weekResultJson = (outcome: WeekOutcome, player1Picks: string, player2Picks: string) =>
  `${JSON.stringify(outcome).slice(0, -1)},"player1Picks":${player1Picks},"player2Picks":${player2Picks}}`;

/**
 * The entries of `weeklyResultsJson`'s list from `fromWeek` on, to the same text, read from the
 * contest's standings data and the weeks kept for picking (`contestWeekState`) instead of its whole
 * season of picks: what a final's grades event carries (decision 030), which so leaves the weekly
 * results of contests nobody looks at out of memory.
 */
export async function weeklyResultsFromJson(
  ctx: AppContext,
  user: UserRow,
  contestId: string,
  fromWeek: number,
  /** Weeks' picks already read (`bothPlayersPicksJson`), by week: not read again. */
  known: ReadonlyMap<number, { player1: string; player2: string }> = new Map(),
): Promise<string> {
  const [[data], season] = await Promise.all([contestsData(ctx, [contestId]), currentSeasonWeek(ctx)]);
  if (!data || !(user.isAdmin || isPlayer(data.contest, user))) throw notFound(NOT_FOUND);
  const { contest } = data;
  const clock = await loadWeekClock(
    ctx.db,
    ctx.clock.now(),
    season,
    [contest.season],
    readCache(ctx.database),
  );
  const outcomes = contestOutcomes(
    contest,
    contestWeek(contest, season),
    data.tallies,
    clock,
    data.agreed,
    data.extras,
  ).filter((outcome) => outcome.week >= fromWeek);
  const weeks = await Promise.all(
    outcomes.map(async (outcome) => {
      const read = known.get(outcome.week);
      if (read) return weekResultJson(outcome, read.player1, read.player2);
      const state = await contestWeekState(ctx, contestId, outcome.week);
      if (!state) return weekResultJson(outcome, "[]", "[]");
      const [one, two] = await Promise.all([
        weekPicksJson(ctx, state, contest.player1Id),
        weekPicksJson(ctx, state, contest.player2Id),
      ]);
      return weekResultJson(outcome, one, two);
    }),
  );
  return `[${weeks.join(",")}]`;
}

/** Admins: the first picker of every week of a contest, automatic or saved. */
export async function listFirstPickers(
  ctx: AppContext,
  contestId: string,
  admin: UserRow,
): Promise<FirstPickerAssignment[]> {
  const contest = await visibleContest(ctx.db, admin, contestId);
  if (!contest.player2Id) return [];
  const saved = new Map(
    (await firstPickerRepo.listAssignments(ctx.db, contestId)).map((row) => [row.week, row]),
  );
  const players = { player1Id: contest.player1Id, player2Id: contest.player2Id };
  return Array.from({ length: contest.totalWeeks }, (_, index) => {
    const week = index + 1;
    const manual = saved.get(week);
    return {
      contestId,
      week,
      firstPickerId: firstPickerFor(players, week, manual?.firstPickerId),
      isManualOverride: Boolean(manual),
    };
  });
}

/** Admins choose who picks first in a week: one of the two players, before anyone has picked that week. */
export async function saveFirstPicker(
  ctx: AppContext,
  admin: UserRow,
  body: { contestId: string; week: number; firstPickerId: string },
): Promise<FirstPickerAssignment> {
  return ctx.db.transaction(async (tx) => {
    const contest = await visibleContest(tx, admin, body.contestId, { forUpdate: true });
    if (!contest.player2Id) throw conflict("The invited player has not joined yet.");
    if (body.firstPickerId !== contest.player1Id && body.firstPickerId !== contest.player2Id) {
      throw conflict("The first picker must be one of the contest's two players.");
    }
    if (body.week < 1 || body.week > contest.totalWeeks)
      throw conflict(`Week must be between 1 and ${contest.totalWeeks}.`);
    if ((await picksRepo.listHeldPicks(tx, contest.id, body.week)).length > 0) {
      throw conflict(`Picks have been made in week ${body.week}: its first picker can no longer change.`);
    }
    await firstPickerRepo.saveAssignment(tx, { ...body, updatedBy: admin.id });
    await recordActivity(tx, {
      actorId: admin.id,
      action: "first-picker.saved",
      contestId: contest.id,
      subjectUserId: body.firstPickerId,
      details: { week: body.week },
    });
    return { ...body, isManualOverride: true };
  });
}
