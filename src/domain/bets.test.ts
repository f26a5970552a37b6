import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { betInWeek, changesBet, proposalState, type AgreedBet } from "./bets";

describe("betInWeek", () => {
  it.each<[string, AgreedBet[], number, number]>([
    ["no change: the contest's amount", [], 7, 25],
    ["before a change: unchanged", [{ fromWeek: 5, amount: 50 }], 4, 25],
    ["from the change's week on: the new amount", [{ fromWeek: 5, amount: 50 }], 5, 50],
    ["long after the change", [{ fromWeek: 5, amount: 50 }], 18, 50],
    [
      "two changes in week order: each from its week",
      [
        { fromWeek: 3, amount: 10 },
        { fromWeek: 8, amount: 40 },
      ],
      7,
      10,
    ],
    [
      "two changes in week order: the later week",
      [
        { fromWeek: 3, amount: 10 },
        { fromWeek: 8, amount: 40 },
      ],
      9,
      40,
    ],
    [
      "a later agreement from an earlier week overrides the earlier one",
      [
        { fromWeek: 8, amount: 40 },
        { fromWeek: 3, amount: 10 },
      ],
      9,
      10,
    ],
    ["free from a week on", [{ fromWeek: 2, amount: 0 }], 2, 0],
  ])("%s", (_, agreed, week, expected) => {
    expect(betInWeek(25, agreed, week)).toBe(expected);
  });

  it("never changes a week before the earliest change", () => {
    const change = fc.record({ fromWeek: fc.integer({ min: 1, max: 18 }), amount: fc.nat(500) });
    fc.assert(
      fc.property(fc.nat(500), fc.array(change, { maxLength: 6 }), (base, agreed) => {
        const first = Math.min(19, ...agreed.map((c) => c.fromWeek));
        for (let week = 1; week < first; week += 1) expect(betInWeek(base, agreed, week)).toBe(base);
      }),
    );
  });

  it("the last approved change decides its own week", () => {
    const change = fc.record({ fromWeek: fc.integer({ min: 1, max: 18 }), amount: fc.nat(500) });
    fc.assert(
      fc.property(fc.nat(500), fc.array(change, { minLength: 1, maxLength: 6 }), (base, agreed) => {
        const last = agreed.at(-1)!;
        expect(betInWeek(base, agreed, last.fromWeek)).toBe(last.amount);
      }),
    );
  });
});

describe("changesBet", () => {
  it("is false when every week from there on already has the amount", () => {
    expect(changesBet(25, [], { fromWeek: 3, amount: 25 }, 18)).toBe(false);
    expect(changesBet(25, [{ fromWeek: 2, amount: 40 }], { fromWeek: 3, amount: 40 }, 18)).toBe(false);
  });

  it("is true when some later week differs", () => {
    expect(changesBet(25, [{ fromWeek: 10, amount: 40 }], { fromWeek: 3, amount: 25 }, 18)).toBe(true);
    expect(changesBet(25, [], { fromWeek: 18, amount: 30 }, 18)).toBe(true);
  });
});

describe("proposalState", () => {
  const active = { active: true, currentWeek: 5 };
  it.each<[Parameters<typeof proposalState>, ReturnType<typeof proposalState>]>([
    [["proposed", 5, active], "proposed"],
    [["proposed", 9, active], "proposed"],
    [["proposed", 4, active], "expired"],
    [["proposed", 9, { active: false, currentWeek: 5 }], "expired"],
    [["approved", 1, active], "approved"],
    [["rejected", 1, active], "rejected"],
  ])("%j is %s", (args, expected) => {
    expect(proposalState(...args)).toBe(expected);
  });
});
