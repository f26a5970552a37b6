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
  /** Each player may mark one pick of the week as their lock: it counts two wins, or two losses. */
  lockOfTheWeek: boolean;
  /** A week no one wins rolls its pot into the next week's, until a week is won. */
  potRollover: boolean;
}

/**
 * A contest's options from `fromWeek` on, as stored: an option added after a plan was written is
 * off in it.
 */
export interface RulePlan extends Partial<WeekRules> {
  fromWeek: number;
}

/** The rules of a contest without options. */
export const PLAIN_RULES: WeekRules = { tiebreaker: false, lockOfTheWeek: false, potRollover: false };

type Ruled = { rulePlans?: readonly RulePlan[] | null };

/** The rules of a week: the plan with the latest `fromWeek` at or before it, else the plain rules. */
export function rulesInWeek(contest: Ruled, week: number): WeekRules {
  let plan: RulePlan | undefined;
  for (const candidate of contest.rulePlans ?? []) {
    if (candidate.fromWeek <= week && (!plan || candidate.fromWeek > plan.fromWeek)) plan = candidate;
  }
  if (!plan) return PLAIN_RULES;
  return {
    tiebreaker: plan.tiebreaker ?? false,
    lockOfTheWeek: plan.lockOfTheWeek ?? false,
    potRollover: plan.potRollover ?? false,
  };
}

/** Whether any week of the contest is played with the tiebreaker. */
export const playsTiebreaker = (contest: Ruled): boolean =>
  (contest.rulePlans ?? []).some((plan) => plan.tiebreaker === true);

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
  rules.tiebreaker || rules.lockOfTheWeek || rules.potRollover ? [{ fromWeek: firstWeek, ...rules }] : null;
