import { describe, expect, it } from "vitest";
import { PLAIN_RULES, playsTiebreaker, replanRulesFrom, rulePlansOf, rulesInWeek } from "./contest-rules";

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

  it("keeps the weeks before a change, and replaces the plans from its week on", () => {
    const contest = {
      rulePlans: [
        { fromWeek: 3, tiebreaker: true },
        { fromWeek: 8, tiebreaker: false },
      ],
    };
    expect(replanRulesFrom(contest, 6, { tiebreaker: false })).toEqual([
      { fromWeek: 3, tiebreaker: true },
      { fromWeek: 6, tiebreaker: false },
    ]);
    expect(replanRulesFrom({ rulePlans: null }, 4, { tiebreaker: true })).toEqual([
      { fromWeek: 4, tiebreaker: true },
    ]);
  });

  it("gives a new contest a plan from its first week only when it has an option on", () => {
    expect(rulePlansOf({ tiebreaker: true }, 13)).toEqual([{ fromWeek: 13, tiebreaker: true }]);
    expect(rulePlansOf({ tiebreaker: false }, 13)).toBeNull();
  });
});
