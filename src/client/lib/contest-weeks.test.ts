import { describe, expect, it } from "vitest";
import { contestLength, contestProgress, contestWeek, nflWeeksText } from "./contest-weeks";

const contest = (extra: object = {}) => ({
  status: "active" as const,
  startWeek: 5,
  currentWeek: 5,
  totalWeeks: 18,
  ...extra,
});

describe("a contest's own weeks", () => {
  it("lasts from its start week through week 18", () => {
    expect(contestLength(contest())).toBe(14);
    expect(contestLength(contest({ startWeek: 1 }))).toBe(18);
    expect(contestLength(contest({ startWeek: 18 }))).toBe(1);
    expect(nflWeeksText(contest())).toBe("NFL weeks 5 to 18");
    expect(nflWeeksText(contest({ startWeek: 18 }))).toBe("NFL week 18");
  });

  it("counts its current week from 1", () => {
    expect(contestWeek(contest())).toBe(1);
    expect(contestWeek(contest({ currentWeek: 18 }))).toBe(14);
  });

  it("says where it stands by its status", () => {
    expect(contestProgress(contest({ currentWeek: 7 }))).toEqual({
      text: "Week 7",
      detail: "Contest week 3 of 14",
      fraction: 3 / 14,
    });
    expect(contestProgress(contest({ startWeek: 1, currentWeek: 7 })).detail).toBe("Contest week 7 of 18");
    expect(contestProgress(contest({ status: "pending" })).text).toBe("Starts in NFL week 5 · 14 weeks");
    expect(contestProgress(contest({ status: "completed", currentWeek: 18 }))).toEqual({
      text: "All 14 weeks played",
      detail: null,
      fraction: 1,
    });
  });
});
