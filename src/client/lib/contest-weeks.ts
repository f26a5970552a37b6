import type { Contest } from "@/contracts/contests";
import { plural } from "@/domain/plural";

type Weeks = Pick<Contest, "status" | "startWeek" | "currentWeek" | "totalWeeks">;

/**
 * A contest runs from the NFL week it started in through its last week (18): one started in week 5
 * lasts 14 weeks. Texts about the contest (its progress, its length) count its own weeks; texts
 * about a week's games and picks name the NFL week (docs/rules.md, "Screens").
 */
export function contestLength(contest: Pick<Contest, "startWeek" | "totalWeeks">): number {
  return Math.max(1, contest.totalWeeks - contest.startWeek + 1);
}

/** The contest's own number of its current week: 1 in its first week, whatever the NFL week. */
export function contestWeek(contest: Pick<Contest, "startWeek" | "currentWeek" | "totalWeeks">): number {
  return Math.min(contestLength(contest), Math.max(1, contest.currentWeek - contest.startWeek + 1));
}

/** "14 weeks" (NFL weeks 5 to 18), "1 week". */
export const lengthText = (contest: Pick<Contest, "startWeek" | "totalWeeks">) =>
  plural(contestLength(contest), "week");

/** "NFL weeks 5 to 18", or "NFL week 18" for a one-week contest. */
export const nflWeeksText = (contest: Pick<Contest, "startWeek" | "totalWeeks">) =>
  contest.startWeek >= contest.totalWeeks
    ? `NFL week ${contest.totalWeeks}`
    : `NFL weeks ${contest.startWeek} to ${contest.totalWeeks}`;

/**
 * Where a contest stands, by the NFL week as every screen names weeks: "Week 7" while active, with
 * the contest's own progress worded as such beside it ("Contest week 3 of 14"); "Starts in NFL week
 * 5 · 14 weeks" while pending, "All 14 weeks played" once completed. `fraction` fills a progress bar.
 */
export function contestProgress(contest: Weeks): { text: string; detail: string | null; fraction: number } {
  const length = contestLength(contest);
  if (contest.status === "completed")
    return { text: `All ${lengthText(contest)} played`, detail: null, fraction: 1 };
  if (contest.status === "pending" || contest.status === "rejected")
    return {
      text: `Starts in NFL week ${contest.startWeek} · ${lengthText(contest)}`,
      detail: null,
      fraction: 0,
    };
  const week = contestWeek(contest);
  return {
    text: `Week ${contest.currentWeek}`,
    detail: `Contest week ${week} of ${length}`,
    fraction: week / length,
  };
}
