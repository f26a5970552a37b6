import { describe, expect, it } from "vitest";
import {
  calendarEvents,
  GAME_LENGTH_MS,
  pickSideLabel,
  type CalendarContest,
  type CalendarGame,
  type CalendarPick,
} from "./calendar";

const opening = new Date("2025-09-05T00:20:00Z");
const openings = new Map([[2025, opening]]);
const old = new Date("2025-08-01T00:00:00Z");

const contest = (extra: Partial<CalendarContest> = {}): CalendarContest => ({
  id: "c1",
  name: "Rivals",
  season: 2025,
  startWeek: 1,
  totalWeeks: 18,
  updatedAt: old,
  ...extra,
});

const game = (id: string, week: number, iso: string, extra: Partial<CalendarGame> = {}): CalendarGame => ({
  id,
  season: 2025,
  week,
  homeTeam: "PHI",
  awayTeam: "DAL",
  gameDate: new Date(iso),
  status: "upcoming",
  updatedAt: old,
  ...extra,
});

const pick = (extra: Partial<CalendarPick> = {}): CalendarPick => ({
  contestId: "c1",
  gameId: "g1",
  week: 1,
  market: "spread",
  side: "favorite",
  lineSpread: "-8.5",
  lineFavorite: "PHI",
  lineTotal: null,
  createdAt: new Date("2025-09-02T00:00:00Z"),
  ...extra,
});

describe("a pick's label, at the line it was made at", () => {
  it.each([
    [pick(), "PHI -8.5"],
    [pick({ side: "underdog" }), "DAL +8.5"],
    [pick({ lineSpread: "3.0", lineFavorite: "DAL" }), "DAL -3"],
    [pick({ lineSpread: "0.0", lineFavorite: null }), "PHI (Pick'em)"],
    [pick({ lineSpread: "0.0", lineFavorite: null, side: "underdog" }), "DAL (Pick'em)"],
    [pick({ market: "total", side: "over", lineSpread: null, lineTotal: "47.5" }), "Over 47.5"],
    [pick({ market: "total", side: "under", lineSpread: null, lineTotal: "44.0" }), "Under 44"],
    [pick({ lineSpread: null, lineFavorite: null }), "Favorite"],
  ])("%o: %s", (made, label) => {
    expect(pickSideLabel({ homeTeam: "PHI", awayTeam: "DAL" }, made)).toBe(label);
  });
});

describe("the feed's events", () => {
  const games = [
    game("g1", 1, "2025-09-05T00:20:00Z"),
    game("g2", 1, "2025-09-07T17:00:00Z", { homeTeam: "NYJ", awayTeam: "PIT" }),
    // Thanksgiving: the week's first game kicks off Thursday morning Pacific, before the hand-over.
    game("g13", 13, "2025-11-27T18:30:00Z", { homeTeam: "DET", awayTeam: "GB" }),
    game("g14", 14, "2025-12-05T01:15:00Z", { homeTeam: "DET", awayTeam: "DAL" }),
  ];

  it("gives each week with games a deadline: the hand-over, or the first kickoff when earlier", () => {
    const events = calendarEvents({ contests: [contest()], openings, games, picks: [] });
    expect(events.map((event) => [event.uid, event.start.toISOString(), event.end])).toEqual([
      ["deadline-c1-1@football-pool", "2025-09-04T23:00:00.000Z", null],
      ["deadline-c1-13@football-pool", "2025-11-27T18:30:00.000Z", null],
      ["deadline-c1-14@football-pool", "2025-12-05T00:00:00.000Z", null],
    ]);
    expect(events[0]).toMatchObject({
      summary: "Pick deadline: Rivals, week 1",
      path: "/picks?contestId=c1&week=1",
    });
    expect(events[1]!.description).toContain("first game kicks off now");
    expect(events[2]!.description).toContain("the first picker's turn ends now");
  });

  it("keeps to the contest's weeks, and to seasons with games", () => {
    const weeks = (extra: Partial<CalendarContest>) =>
      calendarEvents({ contests: [contest(extra)], openings, games, picks: [] }).map((event) => event.uid);
    expect(weeks({ startWeek: 2, totalWeeks: 13 })).toEqual(["deadline-c1-13@football-pool"]);
    expect(weeks({ season: 2026 })).toEqual([]);
  });

  it("gives each picked game one event per contest, both markets in one, lasting 3h15m", () => {
    const events = calendarEvents({
      contests: [contest(), contest({ id: "c2", name: "Cousins" })],
      openings,
      games,
      picks: [
        pick({ market: "total", side: "under", lineSpread: null, lineTotal: "47.5" }),
        pick(),
        pick({ contestId: "c2", side: "underdog" }),
        pick({ contestId: "unknown" }),
      ],
    }).filter((event) => event.uid.startsWith("game-"));
    // Same kickoff: by summary ("your pick:" before "your picks:").
    expect(events).toEqual([
      expect.objectContaining({
        uid: "game-g1-c2@football-pool",
        summary: "DAL at PHI — your pick: DAL +8.5",
      }),
      {
        uid: "game-g1-c1@football-pool",
        start: new Date("2025-09-05T00:20:00Z"),
        end: new Date(Date.parse("2025-09-05T00:20:00Z") + GAME_LENGTH_MS),
        stamp: new Date("2025-09-02T00:00:00Z"),
        summary: "DAL at PHI — your picks: PHI -8.5, Under 47.5",
        description: "Rivals, week 1.",
        path: "/picks?contestId=c1&week=1",
      },
    ]);
    expect(GAME_LENGTH_MS).toBe(195 * 60 * 1000);
  });

  it("leaves out canceled games, and dates an event by its latest change", () => {
    const moved = new Date("2025-09-03T00:00:00Z");
    const events = calendarEvents({
      contests: [contest()],
      openings,
      games: [
        game("g1", 1, "2025-09-05T00:20:00Z", { updatedAt: moved }),
        game("g9", 1, "2025-09-06T00:00:00Z", { status: "canceled" }),
      ],
      picks: [pick(), pick({ gameId: "g9" })],
    });
    expect(events.map((event) => [event.uid, event.stamp])).toEqual([
      ["deadline-c1-1@football-pool", moved],
      ["game-g1-c1@football-pool", moved],
    ]);
  });
});
