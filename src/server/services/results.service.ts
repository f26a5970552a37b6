import { betInWeek, type AgreedBet } from "@/domain/bets";
import { rulesInWeek } from "@/domain/contest-rules";
import { isOpen } from "@/domain/picks";
import { betMultiplier } from "@/domain/postseason";
import { roundTotals, weekRounds } from "@/domain/rounds";
import { weekStartMs, type SeasonOpening, type SeasonWeek } from "@/domain/season";
import {
  rollPots,
  runningTotal,
  seasonWinner,
  weekOutcome,
  type Result,
  type TiebreakInput,
  type WeekOutcome,
} from "@/domain/weekly";
import type { ContestStanding } from "@/contracts/picks";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { readCache, type ReadCache } from "../db/read-cache";
import { listApprovedChanges } from "../repositories/bet-changes.repository";
import { lastGamesOfWeeks, seasonOpenings, weekKickoffs } from "../repositories/games.repository";
import type { ContestResultsData, LockPick, Tallies } from "../repositories/contest-results.repository";
import type { ContestRow } from "../repositories/contests.repository";
import { completeContest } from "../repositories/contests.repository";
import type { ExtraGameRow } from "../repositories/proposals.repository";
import { recordActivity } from "../repositories/activity.repository";

/** What decides whether a week can still be picked: kickoffs, the season calendar and the clock. */
export interface WeekClock {
  now: Date;
  season: SeasonWeek;
  openings: SeasonOpening[];
  /**
   * Each week's last kickoff (epoch ms) by `weekId(season, week)`; shared by every clock made of the
   * same kickoffs: read only.
   */
  lastKickoff: ReadonlyMap<number, number>;
  /** Each week's last game by `weekId(season, week)`, the weekly tiebreaker's: read only. */
  lastGames: ReadonlyMap<number, LastGame>;
}

/** A week's last game as the tiebreaker reads it. */
export interface LastGame {
  id: string;
  kickoff: Date;
  status: "upcoming" | "live" | "final" | "postponed" | "canceled";
  /** The total points once final; "void" when canceled (the tiebreaker falls away); else null. */
  total: number | "void" | null;
}

export async function loadWeekClock(
  db: Executor,
  now: Date,
  season: SeasonWeek,
  seasons: number[],
  /** Given outside transactions: the kickoffs come from memory until the schedule changes. */
  cache?: ReadCache,
): Promise<WeekClock> {
  const distinct = [...new Set(seasons)].sort((a, b) => a - b);
  const [openings, kickoffs, lastGames] = await Promise.all([
    cache ? cache.through("schedule", "openings", () => seasonOpenings(db)) : seasonOpenings(db),
    cache
      ? cache.through("schedule", `kickoffs:${distinct.join(",")}`, () => weekKickoffs(db, distinct))
      : weekKickoffs(db, distinct),
    // The games topic, not the schedule's: a last game's final clears it (its total moves).
    cache
      ? cache.through("games", `last-games:${distinct.join(",")}`, () => loadLastGames(db, distinct))
      : loadLastGames(db, distinct),
  ]);
  return { now, season, openings, lastKickoff: lastKickoffOf(kickoffs), lastGames };
}

/** The clock of now for these seasons, outside transactions: kickoffs and last games from memory. */
export const weekClockNow = (ctx: AppContext, season: SeasonWeek, seasons: number[]): Promise<WeekClock> =>
  loadWeekClock(ctx.db, ctx.clock.now(), season, seasons, readCache(ctx.database));

async function loadLastGames(db: Executor, seasons: number[]): Promise<Map<number, LastGame>> {
  const rows = await lastGamesOfWeeks(db, seasons);
  return new Map(
    rows.map((row) => [
      weekId(row.season, row.week),
      {
        id: row.id,
        kickoff: row.gameDate,
        status: row.status,
        total:
          row.status === "canceled"
            ? "void"
            : row.status === "final" && row.homeScore !== null && row.awayScore !== null
              ? row.homeScore + row.awayScore
              : null,
      },
    ]),
  );
}

/** A week's last game, if the week has games. */
export const lastGameOf = (clock: WeekClock, season: number, week: number): LastGame | undefined =>
  clock.lastGames.get(weekId(season, week));

/** The tiebreaker's game has started (or is over): the guesses are locked, and shown to both players. */
export const tiebreakLocked = (game: LastGame | undefined, now: Date): boolean =>
  !game || game.kickoff.getTime() <= now.getTime() || game.status === "live" || game.status === "final";

/** Each list of kickoffs' map, made once per list: the one in memory serves every request. */
const lastKickoffs = new WeakMap<object, Map<number, number>>();

/**
 * A week as one number, the key of `WeekClock.lastKickoff`: every standing asks it of each week of
 * each contest (a final's grades, thousands of contests), where a string key was built and hashed
 * each time.
 */
const weekId = (season: number, week: number) => season * 100 + week;

function lastKickoffOf(kickoffs: readonly { season: number; week: number; lastKickoff: Date | null }[]) {
  let map = lastKickoffs.get(kickoffs);
  if (!map) {
    map = new Map(
      kickoffs.flatMap((row) =>
        row.lastKickoff ? [[weekId(row.season, row.week), row.lastKickoff.getTime()] as const] : [],
      ),
    );
    lastKickoffs.set(kickoffs, map);
  }
  return map;
}

/**
 * No pick can be made in a week once every game has kicked off, or once the week itself is over. A
 * season without any game has no calendar: its weeks are over when it is before the current season,
 * still ahead when it is the current one or later (its schedule is not loaded yet).
 */
export function weekClosed(clock: WeekClock, season: number, week: number): boolean {
  const last = clock.lastKickoff.get(weekId(season, week));
  if (last !== undefined && last <= clock.now.getTime()) return true;
  const opening = clock.openings.find((candidate) => candidate.season === season);
  if (!opening) return season < clock.season.season;
  return weekStartMs(opening.firstKickoff, week + 1) <= clock.now.getTime();
}

/** The contest's own weekly amount, before any change: $0 when free. */
export const baseBet = (contest: Pick<ContestRow, "isFree" | "betAmount">) =>
  contest.isFree ? 0 : contest.betAmount;

/** The bet in force in a week: the contest's amount, or the latest approved change from that week or before. */
export const potOf = (contest: ContestRow, agreed: readonly AgreedBet[], week: number) =>
  betInWeek(baseBet(contest), agreed, week);

/** Approved bet changes of many contests in one query, each contest's in the order they were approved. */
export async function agreedBetsByContest(
  db: Executor,
  contestIds: string[],
): Promise<Map<string, AgreedBet[]>> {
  const byContest = new Map<string, AgreedBet[]>();
  for (const row of await listApprovedChanges(db, contestIds)) {
    const list = byContest.get(row.contestId) ?? [];
    list.push({ fromWeek: row.fromWeek, amount: row.amount });
    byContest.set(row.contestId, list);
  }
  return byContest;
}

/**
 * The weeks of a contest that have begun, each with its outcome (pending weeks in progress). Each
 * week's pot is the bet in force that week (`agreed`: the contest's approved bet changes, in order).
 */
export function contestOutcomes(
  data: Pick<ContestResultsData, "contest" | "tallies" | "agreed" | "extras" | "guesses" | "locks">,
  currentWeek: number,
  clock: WeekClock,
): WeekOutcome[] {
  const { contest, tallies, agreed, extras, locks } = data;
  if (contest.status === "pending" || contest.status === "rejected" || !contest.player2Id) return [];
  // The picks by week, in one pass over the tallies (every contest list and standings reads this).
  const byWeek = new Map<number, { userId: string; result: Result }[]>();
  let lastWeek = currentWeek;
  tallies.forEach((week, userId, result, count) => {
    lastWeek = Math.max(lastWeek, week);
    let picks = byWeek.get(week);
    if (!picks) byWeek.set(week, (picks = []));
    const pick = { userId, result };
    for (let n = 0; n < count; n += 1) picks.push(pick);
  });
  const outcomes: WeekOutcome[] = [];
  for (let week = contest.startWeek; week <= Math.min(lastWeek, contest.totalWeeks); week += 1) {
    const picks = byWeek.get(week) ?? [];
    const rules = rulesInWeek(contest, week);
    outcomes.push(
      weekOutcome({
        week,
        pot: potOf(contest, agreed, week) * betMultiplier(contest.postseasonMultipliers, week),
        player1Id: contest.player1Id,
        player2Id: contest.player2Id,
        picks,
        allowance: roundTotals(weekRounds(contest, week)),
        extra: extraAllowance(contest, extras, week, clock.now),
        allKickedOff: weekClosed(clock, contest.season, week),
        tiebreak: rules.tiebreaker ? tiebreakOf(data, clock, week) : undefined,
        locks: locks.length > 0 ? locks.filter((lock) => lock.week === week) : undefined,
      }),
    );
  }
  // A contest without options of play has no plans: its pots are the bets, as they always were.
  if (!contest.rulePlans) return outcomes;
  return rollPots(outcomes, (week) => rulesInWeek(contest, week).potRollover);
}

/**
 * A week's tiebreaker: both guesses and the last game's total ("void", falling away, in a week
 * without games).
 */
function tiebreakOf(
  data: Pick<ContestResultsData, "contest" | "guesses">,
  clock: WeekClock,
  week: number,
): TiebreakInput {
  const guessOf = (userId: string | null) =>
    data.guesses.find((guess) => guess.week === week && guess.userId === userId)?.guess ?? null;
  const game = lastGameOf(clock, data.contest.season, week);
  return {
    player1Guess: guessOf(data.contest.player1Id),
    player2Guess: guessOf(data.contest.player2Id),
    total: game ? game.total : "void",
  };
}

/**
 * Per player, the week's accepted extra games (game proposals) that still count: the ones the player
 * picked, and the ones not kicked off yet (still to pick). One that started unpicked adds nothing.
 */
export function extraAllowance(
  contest: Pick<ContestRow, "player1Id" | "player2Id">,
  extras: readonly ExtraGameRow[],
  week: number,
  now: Date,
): { player1: number; player2: number } {
  const ofWeek = extras.filter((extra) => extra.week === week);
  const counted = (userId: string | null) =>
    ofWeek.filter((extra) => (userId !== null && extra.pickers.includes(userId)) || isOpen(extra, now))
      .length;
  return { player1: counted(contest.player1Id), player2: counted(contest.player2Id) };
}

export function standingOf(
  contest: ContestRow,
  tallies: Tallies,
  outcomes: WeekOutcome[],
  locks: readonly LockPick[] = [],
): ContestStanding {
  const weeks = (winner: "player1" | "player2") =>
    outcomes.filter((week) => week.isSettled && week.weekWinner === winner).length;
  // A lock of the week counts twice: once among the tallies, once more here.
  const count = (userId: string | null, result: "win" | "loss") =>
    tallies.count(userId, result) +
    locks.filter((lock) => lock.userId === userId && lock.result === result).length;
  return {
    player1: {
      wins: count(contest.player1Id, "win"),
      losses: count(contest.player1Id, "loss"),
      weeksWon: weeks("player1"),
      weeksLost: weeks("player2"),
      runningTotal: runningTotal(outcomes, "player1"),
    },
    player2: {
      wins: count(contest.player2Id, "win"),
      losses: count(contest.player2Id, "loss"),
      weeksWon: weeks("player2"),
      weeksLost: weeks("player1"),
      runningTotal: runningTotal(outcomes, "player2"),
    },
    completedWeeks: outcomes.filter((week) => week.isSettled).length,
  };
}

const NO_RECORD = { wins: 0, losses: 0, weeksWon: 0, weeksLost: 0, runningTotal: 0 };

export const EMPTY_STANDING: ContestStanding = { player1: NO_RECORD, player2: NO_RECORD, completedWeeks: 0 };

/**
 * An active contest whose every week through the last is settled is completed; the player with
 * more correct picks wins it (no winner on a tie). Returns the row as it now stands.
 */
export async function completeIfSettled(
  db: Executor,
  contest: ContestRow,
  outcomes: WeekOutcome[],
): Promise<ContestRow> {
  if (contest.status !== "active") return contest;
  const weeks = contest.totalWeeks - contest.startWeek + 1;
  const settled = outcomes.filter((week) => week.isSettled && week.week <= contest.totalWeeks);
  if (settled.length < weeks) return contest;
  const winner = seasonWinner(settled);
  const winnerId = winner === "player1" ? contest.player1Id : winner === "player2" ? contest.player2Id : null;
  return db.transaction(async (tx) => {
    // Only the first to find it finished completes it (two readers at once write nothing twice).
    const updated = await completeContest(tx, contest.id, winnerId);
    if (!updated) return contest;
    await recordActivity(tx, {
      actorId: null,
      action: "contest.completed",
      contestId: contest.id,
      details: { winnerId },
    });
    return updated;
  });
}
