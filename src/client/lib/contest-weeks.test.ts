import { describe, expect, it } from "vitest";
import {
  contestLength,
  contestProgress,
  contestWeek,
  lengthText,
  nflWeeksText,
  playsPostseason,
} from "./contest-weeks";

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

describe("a contest that plays the postseason", () => {
  const postseason = (extra: object = {}) => contest({ startWeek: 13, totalWeeks: 22, ...extra });

  it("counts the postseason's four rounds among its weeks", () => {
    expect(playsPostseason(postseason())).toBe(true);
    expect(playsPostseason(contest())).toBe(false);
    expect(contestLength(postseason())).toBe(10);
    expect(lengthText(postseason())).toBe("10 weeks");
    expect(nflWeeksText(postseason())).toBe("NFL weeks 13 to 18 and the postseason");
    expect(nflWeeksText(postseason({ startWeek: 18 }))).toBe("NFL week 18 and the postseason");
  });

  it("names a postseason round by its name as it stands in it", () => {
    expect(contestProgress(postseason({ currentWeek: 13 }))).toEqual({
      text: "Week 13",
      detail: "Contest week 1 of 10",
      fraction: 1 / 10,
    });
    expect(contestProgress(postseason({ currentWeek: 19 }))).toEqual({
      text: "Wild Card",
      detail: "Contest week 7 of 10",
      fraction: 7 / 10,
    });
    expect(contestProgress(postseason({ currentWeek: 22 })).text).toBe("Super Bowl");
    expect(contestProgress(postseason({ status: "pending" })).text).toBe("Starts in NFL week 13 · 10 weeks");
  });
});
