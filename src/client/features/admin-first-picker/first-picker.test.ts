import { describe, expect, it } from "vitest";
import type { Contest } from "@/contracts/contests";
import { canSave, managedContests, weekAssignments } from "./first-picker";

const ADA = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const CONTEST = "10000000-0000-4000-8000-000000000000";

const contest = (id: string, over: Partial<Contest>) =>
  ({ id, status: "active", player2Id: BOB, ...over }) as Contest;

describe("managedContests", () => {
  it("keeps active contests with both players", () => {
    const list = [
      contest("a", {}),
      contest("b", { status: "pending" }),
      contest("c", { player2Id: null }),
      contest("d", { status: "completed" }),
      contest("e", {}),
    ];
    expect(managedContests(list).map((c) => c.id)).toEqual(["a", "e"]);
  });
});

describe("weekAssignments", () => {
  it.each([
    { totalWeeks: 3, listed: [1, 2, 3], weeks: [1, 2, 3] },
    { totalWeeks: 4, listed: [2], weeks: [1, 2, 3, 4] },
    { totalWeeks: 2, listed: [1, 2, 3], weeks: [1, 2] },
  ])("one row per week to $totalWeeks", ({ totalWeeks, listed, weeks }) => {
    const rows = weekAssignments(
      totalWeeks,
      listed.map((week) => ({
        contestId: CONTEST,
        week,
        firstPickerId: week % 2 ? ADA : BOB,
        isManualOverride: week === 2,
      })),
    );
    expect(rows.map((row) => row.week)).toEqual(weeks);
  });

  it("starts at the contest's start week: the weeks before it are not the contest's", () => {
    const rows = weekAssignments(18, [], 5);
    expect(rows.map((row) => row.week)).toEqual(Array.from({ length: 14 }, (_, index) => index + 5));
  });

  it("carries the stored picker and the override flag, null when not listed", () => {
    const rows = weekAssignments(2, [
      { contestId: CONTEST, week: 2, firstPickerId: ADA, isManualOverride: true },
    ]);
    expect(rows).toEqual([
      { week: 1, firstPickerId: null, isManualOverride: false },
      { week: 2, firstPickerId: ADA, isManualOverride: true },
    ]);
  });
});

describe("canSave", () => {
  it.each([
    { chosen: ADA, stored: BOB, can: true },
    { chosen: BOB, stored: BOB, can: false },
    { chosen: null, stored: BOB, can: false },
    { chosen: ADA, stored: null, can: true },
    { chosen: "00000000-0000-4000-8000-0000000000ff", stored: BOB, can: false },
  ])("$chosen over $stored: $can", ({ chosen, stored, can }) => {
    expect(canSave(chosen, stored, [ADA, BOB])).toBe(can);
  });
});
