import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CUSTOM_PRESET,
  GAME_TIME_PRESETS,
  clockLabel,
  findPreset,
  fromDateTimeLocal,
  matchPreset,
  nextOccurrence,
  toDateTimeLocal,
} from "./game-time-presets";

/** A local wall-clock time: month is 1-based here. */
const local = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second);

const preset = (id: string) => {
  const found = findPreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return found;
};

describe("the preset list", () => {
  it("holds SPEC's seven kickoffs in order", () => {
    expect(GAME_TIME_PRESETS.map((p) => p.label)).toEqual([
      "Thursday 5:15pm",
      "Sunday 10am",
      "Sunday 1:05pm",
      "Sunday 1:25pm",
      "Sunday 5:20pm",
      "Monday 4:15pm",
      "Monday 5:15pm",
    ]);
    expect(new Set(GAME_TIME_PRESETS.map((p) => p.id)).size).toBe(GAME_TIME_PRESETS.length);
    expect(GAME_TIME_PRESETS.map((p) => p.id)).not.toContain(CUSTOM_PRESET);
  });

  it.each([
    [0, 0, "12am"],
    [10, 0, "10am"],
    [12, 0, "12pm"],
    [13, 5, "1:05pm"],
    [17, 20, "5:20pm"],
    [23, 59, "11:59pm"],
  ])("clockLabel(%i, %i) is %s", (hour, minute, label) => {
    expect(clockLabel(hour, minute)).toBe(label);
  });
});

describe("nextOccurrence", () => {
  // 2025-09-04 is a Thursday.
  it.each([
    ["Thursday before the slot: today", "thu-5:15pm", local(2025, 9, 4, 9, 0), local(2025, 9, 4, 17, 15)],
    ["Thursday one minute before: today", "thu-5:15pm", local(2025, 9, 4, 17, 14), local(2025, 9, 4, 17, 15)],
    [
      "Thursday at the very minute: next week",
      "thu-5:15pm",
      local(2025, 9, 4, 17, 15),
      local(2025, 9, 11, 17, 15),
    ],
    [
      "Thursday after the slot: next week",
      "thu-5:15pm",
      local(2025, 9, 4, 20, 0),
      local(2025, 9, 11, 17, 15),
    ],
    ["Thursday to Sunday 10am", "sun-10am", local(2025, 9, 4, 12, 0), local(2025, 9, 7, 10, 0)],
    ["Thursday to Sunday 1:05pm", "sun-1:05pm", local(2025, 9, 4, 12, 0), local(2025, 9, 7, 13, 5)],
    ["Thursday to Sunday 1:25pm", "sun-1:25pm", local(2025, 9, 4, 12, 0), local(2025, 9, 7, 13, 25)],
    ["Thursday to Sunday 5:20pm", "sun-5:20pm", local(2025, 9, 4, 12, 0), local(2025, 9, 7, 17, 20)],
    ["Thursday to Monday 4:15pm", "mon-4:15pm", local(2025, 9, 4, 12, 0), local(2025, 9, 8, 16, 15)],
    ["Thursday to Monday 5:15pm", "mon-5:15pm", local(2025, 9, 4, 12, 0), local(2025, 9, 8, 17, 15)],
    ["Sunday noon: 1:05pm today", "sun-1:05pm", local(2025, 9, 7, 12, 0), local(2025, 9, 7, 13, 5)],
    ["Sunday noon: 10am next week", "sun-10am", local(2025, 9, 7, 12, 0), local(2025, 9, 14, 10, 0)],
    ["Friday to next Thursday", "thu-5:15pm", local(2025, 9, 5, 8, 0), local(2025, 9, 11, 17, 15)],
    ["across a month end", "mon-4:15pm", local(2025, 9, 30, 8, 0), local(2025, 10, 6, 16, 15)],
    ["across a year end", "sun-1:25pm", local(2025, 12, 29, 8, 0), local(2026, 1, 4, 13, 25)],
  ])("%s", (_case, id, now, expected) => {
    expect(nextOccurrence(preset(id), now)).toEqual(expected);
  });

  it("does not change the `now` it is given", () => {
    const now = local(2025, 9, 4, 12, 0);
    nextOccurrence(preset("sun-10am"), now);
    expect(now).toEqual(local(2025, 9, 4, 12, 0));
  });

  it("every result is in the future, on the preset's weekday and time, within a week", () => {
    const now = local(2025, 9, 4, 17, 15, 30);
    for (const p of GAME_TIME_PRESETS) {
      const next = nextOccurrence(p, now);
      expect(next.getTime()).toBeGreaterThan(now.getTime());
      expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
      expect([next.getDay(), next.getHours(), next.getMinutes(), next.getSeconds()]).toEqual([
        p.weekday,
        p.hour,
        p.minute,
        0,
      ]);
    }
  });
});

describe("matchPreset", () => {
  it.each([
    ["Thursday 5:15pm", local(2025, 9, 4, 17, 15), "thu-5:15pm"],
    ["Sunday 10am", local(2025, 9, 7, 10, 0), "sun-10am"],
    ["Sunday 1:05pm", local(2025, 9, 7, 13, 5), "sun-1:05pm"],
    ["Sunday 1:25pm", local(2025, 9, 7, 13, 25), "sun-1:25pm"],
    ["Sunday 5:20pm", local(2025, 9, 7, 17, 20), "sun-5:20pm"],
    ["Monday 4:15pm", local(2025, 9, 8, 16, 15), "mon-4:15pm"],
    ["Monday 5:15pm", local(2025, 9, 8, 17, 15), "mon-5:15pm"],
    ["a preset time on another weekday", local(2025, 9, 6, 17, 15), CUSTOM_PRESET],
    ["a preset weekday at another time", local(2025, 9, 7, 13, 0), CUSTOM_PRESET],
    ["a preset time a minute off", local(2025, 9, 8, 16, 16), CUSTOM_PRESET],
  ])("%s", (_case, value, id) => {
    expect(matchPreset(value)).toBe(id);
    expect(matchPreset(value.toISOString())).toBe(id);
  });

  it.each([[null], [undefined], [""], ["not a date"]])("%s is Custom", (value) => {
    expect(matchPreset(value)).toBe(CUSTOM_PRESET);
  });

  it("matches every resolved preset back to itself", () => {
    for (const p of GAME_TIME_PRESETS) {
      expect(matchPreset(nextOccurrence(p, local(2025, 11, 20, 9, 30)))).toBe(p.id);
    }
  });
});

describe("datetime-local values", () => {
  it.each([
    [local(2025, 9, 7, 13, 25), "2025-09-07T13:25"],
    [local(2026, 1, 4, 9, 5), "2026-01-04T09:05"],
  ])("%s shows as %s and reads back", (date, text) => {
    expect(toDateTimeLocal(date)).toBe(text);
    expect(toDateTimeLocal(date.toISOString())).toBe(text);
    expect(fromDateTimeLocal(text)).toEqual(date);
  });

  it.each([[""], ["2025-09-07"], ["2025-02-30T10:00"], ["garbage"]])("%j reads as nothing", (text) => {
    expect(fromDateTimeLocal(text)).toBeNull();
  });

  it.each([[null], [undefined], [""], ["nope"]])("%j shows as empty", (value) => {
    expect(toDateTimeLocal(value)).toBe("");
  });
});

describe("in a time zone with daylight saving (America/Los_Angeles)", () => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "America/Los_Angeles";
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it("keeps the wall-clock time across the autumn change", () => {
    // Clocks go back on Sunday 2025-11-02 at 2am.
    const next = nextOccurrence(preset("sun-1:25pm"), local(2025, 10, 30, 12, 0));
    expect(toDateTimeLocal(next)).toBe("2025-11-02T13:25");
    expect(next.toISOString()).toBe("2025-11-02T21:25:00.000Z");
  });

  it("keeps the wall-clock time across the spring change", () => {
    // Clocks go forward on Sunday 2026-03-08 at 2am.
    const next = nextOccurrence(preset("sun-10am"), local(2026, 3, 5, 12, 0));
    expect(next.toISOString()).toBe("2026-03-08T17:00:00.000Z");
    expect(matchPreset(next)).toBe("sun-10am");
  });
});
