import { describe, expect, it } from "vitest";
import { PLAIN_RULES, playsTiebreaker, replanRulesFrom, rulePlansOf, rulesInWeek } from "./contest-rules";

const rules = (change: Partial<typeof PLAIN_RULES>) => ({ ...PLAIN_RULES, ...change });

describe("a contest's options by week", () => {
  it("plays the plain rules without plans, and before the first plan", () => {
    expect(rulesInWeek({ rulePlans: null }, 5)).toEqual(PLAIN_RULES);
    expect(rulesInWeek({ rulePlans: [{ fromWeek: 6, tiebreaker: true }] }, 5)).toEqual(PLAIN_RULES);
    expect(playsTiebreaker({ rulePlans: null })).toBe(false);
  });

  it("plays the plan with the latest first week at or before the week", () => {
    const contest = {
      rulePlans: [
        { fromWeek: 3, tiebreaker: true },
        { fromWeek: 8, tiebreaker: false },
      ],
    };
    expect(rulesInWeek(contest, 3).tiebreaker).toBe(true);
    expect(rulesInWeek(contest, 7).tiebreaker).toBe(true);
    expect(rulesInWeek(contest, 8).tiebreaker).toBe(false);
    expect(playsTiebreaker(contest)).toBe(true);
  });

  it("reads an option a stored plan does not name as off", () => {
    expect(rulesInWeek({ rulePlans: [{ fromWeek: 1, tiebreaker: true }] }, 4)).toEqual(
      rules({ tiebreaker: true }),
    );
  });

  it("keeps the weeks before a change, and replaces the plans from its week on", () => {
    const contest = {
      rulePlans: [
        { fromWeek: 3, tiebreaker: true, lockOfTheWeek: true },
        { fromWeek: 8, tiebreaker: false },
      ],
    };
    expect(replanRulesFrom(contest, 6, { tiebreaker: false })).toEqual([
      { fromWeek: 3, tiebreaker: true, lockOfTheWeek: true },
      { fromWeek: 6, ...rules({ lockOfTheWeek: true }) },
    ]);
    expect(replanRulesFrom({ rulePlans: null }, 4, { potRollover: true })).toEqual([
      { fromWeek: 4, ...rules({ potRollover: true }) },
    ]);
  });

  it("gives a new contest a plan from its first week only when it has an option on", () => {
    expect(rulePlansOf(rules({ tiebreaker: true }), 13)).toEqual([
      { fromWeek: 13, ...rules({ tiebreaker: true }) },
    ]);
    expect(rulePlansOf(rules({ lockOfTheWeek: true }), 2)).toEqual([
      { fromWeek: 2, ...rules({ lockOfTheWeek: true }) },
    ]);
    expect(rulePlansOf(rules({ potRollover: true }), 2)).toHaveLength(1);
    expect(rulePlansOf(PLAIN_RULES, 13)).toBeNull();
  });
});
