import { describe, expect, it } from "vitest";
import type { FeedSyncResult } from "@/contracts/feed";
import {
  allWeeksLabel,
  feedState,
  firstLines,
  nextLookMs,
  seasonChoices,
  syncBodyOf,
  syncCounts,
  syncToast,
  weeksText,
  whenText,
} from "./feed-panel";

const T1 = "2026-11-25T09:00:00.000Z";
const T2 = "2026-11-25T09:05:00.000Z";

describe("feedState", () => {
  const status = (over: Partial<Parameters<typeof feedState>[0]> = {}) => ({
    enabled: true,
    lastError: null,
    lastSyncAt: T2,
    lastSuccessAt: T2,
    ...over,
  });

  it.each([
    ["on, never synced", status({ lastSyncAt: null, lastSuccessAt: null }), "on"],
    ["on, last sync succeeded", status(), "on"],
    [
      "off, whatever happened before",
      status({ enabled: false, lastError: "HTTP 500", lastSuccessAt: T1 }),
      "off",
    ],
    [
      "failing: the last sync failed after a success",
      status({ lastError: "HTTP 500", lastSuccessAt: T1 }),
      "failing",
    ],
    ["failing: it never succeeded", status({ lastError: "timeout", lastSuccessAt: null }), "failing"],
    [
      "on: the error is older than the last success",
      status({ lastError: "HTTP 500", lastSuccessAt: T2 }),
      "on",
    ],
  ] as const)("%s", (_, given, state) => {
    expect(feedState(given)).toBe(state);
  });
});

const result = (over: Partial<FeedSyncResult> = {}): FeedSyncResult => ({
  created: 2,
  updated: 5,
  unchanged: 9,
  graded: 1,
  skipped: [],
  missing: [],
  ...over,
});

describe("sync counts", () => {
  it("reads the counts in the toast's words", () => {
    expect(syncCounts(result())).toBe("2 added, 5 updated, 9 unchanged, 1 graded");
    expect(syncToast(result())).toEqual({ title: "Synced: 2 added, 5 updated, 9 unchanged, 1 graded" });
  });

  it("says what the sync left out", () => {
    const toast = syncToast(
      result({
        skipped: [{ eventId: "401", reason: "unknown team XYZ" }],
        missing: [{ gameId: "7c0b0f3e-1111-4111-8111-111111111111", game: "NYJ @ MIA, week 3 of 2025" }],
      }),
    );
    expect(toast.description).toBe("1 skipped, 1 no longer listed by the source: see Recent syncs.");
  });
});

describe("weeksText", () => {
  it.each([
    [[], "No weeks"],
    [[12], "Week 12"],
    [Array.from({ length: 18 }, (_, index) => index + 1), "Weeks 1–18"],
    [[7, 1, 2, 3, 5, 8], "Weeks 1–3, 5, 7–8"],
    [[4, 4, 6], "Weeks 4, 6"],
  ])("%j: %s", (weeks, text) => {
    expect(weeksText(weeks)).toBe(text);
  });
});

describe("Sync now's choices", () => {
  it("offers the current season and the ones around it, within 2020 to 2030", () => {
    expect(seasonChoices(2025)).toEqual([2026, 2025, 2024]);
    expect(seasonChoices(2030)).toEqual([2030, 2029]);
    expect(seasonChoices(2020)).toEqual([2021, 2020]);
  });

  it("sends one week, nothing for the current season's unsettled weeks, or a whole other season", () => {
    expect(syncBodyOf(2025, 12, 2025)).toEqual({ season: 2025, week: 12 });
    expect(syncBodyOf(2025, "all", 2025)).toEqual({});
    expect(syncBodyOf(2026, "all", 2025)).toEqual({ season: 2026 });
    expect(allWeeksLabel(2025, 2025)).toBe("All unsettled weeks");
    expect(allWeeksLabel(2026, 2025)).toBe("Whole season");
  });
});

describe("nextLookMs", () => {
  const now = Date.parse(T1);
  it("looks again a little after the planned sync, within 15 s and 10 min", () => {
    expect(nextLookMs(null, now)).toBe(false);
    expect(nextLookMs("2026-11-25T09:01:00.000Z", now)).toBe(65_000);
    expect(nextLookMs("2026-11-25T08:00:00.000Z", now)).toBe(15_000);
    expect(nextLookMs("2026-11-25T12:00:00.000Z", now)).toBe(600_000);
  });
});

describe("whenText", () => {
  const now = Date.parse(T2);
  it("reads relative to now, never a past sync as to come nor a planned one as past", () => {
    expect(whenText(T1, now, "past")).toBe("5 minutes ago");
    expect(whenText("2026-11-25T09:05:02.000Z", now, "past")).toBe("just now");
    expect(whenText("2026-11-25T09:08:00.000Z", now, "planned")).toBe("in 3 minutes");
    expect(whenText(T1, now, "planned")).toBe("due now");
  });
});

describe("firstLines", () => {
  it("keeps the first lines and counts the rest", () => {
    expect(firstLines([1, 2, 3], 2)).toEqual({ shown: [1, 2], more: 1 });
    expect(firstLines([1, 2], 2)).toEqual({ shown: [1, 2], more: 0 });
  });
});
