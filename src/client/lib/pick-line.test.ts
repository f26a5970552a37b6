import { describe, expect, it } from "vitest";
import {
  closingLineOf,
  lineText,
  madePickText,
  pickLine,
  pickWithLine,
  type ClosingLine,
  type LinePick,
} from "./pick-line";

const game = (over: Partial<LinePick["game"]> = {}): LinePick["game"] => ({
  homeTeam: "PHI",
  awayTeam: "DAL",
  spread: "-8.5",
  favoriteTeam: null,
  overUnder: "47.5",
  ...over,
});

const spreadPick = (over: Partial<LinePick> = {}): LinePick => ({
  market: "spread",
  side: "favorite",
  lineSpread: "-8.5",
  lineFavorite: "PHI",
  lineTotal: null,
  game: game(),
  ...over,
});

const totalPick = (over: Partial<LinePick> = {}): LinePick => ({
  market: "total",
  side: "over",
  lineSpread: null,
  lineFavorite: null,
  lineTotal: "47.5",
  game: game(),
  ...over,
});

describe("pickLine and pickWithLine", () => {
  it.each([
    ["a favorite, line unchanged", spreadPick(), "PHI", "-8.5", "-8.5", "Spread: PHI -8.5"],
    [
      "an underdog, line unchanged",
      spreadPick({ side: "underdog" }),
      "DAL",
      "+8.5",
      "+8.5",
      "Spread: DAL +8.5",
    ],
    [
      "a favorite whose line grew",
      spreadPick({ lineSpread: "-3.5", game: game({ spread: "-4" }) }),
      "PHI",
      "-3.5",
      "-4",
      "Spread: PHI · Picked at -3.5 · now -4",
    ],
    [
      "an underdog whose line shrank",
      spreadPick({ side: "underdog", lineSpread: "-3.5", game: game({ spread: "-3" }) }),
      "DAL",
      "+3.5",
      "+3",
      "Spread: DAL · Picked at +3.5 · now +3",
    ],
    [
      "an underdog that has become the favorite",
      spreadPick({ side: "underdog", lineSpread: "-1", game: game({ spread: "1.5" }) }),
      "DAL",
      "+1",
      "-1.5",
      "Spread: DAL · Picked at +1 · now -1.5",
    ],
    [
      "a named away favorite",
      spreadPick({
        lineSpread: "3",
        lineFavorite: "DAL",
        game: game({ spread: "3", favoriteTeam: "DAL" }),
      }),
      "DAL",
      "-3",
      "-3",
      "Spread: DAL -3",
    ],
    [
      "a pick'em pick (underdog: the away team) now a line",
      spreadPick({ side: "underdog", lineSpread: "0", lineFavorite: null, game: game({ spread: "-2" }) }),
      "DAL",
      "PK",
      "+2",
      "Spread: DAL · Picked at PK · now +2",
    ],
    [
      "a spread pick whose game lost its line",
      spreadPick({ game: game({ spread: null }) }),
      "PHI",
      "-8.5",
      null,
      "Spread: PHI · Picked at -8.5 · no line now",
    ],
    [
      "a spread pick without a recorded line",
      spreadPick({ lineSpread: null, lineFavorite: null, side: "underdog" }),
      "DAL",
      null,
      null,
      "Spread: DAL",
    ],
    ["an over, unchanged", totalPick(), "Over", "47.5", "47.5", "Total: Over 47.5"],
    [
      "an under whose total moved",
      totalPick({ side: "under", lineTotal: "44.5", game: game({ overUnder: "45" }) }),
      "Under",
      "44.5",
      "45",
      "Total: Under · Picked at 44.5 · now 45",
    ],
  ] as const)("%s", (_name, pick, choice, at, now, text) => {
    const line = pickLine(pick);
    expect(line).toEqual({ choice, at, now, changed: at !== null && at !== now, closed: false });
    expect(pickWithLine(pick)).toBe(text);
  });

  it("lineText gives the bare line when it has not moved", () => {
    expect(lineText({ choice: "PHI", at: "-3.5", now: "-3.5", changed: false, closed: false })).toBe("-3.5");
    expect(lineText({ choice: "PHI", at: "-3.5", now: "-4", changed: true, closed: false })).toBe(
      "Picked at -3.5 · now -4",
    );
    expect(lineText({ choice: "PHI", at: "-3.5", now: "-4", changed: true, closed: true })).toBe(
      "-3.5 · closed -4",
    );
  });
});

describe("madePickText", () => {
  it("keeps the label while the line holds, and shows the move once it has moved", () => {
    expect(madePickText(spreadPick(), "PHI -8.5")).toBe("PHI -8.5");
    expect(madePickText(spreadPick({ game: game({ spread: "-9" }) }), "PHI -8.5")).toBe(
      "PHI · Picked at -8.5 · now -9",
    );
    expect(madePickText(totalPick({ game: game({ overUnder: "48" }) }), "Over 47.5")).toBe(
      "Over · Picked at 47.5 · now 48",
    );
  });
});

describe("the pick's line beside the closing line, once its game has kicked off", () => {
  const closing = (over: Partial<ClosingLine> = {}): ClosingLine => ({
    spread: "-4",
    favoriteTeam: "PHI",
    overUnder: "48",
    ...over,
  });

  it.each([
    [
      "a favorite that closed longer",
      spreadPick({ lineSpread: "-2.5" }),
      closing(),
      "Spread: PHI -2.5 · closed -4",
      "PHI -2.5 · closed -4",
      "You got PHI -2.5 · it closed -4",
    ],
    [
      "an underdog",
      spreadPick({ side: "underdog", lineSpread: "-2.5" }),
      closing(),
      "Spread: DAL +2.5 · closed +4",
      "DAL +2.5 · closed +4",
      "You got DAL +2.5 · it closed +4",
    ],
    [
      "a total",
      totalPick({ lineTotal: "47.5" }),
      closing(),
      "Total: Over 47.5 · closed 48",
      "Over 47.5 · closed 48",
      "You got Over 47.5 · it closed 48",
    ],
    [
      "a game without a line at kickoff",
      spreadPick({ lineSpread: "-2.5" }),
      closing({ spread: null, favoriteTeam: null }),
      "Spread: PHI -2.5 · no line at kickoff",
      "PHI -2.5 · no line at kickoff",
      "You got PHI -2.5 · no line at kickoff",
    ],
    [
      "the line it closed at",
      spreadPick({ lineSpread: "-4" }),
      closing(),
      "Spread: PHI -4",
      "PHI -4",
      "PHI -4",
    ],
  ] as const)("%s", (_name, pick, closed, inResults, short, own) => {
    // The game's line now is another: the closing line is what the pick is shown beside.
    const moved = { ...pick, game: game({ spread: "-9", overUnder: "52" }) };
    const label = moved.market === "total" ? `Over ${moved.lineTotal}` : short.split(" · ")[0]!;
    expect(pickWithLine(moved, closed)).toBe(inResults);
    expect(madePickText(moved, label, closed)).toBe(short.includes(" · ") ? short : label);
    expect(madePickText(moved, label, closed, { own: true })).toBe(own.includes(" · ") ? own : label);
  });

  it("closingLineOf: none before the kickoff; the season's closing line, else the game's own", () => {
    const kickoff = "2025-11-23T18:00:00.000Z";
    const shown = { id: "g1", status: "upcoming" as const, gameDate: kickoff, ...closing({ spread: "-5" }) };
    const lines = new Map([["g1", closing()]]);
    expect(closingLineOf(shown, lines, new Date("2025-11-23T17:59:00Z"))).toBeUndefined();
    expect(closingLineOf(shown, lines, new Date(kickoff))).toEqual(closing());
    const live = { ...shown, status: "live" as const };
    expect(closingLineOf(live, undefined, new Date("2025-11-23T17:59:00Z"))).toBe(live);
    expect(closingLineOf(shown, new Map(), new Date("2025-11-24T00:00:00Z"))).toBe(shown);
  });
});
