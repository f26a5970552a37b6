import { describe, expect, it } from "vitest";
import { isPrimeTime, tendenciesOf, type TendencyPick } from "./tendencies";

// KC at DEN, Denver favored by 3.5 (from the home team's view: -3.5); a Sunday 1 PM Eastern kickoff.
const SUNDAY_DAY = new Date("2025-11-16T18:00:00Z");
const SUNDAY_NIGHT = new Date("2025-11-17T01:20:00Z");
const pick = (over: Partial<TendencyPick>): TendencyPick => ({
  market: "spread",
  side: "favorite",
  lineSpread: -3.5,
  lineFavorite: "DEN",
  result: "win",
  homeTeam: "DEN",
  awayTeam: "KC",
  kickoff: SUNDAY_DAY,
  ...over,
});
const times = (count: number, over: Partial<TendencyPick>) => Array.from({ length: count }, () => pick(over));

describe("tendenciesOf", () => {
  const picks = [
    // Denver backed six times (4-1-1), at home; Kansas City backed four times, on the road.
    ...times(4, {}),
    pick({ result: "loss" }),
    pick({ result: "push" }),
    ...times(4, { side: "underdog", result: "loss", kickoff: SUNDAY_NIGHT }),
    // Two overs, both lost on a Sunday night.
    ...times(2, {
      market: "total",
      side: "over",
      lineSpread: null,
      lineFavorite: null,
      result: "loss",
      kickoff: SUNDAY_NIGHT,
    }),
  ];
  const tendencies = tendenciesOf(picks);

  it("names the teams ridden and faded five times or more, with their records", () => {
    expect(tendencies.rides).toEqual([
      { key: "DEN", label: "DEN", picks: 6, wins: 4, losses: 1, pushes: 1, winRate: 0.8 },
    ]);
    // Faded: Kansas City six times (Denver backed), Denver four: only Kansas City has five.
    expect(tendencies.fades.map((figure) => [figure.key, figure.picks])).toEqual([["KC", 6]]);
  });

  it("splits favorite and underdog, over and under, home and away, with counts; no rate under five picks", () => {
    expect(tendencies.favoriteUnderdog.picks).toBe(10);
    expect(tendencies.favoriteUnderdog.figures).toMatchObject([
      { key: "favorite", picks: 6, winRate: 0.8 },
      { key: "underdog", picks: 4, losses: 4, winRate: null },
    ]);
    expect(tendencies.overUnder.figures).toMatchObject([
      { key: "over", picks: 2, winRate: null },
      { key: "under", picks: 0, winRate: null },
    ]);
    expect(tendencies.homeAway.figures).toMatchObject([
      { key: "home", picks: 6 },
      { key: "away", picks: 4 },
    ]);
  });

  it("tells prime time from the day slate, and buckets the spread's size", () => {
    expect(tendencies.primeTime.figures).toMatchObject([
      { key: "prime", picks: 6, wins: 0, winRate: 0 },
      { key: "day", picks: 6, winRate: 0.8 },
    ]);
    expect(tendencies.spreadSize.figures.map((figure) => figure.picks)).toEqual([0, 10, 0, 0]);
  });

  it("counts Thursday, Sunday and Monday nights as prime time, in Eastern time", () => {
    expect(isPrimeTime(new Date("2025-11-21T01:15:00Z"))).toBe(true); // Thursday 8:15 PM ET
    expect(isPrimeTime(new Date("2025-11-25T01:15:00Z"))).toBe(true); // Monday 8:15 PM ET
    expect(isPrimeTime(SUNDAY_DAY)).toBe(false);
    expect(isPrimeTime(new Date("2025-11-27T17:30:00Z"))).toBe(false); // Thanksgiving 12:30 PM ET
    expect(isPrimeTime(new Date("2025-12-21T01:00:00Z"))).toBe(false); // Saturday 8 PM ET
  });
});
