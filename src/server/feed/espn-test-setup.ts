import { expect } from "vitest";
import { recorded, type EspnEvent } from "../../../tests/feed-stand-in";
import { readScoreboard } from "./espn";

// One event read on its own, for espn-recorded-answers and espn-statuses-and-bad-events.test.ts.
const only = (event: EspnEvent, season = 2025) => readScoreboard({ events: [event] }, season);
export const gameOf = (event: EspnEvent, season = 2025) => {
  const { games, skipped } = only(event, season);
  expect(skipped).toEqual([]);
  return games[0]!;
};
/** The week 12 opener, BUF @ HOU: a fresh copy each call, free to vary. */
export const opener = () => recorded("2025-week-12-before-kickoff.json").events[0] as EspnEvent;
