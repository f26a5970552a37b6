import { describe, expect, it } from "vitest";
import { automaticFirstPicker, firstPickerDeadline, firstPickerFor, mayPick } from "./turn";

const kickoff2025 = new Date("2025-09-05T00:20:00Z");
const players = { player1Id: "p1", player2Id: "p2" };

describe("first picker", () => {
  it.each([
    [1, "p1"],
    [2, "p2"],
    [3, "p1"],
    [18, "p2"],
  ])("week %i: %s automatically", (week, expected) => {
    expect(automaticFirstPicker(players, week)).toBe(expected);
  });

  it("follows an admin's choice for the week, but only a player of the contest", () => {
    expect(firstPickerFor(players, 1, "p2")).toBe("p2");
    expect(firstPickerFor(players, 2, "p1")).toBe("p1");
    expect(firstPickerFor(players, 1, "someone-else")).toBe("p1");
    expect(firstPickerFor(players, 1, null)).toBe("p1");
  });
});

describe("the Thursday 4:00 PM Pacific deadline", () => {
  it.each([
    // Pacific daylight time (UTC-7): 23:00 UTC on Thursday.
    [1, "2025-09-04T23:00:00.000Z"],
    [2, "2025-09-11T23:00:00.000Z"],
    [9, "2025-10-30T23:00:00.000Z"],
    // Daylight saving ends Sunday 2025-11-02: Pacific standard time (UTC-8), midnight UTC.
    [10, "2025-11-07T00:00:00.000Z"],
    [18, "2026-01-02T00:00:00.000Z"],
  ])("week %i: %s", (week, iso) => {
    expect(firstPickerDeadline(kickoff2025, week).toISOString()).toBe(iso);
  });

  it("for a season opening in March, crosses the spring change too", () => {
    const opener = new Date("2027-03-05T01:00:00Z"); // Thursday evening Pacific, before the 14 March change
    expect(firstPickerDeadline(opener, 1).toISOString()).toBe("2027-03-05T00:00:00.000Z");
    expect(firstPickerDeadline(opener, 2).toISOString()).toBe("2027-03-12T00:00:00.000Z");
    // Daylight saving starts Sunday 2027-03-14.
    expect(firstPickerDeadline(opener, 3).toISOString()).toBe("2027-03-18T23:00:00.000Z");
  });
});

describe("mayPick", () => {
  const deadline = new Date("2025-09-11T23:00:00Z");
  const before = new Date("2025-09-10T12:00:00Z");
  const after = new Date("2025-09-11T23:00:00Z");
  it.each([
    ["the first picker, any time", "p1", false, before, true],
    ["the second picker before the first is done", "p2", false, before, false],
    ["the second picker once the first is done", "p2", true, before, true],
    ["the second picker at the deadline", "p2", false, after, true],
  ])("%s", (_label, userId, firstPickerDone, now, expected) => {
    expect(mayPick({ userId, firstPickerId: "p1", firstPickerDone, deadline, now })).toBe(expected);
  });
});
