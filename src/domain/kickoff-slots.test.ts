import { describe, expect, it } from "vitest";
import {
  ALL_SLOTS,
  expectedFirstKickoff,
  isThanksgivingWeek,
  matchSlot,
  slotKickoff,
  slotOfKickoff,
  slotsOfWeek,
  thanksgiving,
  weekStart,
} from "./kickoff-slots";

const openings = [{ season: 2025, firstKickoff: new Date("2025-09-05T00:20:00Z") }];
const start = (season: number, week: number) => weekStart(season, week, openings);
const slot = (id: string) => {
  const found = ALL_SLOTS.get(id);
  if (!found) throw new Error(`no slot ${id}`);
  return found;
};
const kickoff = (id: string, season: number, week: number) =>
  slotKickoff(slot(id), start(season, week)).toISOString();

describe("the slots of a week", () => {
  it("are the NFL's, in Eastern time, grouped by day", () => {
    expect(slotsOfWeek(start(2025, 1)).map((s) => s.label)).toEqual([
      "Thursday 8:15 PM ET",
      "Thursday 8:20 PM ET (season opener)",
      "Friday 8:00 PM ET (international)",
      "Saturday 1:00 PM ET",
      "Saturday 4:30 PM ET",
      "Saturday 8:00 PM ET",
      "Sunday 9:30 AM ET (international)",
      "Sunday 1:00 PM ET",
      "Sunday 4:05 PM ET",
      "Sunday 4:25 PM ET",
      "Sunday 8:20 PM ET",
      "Monday 7:15 PM ET",
      "Monday 8:15 PM ET",
    ]);
    expect(new Set(ALL_SLOTS.keys()).size).toBe(ALL_SLOTS.size);
  });

  it("in Thanksgiving week, are the holiday's instead of Thursday night's and Friday's", () => {
    expect(isThanksgivingWeek(start(2025, 13))).toBe(true);
    expect(isThanksgivingWeek(start(2025, 12))).toBe(false);
    const labels = slotsOfWeek(start(2025, 13)).map((s) => s.label);
    expect(labels.slice(0, 5)).toEqual([
      "Thanksgiving 12:30 PM ET",
      "Thanksgiving 1:00 PM ET",
      "Thanksgiving 4:30 PM ET",
      "Thanksgiving 8:20 PM ET",
      "Black Friday 3:00 PM ET",
    ]);
    expect(labels).not.toContain("Thursday 8:15 PM ET");
    expect(labels).toContain("Sunday 1:00 PM ET");
  });

  it.each([
    [2025, { year: 2025, month: 11, day: 27 }],
    [2026, { year: 2026, month: 11, day: 26 }],
    [2027, { year: 2027, month: 11, day: 25 }],
  ])("Thanksgiving %i", (year, day) => {
    expect(thanksgiving(year)).toEqual(day);
  });
});

describe("a slot's kickoff: the chosen week of the chosen season, in Eastern time", () => {
  it.each([
    // Week 1 of 2025 runs Tue Sep 2 to Mon Sep 8.
    ["thursday-815pm", 2025, 1, "2025-09-05T00:15:00.000Z"],
    ["thursday-820pm", 2025, 1, "2025-09-05T00:20:00.000Z"],
    ["friday-800pm", 2025, 1, "2025-09-06T00:00:00.000Z"],
    ["sunday-930am", 2025, 1, "2025-09-07T13:30:00.000Z"],
    ["sunday-100pm", 2025, 1, "2025-09-07T17:00:00.000Z"],
    ["sunday-405pm", 2025, 1, "2025-09-07T20:05:00.000Z"],
    ["sunday-425pm", 2025, 1, "2025-09-07T20:25:00.000Z"],
    ["sunday-820pm", 2025, 1, "2025-09-08T00:20:00.000Z"],
    ["monday-715pm", 2025, 1, "2025-09-08T23:15:00.000Z"],
    ["monday-815pm", 2025, 1, "2025-09-09T00:15:00.000Z"],
    // The week decides the date: week 3 is two weeks on.
    ["sunday-100pm", 2025, 3, "2025-09-21T17:00:00.000Z"],
    // Week 9 straddles the autumn change: Thursday in EDT, Sunday in EST.
    ["thursday-815pm", 2025, 9, "2025-10-31T00:15:00.000Z"],
    ["sunday-100pm", 2025, 9, "2025-11-02T18:00:00.000Z"],
    // Thanksgiving week.
    ["thanksgiving-1230pm", 2025, 13, "2025-11-27T17:30:00.000Z"],
    ["thanksgiving-820pm", 2025, 13, "2025-11-28T01:20:00.000Z"],
    ["black-friday-300pm", 2025, 13, "2025-11-28T20:00:00.000Z"],
    // Week 18 crosses the year.
    ["saturday-430pm", 2025, 18, "2026-01-03T21:30:00.000Z"],
    ["sunday-100pm", 2025, 18, "2026-01-04T18:00:00.000Z"],
    // A season without games yet: its opener is expected the Thursday after Labor Day (Sep 10, 2026).
    ["thursday-820pm", 2026, 1, "2026-09-11T00:20:00.000Z"],
    ["sunday-100pm", 2026, 2, "2026-09-20T17:00:00.000Z"],
  ])("%s in %i week %i is %s", (id, season, week, iso) => {
    expect(kickoff(id, season, week)).toBe(iso);
    expect(matchSlot(new Date(iso), start(season, week))?.id).toBe(id);
    expect(slotOfKickoff(new Date(iso))?.id).toBe(id);
  });

  it("does not depend on the day the form is used, nor on the process's zone", () => {
    // Same answer as the table above, read with the process in another zone.
    const saved = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    try {
      expect(kickoff("thursday-815pm", 2025, 1)).toBe("2025-09-05T00:15:00.000Z");
    } finally {
      process.env.TZ = saved;
    }
  });

  it("finds no slot for a custom time, nor one of another week", () => {
    expect(matchSlot(new Date("2025-09-07T17:10:00Z"), start(2025, 1))).toBeUndefined();
    expect(matchSlot(new Date("2025-09-14T17:00:00Z"), start(2025, 1))).toBeUndefined();
    expect(slotOfKickoff(new Date("2025-09-07T17:10:00Z"))).toBeUndefined();
    expect(slotOfKickoff(new Date("nope"))).toBeUndefined();
    // Thanksgiving's 12:30 PM is no slot on an ordinary Thursday.
    expect(slotOfKickoff(new Date("2025-11-20T17:30:00Z"))).toBeUndefined();
  });

  it.each([
    [2025, "2025-09-05T00:20:00.000Z"],
    [2026, "2026-09-11T00:20:00.000Z"],
    [2027, "2027-09-10T00:20:00.000Z"],
  ])("expects %i's opener the Thursday after Labor Day, 8:20 PM ET", (season, iso) => {
    expect(expectedFirstKickoff(season).toISOString()).toBe(iso);
  });
});
