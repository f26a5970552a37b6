import { describe, expect, it } from "vitest";
import { parseWeek, WEEKS } from "./use-week-param";

describe("parseWeek", () => {
  it.each([
    ["1", 1],
    ["18", 18],
    ["0", null],
    ["19", null],
    ["3.5", null],
    ["-2", null],
    ["abc", null],
    ["", null],
    [null, null],
  ])("%s gives %s", (value, week) => {
    expect(parseWeek(value)).toBe(week);
  });

  it("lists weeks 1 to 18", () => {
    expect(WEEKS).toHaveLength(18);
    expect(WEEKS[0]).toBe(1);
    expect(WEEKS.at(-1)).toBe(18);
  });
});
