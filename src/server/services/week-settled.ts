import { and, eq, inArray, sql } from "drizzle-orm";
import type { SeasonWeek } from "@/domain/season";
import type { WeekOutcome } from "@/domain/weekly";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { activity, contests, picks } from "../db/schema";
import { recordActivity } from "../repositories/activity.repository";
import { listActiveContests } from "../repositories/contests.repository";
import { findContestsWithResults } from "../repositories/contest-results.repository";
import { findUsersByIds } from "../repositories/users.repository";
import { weekSettledNotice } from "./notifications";
import { notify } from "./notify";
import { contestWeek } from "./contests.service";
import { contestOutcomes, loadWeekClock } from "./results.service";

const money = (amount: number) => `$${Math.abs(amount)}`;

/** "You won 3–2 (+$25)", "You lost 1–2 (−$25)", "A push, 2–2". */
export function resultLine(outcome: WeekOutcome, player: "player1" | "player2"): string {
  const mine = player === "player1" ? outcome.player1Wins : outcome.player2Wins;
  const theirs = player === "player1" ? outcome.player2Wins : outcome.player1Wins;
  const score = `${mine}–${theirs}`;
  if (outcome.weekWinner === "tie") return `A push, ${score}`;
  const won = outcome.weekWinner === player;
  const pot = outcome.potAmount > 0 ? ` (${won ? "+" : "−"}${money(outcome.potAmount)})` : "";
  return `${won ? "You won" : "You lost"} ${score}${pot}`;
}

/**
 * After grading (inside its transaction): each contest week with picks on these games that is now
 * settled tells both players its result, once (`announceWeeks`).
 */
export async function announceSettledWeeks(
  ctx: AppContext,
  tx: Executor,
  gameIds: readonly string[],
  season: SeasonWeek,
): Promise<number> {
  if (gameIds.length === 0) return 0;
  const weeks = await tx
    .selectDistinct({ contestId: picks.contestId, week: picks.week })
    .from(picks)
    .where(inArray(picks.gameId, [...gameIds]));
  return announceWeeks(ctx, tx, weeks, season);
}

/**
 * Once a grading has committed: tells the players of the weeks it settled, in a transaction of its
 * own, so the grading's commit (and the live scores it announces) never waits for the notices. A
 * failure here leaves the grading as it is: the sweep (below) tells them within ten minutes.
 */
export async function announceAfterGrading(
  ctx: AppContext,
  gameIds: readonly string[],
  season: SeasonWeek,
): Promise<void> {
  if (gameIds.length === 0) return;
  try {
    const told = await ctx.db.transaction((tx) => announceSettledWeeks(ctx, tx, gameIds, season));
    if (told > 0) ctx.mailer.kick();
  } catch {
    // Left to the sweep.
  }
}

/** Sweeps at most this often per instance (`sweepSettledWeeks`): it reads every active contest. */
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_BATCH = 200;
const lastSweep = new WeakMap<AppContext, number>();

/**
 * The weeks settled with no grading to tell of it: by their last kickoff, every pick already
 * graded; or by two gradings committed at the same moment, neither seeing the other's grade. Every
 * `SWEEP_EVERY_MS` the reminder scheduler looks at each active contest's current and previous week
 * and tells the players of a settled one not told yet. Only those two weeks: weeks settled before
 * notices existed are not told now.
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
  for (let at = 0; at < active.length; at += SWEEP_BATCH) {
    const weeks = active.slice(at, at + SWEEP_BATCH).flatMap((contest) => {
      const week = contestWeek(contest, season);
      return [week - 1, week]
        .filter((candidate) => candidate >= contest.startWeek)
        .map((candidate) => ({ contestId: contest.id, week: candidate }));
    });
    told += await ctx.db.transaction((tx) => announceWeeks(ctx, tx, weeks, season));
  }
  return told;
}

/**
 * Tells both players of each of these contest weeks that is settled its result, once: the contest
 * row is locked, and the activity log's `week.settled` line is the record that it was told (a
 * second grading, a score correction, the feed after the admin, the sweep, finds it and tells
 * nobody).
 */
async function announceWeeks(
  ctx: AppContext,
  tx: Executor,
  weeks: readonly { contestId: string; week: number }[],
  season: SeasonWeek,
): Promise<number> {
  if (weeks.length === 0) return 0;
  const contestIds = [...new Set(weeks.map((row) => row.contestId))];
  const data = await findContestsWithResults(tx, contestIds);
  const clock = await loadWeekClock(
    tx,
    ctx.clock.now(),
    season,
    data.map((entry) => entry.contest.season),
  );
  // The weeks settled now, less those told before (read for all at once; checked again under the
  // contest's lock below, where two gradings at the same moment meet).
  const told = await toldWeeks(tx, contestIds);
  const settled = weeks.flatMap(({ contestId, week }) => {
    const entry = data.find((candidate) => candidate.contest.id === contestId);
    const contest = entry?.contest;
    if (!entry || !contest?.player2Id || told.has(`${contestId}|${week}`)) return [];
    if (contest.status !== "active" && contest.status !== "completed") return [];
    const outcome = contestOutcomes(contest, week, entry.tallies, clock, entry.agreed, entry.extras).find(
      (candidate) => candidate.week === week,
    );
    return outcome?.isSettled ? [{ contest, player2Id: contest.player2Id, week, outcome }] : [];
  });
  if (settled.length === 0) return 0;
  const players = new Map(
    (
      await findUsersByIds(
        tx,
        settled.flatMap(({ contest, player2Id }) => [contest.player1Id, player2Id]),
      )
    ).map((user) => [user.id, user]),
  );
  let count = 0;
  for (const { contest, player2Id, week, outcome } of settled) {
    await tx.select({ id: contests.id }).from(contests).where(eq(contests.id, contest.id)).for("update");
    if ((await toldWeeks(tx, [contest.id], week)).size > 0) continue;
    await recordActivity(tx, {
      actorId: null,
      action: "week.settled",
      contestId: contest.id,
      details: {
        week,
        winner: outcome.weekWinner,
        player1Wins: outcome.player1Wins,
        player2Wins: outcome.player2Wins,
      },
    });
    for (const [userId, side] of [
      [contest.player1Id, "player1"],
      [player2Id, "player2"],
    ] as const) {
      const user = players.get(userId);
      if (!user) continue;
      await notify(
        ctx,
        tx,
        weekSettledNotice(ctx, { to: user, contest, week, result: resultLine(outcome, side) }),
      );
    }
    count += 1;
  }
  return count;
}

/** The weeks of these contests already told (`week.settled` in the activity log), as "contestId|week". */
async function toldWeeks(tx: Executor, contestIds: readonly string[], week?: number): Promise<Set<string>> {
  const rows = await tx
    .select({ contestId: activity.contestId, week: sql<number>`(${activity.details} ->> 'week')::int` })
    .from(activity)
    .where(
      and(
        inArray(activity.contestId, [...contestIds]),
        eq(activity.action, "week.settled"),
        week === undefined ? undefined : sql`(${activity.details} ->> 'week')::int = ${week}`,
      ),
    );
  return new Set(rows.map((row) => `${row.contestId}|${row.week}`));
}
