/**
 * A contest's options of play, week by week: which rules a week is played by. A contest created
 * without options, and every week before its first plan, plays today's rules (no tiebreaker). A
 * change applies from a week on, as a change of rounds does; the weeks before keep the rules they
 * were played with (docs/rules.md, "Contest options").
 */

/** The options a week is played by. */
export interface WeekRules {
  /** Each player guesses the total points of the week's last game; the closer guess takes a tie. */
  tiebreaker: boolean;
}

/** A contest's options from `fromWeek` on. */
export interface RulePlan extends WeekRules {
  fromWeek: number;
}

/** The rules of a contest without options. */
export const PLAIN_RULES: WeekRules = { tiebreaker: false };

type Ruled = { rulePlans?: readonly RulePlan[] | null };

/** The rules of a week: the plan with the latest `fromWeek` at or before it, else the plain rules. */
export function rulesInWeek(contest: Ruled, week: number): WeekRules {
  let plan: RulePlan | undefined;
  for (const candidate of contest.rulePlans ?? []) {
    if (candidate.fromWeek <= week && (!plan || candidate.fromWeek > plan.fromWeek)) plan = candidate;
  }
  return plan ? { tiebreaker: plan.tiebreaker } : PLAIN_RULES;
}

/** Whether any week of the contest is played with the tiebreaker. */
export const playsTiebreaker = (contest: Ruled): boolean =>
  (contest.rulePlans ?? []).some((plan) => plan.tiebreaker);

/**
 * A contest's plans once some of its rules change from `fromWeek` on: the plans of earlier weeks
 * stay, the rules not changed carry on as they were that week.
 */
export function replanRulesFrom(contest: Ruled, fromWeek: number, change: Partial<WeekRules>): RulePlan[] {
  const before = (contest.rulePlans ?? []).filter((plan) => plan.fromWeek < fromWeek);
  return [...before, { ...rulesInWeek({ rulePlans: before }, fromWeek), ...change, fromWeek }];
}

/** The plans of a new contest: its options from its first week, or none for the plain rules. */
export const rulePlansOf = (rules: WeekRules, firstWeek: number): RulePlan[] | null =>
  rules.tiebreaker ? [{ fromWeek: firstWeek, ...rules }] : null;
