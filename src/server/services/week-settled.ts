import type { SeasonWeek } from "@/domain/season";
import type { WeekOutcome } from "@/domain/weekly";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { chunks } from "../db/chunks";
import { requestsFirst, TimeSlices } from "../event-loop-slices";
import { recordActivities, settledWeeksTold } from "../repositories/activity.repository";
import { listActiveContests, lockContests } from "../repositories/contests.repository";
import { weekKey, weeksWithPendingPicks } from "../repositories/picks.repository";
import { findContestsWithResults } from "../repositories/contest-results.repository";
import { findUsersByIds } from "../repositories/users.repository";
import { weekSettledNotice } from "./notice-texts";
import { queueNotices, type Notice } from "./queue-notices";
import { contestWeek } from "./contests.service";
import { contestOutcomes, loadWeekClock } from "./results.service";
import { recapSettledWeeks, type SettledWeek } from "./week-recaps";

const money = (amount: number) => `$${Math.abs(amount)}`;

/**
 * "You won 3–2 (+$25)", "You lost 1–2 (−$25)", "A push, 2–2", or for a week in which neither player
 * picked (`picks`: how many both made), "No picks made"; with the pot's rollover, a week no one won
 * adds " ($20 rolls over)".
 */
export function resultLine(outcome: WeekOutcome, player: "player1" | "player2", picks: number): string {
  const mine = player === "player1" ? outcome.player1Wins : outcome.player2Wins;
  const theirs = player === "player1" ? outcome.player2Wins : outcome.player1Wins;
  const score = `${mine}–${theirs}`;
  if (outcome.weekWinner === "tie") {
    const rolls = outcome.rollsOver ? ` (${money(outcome.potAmount)} rolls over)` : "";
    return `${picks === 0 ? "No picks made" : `A push, ${score}`}${rolls}`;
  }
  const won = outcome.weekWinner === player;
  const pot = outcome.potAmount > 0 ? ` (${won ? "+" : "−"}${money(outcome.potAmount)})` : "";
  const tiebreak = outcome.tiebreakWinner ? " on the tiebreaker" : "";
  return `${won ? "You won" : "You lost"} ${score}${tiebreak}${pot}`;
}

type ContestWeek = { contestId: string; week: number };

/**
 * Of these contest weeks, those with no pick left to grade: the only ones that may be settled. A
 * week with a pick not graded yet is not settled: a Sunday's first finals grade thousands of weeks
 * and settle few, whose standings data alone is then read (one plain read per batch of contests:
 * the same test as one statement with NOT EXISTS took PGlite 1.8 s on a crowded Sunday).
 */
async function withNoPickPending(db: Executor, weeks: readonly ContestWeek[]): Promise<ContestWeek[]> {
  const pending = new Set<string>();
  for (const batch of chunks([...new Set(weeks.map((row) => row.contestId))], SWEEP_BATCH)) {
    for (const key of await weeksWithPendingPicks(db, batch, weekNumbers(weeks))) pending.add(key);
  }
  return weeks.filter(({ contestId, week }) => !pending.has(weekKey(contestId, week)));
}

/**
 * Once a grading has committed (`announceAfterGrading`, game-changes.ts): tells the players of
 * these contest weeks that it settled, in a transaction of its own, so the grading's commit (and
 * the live scores it announces) never waits for the notices. A failure here leaves the grading as
 * it is: the sweep (below) tells them within ten minutes. The weeks that may be settled are
 * narrowed first, outside the transaction: on PGlite a transaction holds the one connection, and
 * every page view's statement would wait for a final's thousands of weeks (decision 045). Most
 * finals settle nothing and open no transaction; those that do are checked again in it
 * (`announceWeeks` reads each week's standings and tells only the settled ones, once).
 */
export async function tellSettledWeeks(
  ctx: AppContext,
  candidates: readonly ContestWeek[],
  season: SeasonWeek,
): Promise<void> {
  if (candidates.length === 0) return;
  try {
    const weeks = await withNoPickPending(ctx.db, candidates);
    if (weeks.length === 0) return;
    const told = await ctx.db.transaction((tx) => announceWeeks(ctx, tx, weeks, season));
    if (told > 0) ctx.mailer.kick();
  } catch {
    // Left to the sweep.
  }
}

/** Sweeps at most this often per instance (`sweepSettledWeeks`): it reads every active contest. */
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_BATCH = 200;
/**
 * How many weeks before the current one the sweep looks at: a server down for a few weeks (or a
 * replay's clock moved on) still tells the weeks settled meanwhile; weeks older than that, settled
 * before notices existed, are not told now.
 */
const SWEEP_WEEKS_BACK = 4;
const lastSweep = new WeakMap<AppContext, number>();

/**
 * The weeks settled with no grading to tell of it: by their last kickoff, every pick already
 * graded; or by two gradings committed at the same moment, neither seeing the other's grade. Every
 * `SWEEP_EVERY_MS` the reminder scheduler looks at each active contest's current week and the
 * `SWEEP_WEEKS_BACK` before it, and tells the players of a settled one not told yet.
 */
export async function sweepSettledWeeks(
  ctx: AppContext,
  season: SeasonWeek,
  options: { now?: boolean } = {},
): Promise<number> {
  // Real time: a replay's clock (APP_NOW) stands still.
  const now = Date.now();
  if (!options.now && now - (lastSweep.get(ctx) ?? 0) < SWEEP_EVERY_MS) return 0;
  lastSweep.set(ctx, now);
  const active = await listActiveContests(ctx.db);
  let told = 0;
  for (const batch of chunks(active, SWEEP_BATCH)) {
    const candidates = batch.flatMap((contest) => {
      const week = contestWeek(contest, season);
      const from = Math.max(contest.startWeek, week - SWEEP_WEEKS_BACK);
      return Array.from({ length: Math.max(0, week - from + 1) }, (_, at) => ({
        contestId: contest.id,
        week: from + at,
      }));
    });
    // Most current weeks have a pick not graded yet: read in one statement instead of each
    // contest's standings data (a crowd's server sweeps in the middle of a Sunday).
    const weeks = await withNoPickPending(ctx.db, candidates);
    if (weeks.length > 0) told += await ctx.db.transaction((tx) => announceWeeks(ctx, tx, weeks, season));
    // Requests that arrived meanwhile go first (with the database on this thread its answers are
    // microtasks).
    await requestsFirst();
  }
  return told;
}

/**
 * Tells both players of each of these contest weeks that is settled its result and its recap, once: the contest
 * rows are locked, and the activity log's `week.settled` line is the record that it was told (a
 * second grading, a score correction, the feed after the admin, the sweep, finds it and tells
 * nobody). Set-based: a Sunday's thousands of weeks cost a few statements, not a dozen each.
 */
async function announceWeeks(
  ctx: AppContext,
  tx: Executor,
  weeks: readonly { contestId: string; week: number }[],
  season: SeasonWeek,
): Promise<number> {
  if (weeks.length === 0) return 0;
  // The weeks not told before, read first and without the locks: a score correction or a sweep that
  // finds every week told reads no contest and locks nothing (read again under the locks below,
  // where two gradings at the same moment meet).
  const toldBefore = await toldWeeks(tx, [...new Set(weeks.map((row) => row.contestId))], weekNumbers(weeks));
  const seen = new Set<string>();
  const untold = weeks.filter(({ contestId, week }) => {
    const key = weekKey(contestId, week);
    if (seen.has(key) || toldBefore.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (untold.length === 0) return 0;
  const data = await findContestsWithResults(tx, [...new Set(untold.map((row) => row.contestId))]);
  const byId = new Map(data.map((entry) => [entry.contest.id, entry]));
  const clock = await loadWeekClock(
    tx,
    ctx.clock.now(),
    season,
    data.map((entry) => entry.contest.season),
  );
  // Of those, the weeks settled now (thousands on a Sunday: worked out in slices, requests between).
  const settled: (SettledWeek & { picks: number })[] = [];
  const loop = new TimeSlices();
  for (const { contestId, week } of untold) {
    await loop.pause();
    const entry = byId.get(contestId);
    const contest = entry?.contest;
    if (!entry || !contest?.player2Id) continue;
    if (contest.status !== "active" && contest.status !== "completed") continue;
    const outcomes = contestOutcomes(entry, week, clock);
    const outcome = outcomes.find((candidate) => candidate.week === week);
    if (outcome?.isSettled) {
      const picks = entry.tallies.picksIn(week);
      settled.push({ contest, player2Id: contest.player2Id, week, outcome, outcomes, picks });
    }
  }
  if (settled.length === 0) return 0;

  const locked = [...new Set(settled.map(({ contest }) => contest.id))];
  await lockContests(tx, locked);
  const toldNow = await toldWeeks(tx, locked, weekNumbers(settled));
  const telling = settled.filter(({ contest, week }) => !toldNow.has(weekKey(contest.id, week)));
  if (telling.length === 0) return 0;

  await recordActivities(
    tx,
    telling.map(({ contest, week, outcome }) => ({
      actorId: null,
      action: "week.settled",
      contestId: contest.id,
      details: {
        week,
        winner: outcome.weekWinner,
        player1Wins: outcome.player1Wins,
        player2Wins: outcome.player2Wins,
      },
    })),
  );
  const players = new Map(
    (
      await findUsersByIds(
        tx,
        telling.flatMap(({ contest, player2Id }) => [contest.player1Id, player2Id]),
      )
    ).map((user) => [user.id, user]),
  );
  const notices: Notice[] = telling.flatMap(({ contest, player2Id, week, outcome, picks }) =>
    (
      [
        [contest.player1Id, "player1"],
        [player2Id, "player2"],
      ] as const
    ).flatMap(([userId, side]) => {
      const user = players.get(userId);
      return user
        ? [weekSettledNotice(ctx, { to: user, contest, week, result: resultLine(outcome, side, picks) })]
        : [];
    }),
  );
  // Each player's recap of the week, written and told with it (week-recaps.ts).
  notices.push(...(await recapSettledWeeks(ctx, tx, telling, players)));
  await queueNotices(ctx, tx, notices);
  return telling.length;
}

const weekNumbers = (weeks: readonly { week: number }[]) => [...new Set(weeks.map((row) => row.week))];

/** The weeks of these contests already told settled, by `weekKey`. */
async function toldWeeks(
  tx: Executor,
  contestIds: readonly string[],
  weeks: readonly number[],
): Promise<Set<string>> {
  const told = await settledWeeksTold(tx, contestIds, weeks);
  return new Set(told.map((row) => weekKey(row.contestId, row.week)));
}
