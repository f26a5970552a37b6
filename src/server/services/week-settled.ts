import { and, eq, inArray, sql } from "drizzle-orm";
import type { SeasonWeek } from "@/domain/season";
import type { WeekOutcome } from "@/domain/weekly";
import type { AppContext } from "../context";
import type { Executor } from "../db/client";
import { activity, contests, picks } from "../db/schema";
import { recordActivity } from "../repositories/activity.repository";
import { findContestsWithResults } from "../repositories/contest-results.repository";
import { findUserById, type UserRow } from "../repositories/users.repository";
import { weekSettledNotice } from "./notifications";
import { notify } from "./notify";
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
 * settled tells both players its result, once. The contest row is locked, and the activity log's
 * `week.settled` line is the record that it was told: a second grading (a score correction, the
 * feed after the admin) finds it and tells nobody.
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
