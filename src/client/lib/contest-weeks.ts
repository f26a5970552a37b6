import type { Contest } from "@/contracts/contests";
import { plural } from "@/domain/plural";
import { isPostseason, REGULAR_WEEKS, weekName } from "@/domain/postseason";

type Weeks = Pick<Contest, "status" | "startWeek" | "currentWeek" | "totalWeeks">;

/**
 * A contest runs from the NFL week it started in through its last week (18, or 22 when it plays the
 * postseason): one started in week 5 lasts 14 weeks, 18 with the postseason. Texts about the
 * contest (its progress, its length) count its own weeks; texts about a week's games and picks name
 * the NFL week (docs/rules.md, "Screens").
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

/** Whether the contest goes on after week 18 through the postseason's rounds (its last week is 22). */
export const playsPostseason = (contest: Pick<Contest, "totalWeeks">) => isPostseason(contest.totalWeeks);

/**
 * "NFL weeks 5 to 18", or "NFL week 18" for a one-week contest; with the postseason "NFL weeks 13
 * to 18 and the postseason".
 */
export function nflWeeksText(contest: Pick<Contest, "startWeek" | "totalWeeks">): string {
  const last = Math.min(contest.totalWeeks, REGULAR_WEEKS);
  const regular =
    contest.startWeek >= last ? `NFL week ${last}` : `NFL weeks ${contest.startWeek} to ${last}`;
  return playsPostseason(contest) ? `${regular} and the postseason` : regular;
}

/**
 * Where a contest stands, by the NFL week as every screen names weeks: "Week 7" (a postseason round
 * by its name, "Wild Card") while active, with the contest's own progress worded as such beside it
 * ("Contest week 3 of 14"); "Starts in NFL week 5 · 14 weeks" while pending, "All 14 weeks played"
 * once completed. A contest's weeks count the postseason's rounds it plays. `fraction` fills a
 * progress bar.
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
    text: weekName(contest.currentWeek),
    detail: `Contest week ${week} of ${length}`,
    fraction: week / length,
  };
}
