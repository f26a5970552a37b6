import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CUSTOM_PRESET,
  formWeek,
  formWeekStart,
  fromEasternInput,
  matchPreset,
  movedKickoff,
  presetKickoff,
  presetsFor,
  toEasternInput,
} from "./game-time-presets";

const openings = [{ season: 2025, firstKickoff: new Date("2025-09-05T00:20:00Z") }];
const start = (week: number | string, season: number | string = 2025) =>
  formWeekStart(week, season, openings);

describe("the form's week", () => {
  it.each([
    ["1", "2025", { week: 1, season: 2025 }],
    [18, 2025, { week: 18, season: 2025 }],
    ["22", "2030", { week: 22, season: 2030 }],
    ["", "2025", null],
    ["0", "2025", null],
    ["23", "2025", null],
    ["1.5", "2025", null],
    ["1", "", null],
    ["1", "2019", null],
  ])("week %j of season %j is %j", (week, season, named) => {
    expect(formWeek(week, season)).toEqual(named);
  });

  it("begins on the season calendar's Tuesday turnover", () => {
    expect(start(1)?.toISOString()).toBe("2025-09-02T06:00:00.000Z");
    expect(start(18)?.toISOString()).toBe("2025-12-30T06:00:00.000Z");
    expect(start("")).toBeNull();
  });
});

describe("presets", () => {
  it("are placed in the chosen week, not the week of today", () => {
    // The admin's clock plays no part: the same preset, three weeks, three dates.
    expect(presetKickoff("sunday-100pm", start(1)!)).toBe("2025-09-07T17:00:00.000Z");
    expect(presetKickoff("sunday-100pm", start(2)!)).toBe("2025-09-14T17:00:00.000Z");
    expect(presetKickoff("thursday-815pm", start(18)!)).toBe("2026-01-02T01:15:00.000Z");
  });

  it("offer Thanksgiving's slots in Thanksgiving week only", () => {
    expect(presetKickoff("thanksgiving-1230pm", start(13)!)).toBe("2025-11-27T17:30:00.000Z");
    expect(presetKickoff("thanksgiving-1230pm", start(12)!)).toBeNull();
    expect(presetsFor(start(13)).map((slot) => slot.group)).toContain("Thanksgiving");
    expect(presetsFor(null).map((slot) => slot.group)).not.toContain("Thanksgiving");
  });

  it("read in Eastern time whatever the admin's zone", () => {
    const saved = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    try {
      // Thursday night football from the West Coast: 8:15 PM in New York, 5:15 PM in Los Angeles.
      expect(presetKickoff("thursday-815pm", start(1)!)).toBe("2025-09-05T00:15:00.000Z");
    } finally {
      process.env.TZ = saved;
    }
  });
});

describe("matchPreset", () => {
  it.each([
    ["2025-09-05T00:15:00Z", 1, "thursday-815pm"],
    ["2025-09-07T17:00:00Z", 1, "sunday-100pm"],
    ["2025-09-07T20:05:00Z", 1, "sunday-405pm"],
    ["2025-09-09T00:15:00Z", 1, "monday-815pm"],
    // By weekday and time, even outside the form's week.
    ["2025-09-14T17:00:00Z", 1, "sunday-100pm"],
    ["2025-11-27T17:30:00Z", 13, "thanksgiving-1230pm"],
    // A Thanksgiving slot in a week that does not offer it reads as Custom.
    ["2025-11-27T17:30:00Z", 12, CUSTOM_PRESET],
    ["2025-09-07T17:10:00Z", 1, CUSTOM_PRESET],
  ])("%s in week %i is %s", (iso, week, id) => {
    expect(matchPreset(iso, start(week))).toBe(id);
  });

  it.each([[null], [undefined], [""], ["not a date"]])("%j is Custom", (value) => {
    expect(matchPreset(value, start(1))).toBe(CUSTOM_PRESET);
  });
});

describe("movedKickoff: a preset follows the form's week", () => {
  it("moves a slot to the same slot of the new week", () => {
    expect(movedKickoff("2025-09-07T17:00:00.000Z", start(1)!, start(2)!)).toBe("2025-09-14T17:00:00.000Z");
    // Across the autumn change: still 1:00 PM in New York.
    expect(movedKickoff("2025-09-07T17:00:00.000Z", start(1)!, start(10)!)).toBe("2025-11-09T18:00:00.000Z");
  });

  it("leaves a custom time, and a slot the new week lacks", () => {
    expect(movedKickoff("2025-09-07T17:10:00.000Z", start(1)!, start(2)!)).toBeNull();
    expect(movedKickoff("2025-11-27T17:30:00.000Z", start(13)!, start(14)!)).toBeNull();
  });
});

describe("custom times, typed in Eastern time", () => {
  it.each([
    ["2025-09-07T17:25:00.000Z", "2025-09-07T13:25"],
    ["2025-12-05T01:15:00.000Z", "2025-12-04T20:15"],
    ["2026-01-04T14:05:00.000Z", "2026-01-04T09:05"],
  ])("%s shows as %s and reads back", (iso, text) => {
    expect(toEasternInput(iso)).toBe(text);
    expect(fromEasternInput(text)?.toISOString()).toBe(iso);
  });

  it.each([[""], ["2025-09-07"], ["2025-02-30T10:00"], ["2025-09-07T24:00"], ["garbage"]])(
    "%j reads as nothing",
    (text) => {
      expect(fromEasternInput(text)).toBeNull();
    },
  );

  it.each([[null], [undefined], [""], ["nope"]])("%j shows as empty", (value) => {
    expect(toEasternInput(value)).toBe("");
  });

  describe("from another zone (America/Los_Angeles)", () => {
    const saved = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = "America/Los_Angeles";
    });
    afterAll(() => {
      process.env.TZ = saved;
    });

    it("are still Eastern", () => {
      expect(fromEasternInput("2025-09-04T20:15")?.toISOString()).toBe("2025-09-05T00:15:00.000Z");
      expect(toEasternInput("2025-09-05T00:15:00.000Z")).toBe("2025-09-04T20:15");
    });
  });
});
