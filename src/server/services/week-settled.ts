import { and, eq, inArray, sql } from "drizzle-orm";
import type { SeasonWeek } from "@/domain/season";
import type { WeekOutcome } from "@/domain/weekly";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { activity, contests, picks } from "../db/schema";
import { recordActivity } from "../repositories/activity.repository";
import { listActiveContests } from "../repositories/contests.repository";
import { findContestsWithResults } from "../repositories/contest-results.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
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
  const data = await findContestsWithResults(tx, [...new Set(weeks.map((row) => row.contestId))]);
  const clock = await loadWeekClock(
    tx,
    ctx.clock.now(),
    season,
    data.map((entry) => entry.contest.season),
  );
  let told = 0;
  for (const { contestId, week } of weeks) {
    const entry = data.find((candidate) => candidate.contest.id === contestId);
    const contest = entry?.contest;
    const player2Id = contest?.player2Id;
    if (!entry || !contest || !player2Id) continue;
    if (contest.status !== "active" && contest.status !== "completed") continue;
    const outcome = contestOutcomes(contest, week, entry.tallies, clock, entry.agreed, entry.extras).find(
      (candidate) => candidate.week === week,
    );
    if (!outcome?.isSettled) continue;
    await tx.select({ id: contests.id }).from(contests).where(eq(contests.id, contest.id)).for("update");
    const [already] = await tx
      .select({ id: activity.id })
      .from(activity)
      .where(
        and(
          eq(activity.contestId, contest.id),
          eq(activity.action, "week.settled"),
          sql`(${activity.details} ->> 'week')::int = ${week}`,
        ),
      )
      .limit(1);
    if (already) continue;
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
    const players: [string, "player1" | "player2"][] = [
      [contest.player1Id, "player1"],
      [player2Id, "player2"],
    ];
    for (const [userId, side] of players) {
      const user: UserRow | undefined = await findUserById(tx, userId);
      if (!user) continue;
      await notify(
        ctx,
        tx,
        weekSettledNotice(ctx, { to: user, contest, week, result: resultLine(outcome, side) }),
      );
    }
    told += 1;
  }
  return told;
}
