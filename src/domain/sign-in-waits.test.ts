import { describe, expect, it } from "vitest";
import {
  dayWithFailure,
  waitAfter,
  waitLeft,
  withFailure,
  type FailureDay,
  type FailureRun,
} from "./sign-in-waits";

const at = (minutes: number) => new Date(Date.UTC(2025, 8, 4, 12, minutes));
const HOUR = 60;
const DAY = 24 * HOUR;

describe("waitAfter", () => {
  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 5_000],
    [6, 10_000],
    [7, 20_000],
    [12, 640_000],
    [13, 900_000],
    [40, 900_000],
    [10_000, 900_000],
  ])("after %i failures in a row: %i ms", (failures, wait) => {
    expect(waitAfter(failures)).toBe(wait);
  });
});

describe("withFailure", () => {
  const empty: FailureRun = { failures: 0, lastFailureAt: null, heldUntil: null };

  it.each<[string, FailureRun, number, FailureRun]>([
    ["the first failure: no wait", empty, 0, { failures: 1, lastFailureAt: at(0), heldUntil: null }],
    [
      "the fifth in a row: five seconds",
      { failures: 4, lastFailureAt: at(0), heldUntil: null },
      1,
      { failures: 5, lastFailureAt: at(1), heldUntil: new Date(at(1).getTime() + 5_000) },
    ],
    [
      "a run whose last failure is a day old starts again",
      { failures: 9, lastFailureAt: at(0), heldUntil: at(3) },
      DAY,
      { failures: 1, lastFailureAt: at(DAY), heldUntil: null },
    ],
    [
      "a failure just inside the day goes on with the run",
      { failures: 9, lastFailureAt: at(0), heldUntil: at(3) },
      DAY - 1,
      { failures: 10, lastFailureAt: at(DAY - 1), heldUntil: new Date(at(DAY - 1).getTime() + 160_000) },
    ],
  ])("%s", (_, run, minutes, next) => {
    expect(withFailure(run, at(minutes))).toEqual(next);
  });
});

describe("waitLeft", () => {
  it.each([
    [null, 0, 0],
    [at(2), 0, 2 * 60_000],
    [at(2), 2, 0],
    [at(2), 3, 0],
  ])("held until %s, at minute %i: %i ms", (heldUntil, minutes, left) => {
    expect(waitLeft({ heldUntil }, at(minutes))).toBe(left);
  });
});

describe("dayWithFailure", () => {
  const day = (dayFailures: number, started = 0, toldAt: number | null = null): FailureDay => ({
    dayStartedAt: at(started),
    dayFailures,
    toldAt: toldAt === null ? null : at(toldAt),
  });

  it.each<[string, FailureDay, number, FailureDay & { tell: boolean }]>([
    [
      "the first failure starts the day",
      { dayStartedAt: null, dayFailures: 0, toldAt: null },
      5,
      { dayStartedAt: at(5), dayFailures: 1, toldAt: null, tell: false },
    ],
    ["the ninth: not yet", day(8), 10, { ...day(9), tell: false }],
    ["the tenth: told", day(9), 10, { ...day(10, 0, 10), tell: true }],
    ["the eleventh, already told today: not again", day(10, 0, 10), 20, { ...day(11, 0, 10), tell: false }],
    ["a day after the day began: a new day", day(30, 0, 10), DAY, { ...day(1, DAY, 10), tell: false }],
    [
      "the tenth of the next day, a day after the last mail: told again",
      day(9, DAY, 10),
      DAY + 2 * HOUR,
      { ...day(10, DAY, DAY + 2 * HOUR), tell: true },
    ],
    [
      "the tenth of a new day less than a day after the last mail: not yet",
      day(9, DAY, DAY - 30),
      DAY + 2 * HOUR,
      { ...day(10, DAY, DAY - 30), tell: false },
    ],
  ])("%s", (_, before, minutes, after) => {
    expect(dayWithFailure(before, at(minutes))).toEqual(after);
  });
});
