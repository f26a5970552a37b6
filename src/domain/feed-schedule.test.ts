import { describe, expect, it } from "vitest";
import {
  BACKOFF_CAP_MS,
  LINES_EVERY_MS,
  LIVE_WATCH_MS,
  SEASON_EVERY_MS,
  backoffMs,
  dueWork,
  isWatched,
  nextPollAt,
  type ScheduleInput,
  type ScheduledGame,
} from "./feed-schedule";

const MINUTE = 60_000;
const LIVE_INTERVAL = MINUTE;
// Sunday of week 12, 2025: the early games kick off at 18:00 UTC.
const SUNDAY = new Date("2025-11-23T18:00:00Z");
const at = (minutes: number) => new Date(SUNDAY.getTime() + minutes * MINUTE);
const game = (week: number, minutesFromSunday: number, status: ScheduledGame["status"] = "upcoming") => ({
  week,
  gameDate: at(minutesFromSunday),
  status,
});

describe("a game is watched from 15 minutes before its kickoff until its final", () => {
  it.each<[string, ScheduledGame, boolean]>([
    ["16 minutes before kickoff", game(12, 16), false],
    ["15 minutes before kickoff", game(12, 15), true],
    ["at kickoff", game(12, 0), true],
    ["live, two hours in", game(12, -120, "live"), true],
    ["still upcoming after kickoff (the source is late)", game(12, -60), true],
    ["just before the 8-hour watch ends", game(12, -(LIVE_WATCH_MS / MINUTE) + 1, "live"), true],
    ["8 hours after kickoff without a final", game(12, -(LIVE_WATCH_MS / MINUTE), "live"), false],
    ["final", game(12, -60, "final"), false],
    ["postponed at its old kickoff", game(12, 0, "postponed"), false],
    ["canceled", game(12, 0, "canceled"), false],
  ])("%s", (_label, scheduled, watched) => {
    expect(isWatched(scheduled, SUNDAY)).toBe(watched);
  });
});

const input = (overrides: Partial<ScheduleInput> = {}): ScheduleInput => ({
  now: SUNDAY,
  liveIntervalMs: LIVE_INTERVAL,
  games: [],
  currentWeek: 12,
  lastSyncAt: at(-1),
  lastLinesSyncAt: at(-30),
  lastSeasonSyncAt: at(-12 * 60),
  ...overrides,
});

describe("what is due", () => {
  it.each<[string, Partial<ScheduleInput>, ReturnType<typeof dueWork>]>([
    [
      "nothing ever synced: everything",
      { lastSyncAt: null, lastLinesSyncAt: null, lastSeasonSyncAt: null },
      { season: true, lineWeeks: [12, 13], liveWeeks: [] },
    ],
    ["everything recent, no game near: nothing", {}, { season: false, lineWeeks: [], liveWeeks: [] }],
    [
      "the season a day after its last sync",
      { lastSeasonSyncAt: at(-SEASON_EVERY_MS / MINUTE) },
      { season: true, lineWeeks: [], liveWeeks: [] },
    ],
    [
      "the season just under a day: not yet",
      { lastSeasonSyncAt: at(-SEASON_EVERY_MS / MINUTE + 1) },
      { season: false, lineWeeks: [], liveWeeks: [] },
    ],
    [
      "the lines an hour after their last sync: this week and the next",
      { lastLinesSyncAt: at(-LINES_EVERY_MS / MINUTE) },
      { season: false, lineWeeks: [12, 13], liveWeeks: [] },
    ],
    [
      "the lines of week 18 and of the Wild Card round (week 19)",
      { currentWeek: 18, lastLinesSyncAt: null },
      { season: false, lineWeeks: [18, 19], liveWeeks: [] },
    ],
    [
      "the lines of the Super Bowl's week: no week after it",
      { currentWeek: 22, lastLinesSyncAt: null },
      { season: false, lineWeeks: [22], liveWeeks: [] },
    ],
    [
      "games under watch, the live interval passed: their weeks, once each, in order",
      { games: [game(13, 10), game(12, 0), game(12, -30, "live"), game(11, -60, "final")] },
      { season: false, lineWeeks: [], liveWeeks: [12, 13] },
    ],
    [
      "games under watch, polled 30 s ago: not yet",
      { games: [game(12, 0)], lastSyncAt: new Date(SUNDAY.getTime() - 30_000) },
      { season: false, lineWeeks: [], liveWeeks: [] },
    ],
    [
      "never polled live: due at once",
      { games: [game(12, 5)], lastSyncAt: null },
      { season: false, lineWeeks: [], liveWeeks: [12] },
    ],
    [
      "only finals and far games: no live work",
      { games: [game(12, -60, "final"), game(12, 3 * 60)] },
      { season: false, lineWeeks: [], liveWeeks: [] },
    ],
  ])("%s", (_label, overrides, due) => {
    expect(dueWork(input(overrides))).toEqual(due);
  });
});

describe("when the next poll is due", () => {
  it.each<[string, Partial<ScheduleInput>, Date]>([
    ["no game near: the lines' hour", {}, at(30)],
    ["the season's day comes first", { lastSeasonSyncAt: at(-(SEASON_EVERY_MS / MINUTE) + 10) }, at(10)],
    ["a game under watch: the live interval", { games: [game(12, 0)] }, at(0)],
    [
      "a game under watch, polled 10 s ago: 50 s from now",
      { games: [game(12, 0)], lastSyncAt: new Date(SUNDAY.getTime() - 10_000) },
      new Date(SUNDAY.getTime() + 50_000),
    ],
    ["the next game comes under watch 15 minutes before its kickoff", { games: [game(12, 25)] }, at(10)],
    ["the next kickoff after the lines' hour: the lines first", { games: [game(12, 3 * 60)] }, at(30)],
    [
      "finals and canceled games call for nothing",
      { games: [game(12, 20, "final"), game(12, 20, "canceled")] },
      at(30),
    ],
    ["never earlier than now", { lastLinesSyncAt: at(-5 * 60) }, SUNDAY],
    ["never synced: now", { lastSyncAt: null, lastLinesSyncAt: null, lastSeasonSyncAt: null }, SUNDAY],
  ])("%s", (_label, overrides, expected) => {
    expect(nextPollAt(input(overrides))).toEqual(expected);
  });
});

describe("back-off after failures", () => {
  it.each<[number, number, number]>([
    // failures, jitter, wait
    [1, 0, 30_000],
    [1, 1, 60_000],
    [1, 0.5, 45_000],
    [2, 0, 60_000],
    [2, 1, 120_000],
    [3, 1, 240_000],
    [5, 1, 16 * MINUTE],
    [6, 1, BACKOFF_CAP_MS],
    [6, 0, BACKOFF_CAP_MS / 2],
    [50, 1, BACKOFF_CAP_MS],
    [0, 1, 60_000],
  ])("failure %s with jitter %s waits %s ms", (failures, random, wait) => {
    expect(backoffMs(failures, random)).toBe(wait);
  });

  it("grows with each failure, never past 30 minutes, whatever the jitter", () => {
    for (let failures = 1; failures <= 20; failures += 1) {
      for (const random of [0, 0.3, 0.999]) {
        const wait = backoffMs(failures, random);
        expect(wait).toBeLessThanOrEqual(30 * MINUTE);
        expect(wait).toBeGreaterThanOrEqual(backoffMs(failures - 1 || 1, 0));
      }
    }
    expect(backoffMs(3)).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(backoffMs(3)).toBeLessThanOrEqual(4 * MINUTE);
  });
});
