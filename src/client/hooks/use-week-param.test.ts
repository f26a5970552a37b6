import { describe, expect, it } from "vitest";
import { parseWeek } from "./use-week-param";

describe("parseWeek", () => {
  it.each([
    ["1", 1],
    ["18", 18],
    ["19", 19],
    ["22", 22],
    ["0", null],
    ["23", null],
    ["3.5", null],
    ["-2", null],
    ["abc", null],
    ["", null],
    [null, null],
  ])("%s gives %s", (value, week) => {
    expect(parseWeek(value)).toBe(week);
  });
});
