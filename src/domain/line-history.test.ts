import { describe, expect, it } from "vitest";
import {
  closingMove,
  hasKickedOff,
  lineHistory,
  lineMoved,
  sameLine,
  type GameLine,
  type Kickoff,
  type LineSource,
} from "./line-history";

const KICKOFF = new Date("2025-11-23T18:00:00Z");
const BEFORE = new Date("2025-11-23T17:59:00Z");
const AFTER = new Date("2025-11-23T18:01:00Z");

/** NYG @ DET, DET -3, total 44.5, unless told otherwise. */
const line = (over: Partial<GameLine> = {}): GameLine => ({
  homeTeam: "DET",
  awayTeam: "NYG",
  spread: -3,
  favoriteTeam: "DET",
  overUnder: 44.5,
  ...over,
});
const upcoming = (over: Partial<GameLine & Kickoff> = {}): GameLine & Kickoff => ({
  ...line(),
  status: "upcoming",
  gameDate: KICKOFF,
  ...over,
});

describe("hasKickedOff", () => {
  it.each([
    ["upcoming before its kickoff", "upcoming", BEFORE, false],
    ["upcoming at its kickoff", "upcoming", KICKOFF, true],
    ["upcoming after its kickoff (no status yet)", "upcoming", AFTER, true],
    ["live early (the feed's lead)", "live", BEFORE, true],
    ["final", "final", BEFORE, true],
    ["postponed to a later date", "postponed", BEFORE, false],
    ["canceled after its date", "canceled", AFTER, true],
  ] as const)("%s", (_name, status, now, expected) => {
    expect(hasKickedOff({ status, gameDate: KICKOFF }, now)).toBe(expected);
  });
});

describe("sameLine", () => {
  it.each([
    ["the same line", line(), line(), true],
    ["the spread as 3 with the favorite named or by its sign", line({ favoriteTeam: null }), line(), true],
    [
      "pick'em with or without a favorite",
      line({ spread: 0, favoriteTeam: "DET" }),
      line({ spread: 0, favoriteTeam: null }),
      true,
    ],
    ["a half point more", line(), line({ spread: -3.5 }), false],
    ["the favorite changed sides", line(), line({ spread: 3, favoriteTeam: "NYG" }), false],
    ["the total moved", line(), line({ overUnder: 45 }), false],
    ["the spread taken off", line(), line({ spread: null, favoriteTeam: null }), false],
  ] as const)("%s", (_name, a, b, expected) => {
    expect(sameLine(a, b)).toBe(expected);
    expect(sameLine(b, a)).toBe(expected);
  });
});

describe("lineMoved", () => {
  it.each([
    ["a new game with a line", null, upcoming(), BEFORE, true],
    ["a new game with a total only", null, upcoming({ spread: null, favoriteTeam: null }), BEFORE, true],
    [
      "a new game without a line",
      null,
      upcoming({ spread: null, favoriteTeam: null, overUnder: null }),
      BEFORE,
      false,
    ],
    ["a spread moved before kickoff", line(), upcoming({ spread: -3.5 }), BEFORE, true],
    ["a total moved before kickoff", line(), upcoming({ overUnder: 45.5 }), BEFORE, true],
    [
      "the line taken off before kickoff",
      line(),
      upcoming({ spread: null, favoriteTeam: null }),
      BEFORE,
      true,
    ],
    ["the favorite named where its sign said it", line({ favoriteTeam: null }), upcoming(), BEFORE, false],
    ["no change to the line (a kickoff or a score)", line(), upcoming(), BEFORE, false],
    ["a move at the kickoff", line(), upcoming({ spread: -4 }), KICKOFF, false],
    ["a move after the kickoff", line(), upcoming({ spread: -4 }), AFTER, false],
    [
      "a move of a game under way before its kickoff",
      line(),
      upcoming({ spread: -4, status: "live" }),
      BEFORE,
      false,
    ],
    [
      "a move with the kickoff put back later",
      line(),
      upcoming({ spread: -4, gameDate: new Date("2025-11-23T21:00:00Z") }),
      AFTER,
      true,
    ],
    ["a new game that has kicked off", null, upcoming({ status: "final" }), AFTER, false],
  ] as const)("%s", (_name, before, after, now, expected) => {
    expect(lineMoved(before, after, now)).toBe(expected);
  });
});

const move = (at: string, spread: number | null, source: LineSource = "feed") => ({
  movedAt: new Date(at),
  spread,
  favoriteTeam: spread === null || spread === 0 ? null : spread < 0 ? "DET" : "NYG",
  overUnder: 44.5,
  source,
});

describe("closingMove and lineHistory", () => {
  const moves = [
    move("2025-11-17T15:00:00Z", -2.5, "import"),
    move("2025-11-20T12:00:00Z", -3),
    move("2025-11-23T18:00:00Z", -3.5, "admin"),
  ];

  it("closes at the last move at or before the kickoff", () => {
    expect(closingMove(moves, KICKOFF)).toBe(moves[2]);
    expect(closingMove(moves, BEFORE)).toBe(moves[1]);
    expect(closingMove(moves, new Date("2025-11-01T00:00:00Z"))).toBeNull();
    expect(closingMove([], KICKOFF)).toBeNull();
  });

  it("before the kickoff: the opening and the moves, no closing yet", () => {
    expect(lineHistory(moves, { status: "upcoming", gameDate: KICKOFF }, BEFORE)).toEqual({
      opening: moves[0],
      moves,
      closing: null,
    });
  });

  it("once kicked off: the closing line too", () => {
    expect(lineHistory(moves, { status: "live", gameDate: KICKOFF }, AFTER)).toEqual({
      opening: moves[0],
      moves,
      closing: moves[2],
    });
  });

  it("a game without moves has neither opening nor closing", () => {
    expect(lineHistory([], { status: "final", gameDate: KICKOFF }, AFTER)).toEqual({
      opening: null,
      moves: [],
      closing: null,
    });
  });
});
