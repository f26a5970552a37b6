import { describe, expect, it } from "vitest";
import type { Game } from "@/contracts/games";
import { choosePicksContest, parseSeasonParam, parseWeekParam } from "@/contracts/screens";
import {
  confirmLine,
  deadlineText,
  gameCountLabel,
  isGameOpen,
  pickCountTexts,
  pickLabel,
  pickingBlock,
  picksClosed,
  sideLabel,
  sideOptions,
  turnAlert,
  weekDeadline,
  type TurnInput,
} from "./picks-view";
import { contest, game, made } from "./picks-test-data";

describe("address bar", () => {
  it.each([
    [null, null],
    ["", null],
    ["0", null],
    ["1", 1],
    ["18", 18],
    ["22", 22],
    ["23", null],
    ["3a", null],
    ["-1", null],
  ])("week %j reads %j", (value, expected) => {
    expect(parseWeekParam(value)).toBe(expected);
  });

  it.each([
    [null, null],
    ["2019", null],
    ["2020", 2020],
    ["2025", 2025],
    ["2031", null],
    ["twenty", null],
  ])("season %j reads %j", (value, expected) => {
    expect(parseSeasonParam(value)).toBe(expected);
  });
});

describe("choosePicksContest", () => {
  const pending = contest({ id: "a", status: "pending" });
  const active = contest({ id: "b", status: "active" });
  const done = contest({ id: "c", status: "completed" });
  it.each([
    ["the one asked for", [pending, active], "a", { kind: "found", contest: pending }],
    ["not found when unknown", [pending, active], "zzz", { kind: "not-found", id: "zzz" }],
    ["not found without contests", [], "zzz", { kind: "not-found", id: "zzz" }],
    ["the first active one", [pending, done, active], null, { kind: "found", contest: active }],
    ["else the first one", [done, pending], null, { kind: "found", contest: done }],
    ["none without contests", [], null, { kind: "none" }],
  ] as const)("%s", (_name, contests, id, expected) => {
    expect(choosePicksContest(contests, id)).toEqual(expected);
  });
});

describe("pickingBlock", () => {
  it.each([
    ["a player, active, this week", contest(), "p1", 1, null],
    ["player 2 too", contest(), "p2", 1, null],
    ["someone else (an admin)", contest(), "admin", 1, "Only the contest's two players make picks in it."],
    [
      "a pending contest",
      contest({ status: "pending" }),
      "p1",
      1,
      "This contest is pending: picks are closed.",
    ],
    ["another week", contest({ currentWeek: 3 }), "p1", 4, "Picks are open for week 3 only."],
  ])("%s", (_name, theContest, userId, week, expected) => {
    expect(pickingBlock(theContest, userId, week)).toBe(expected);
  });
});

describe("turnAlert", () => {
  const base: TurnInput = {
    isFirstPicker: false,
    opponentPickCount: 0,
    maxPicks: 2,
    deadlinePassed: false,
    remaining: 2,
    opponentName: "Alice Anders",
  };
  it.each<[string, Partial<TurnInput>, string, string, boolean]>([
    [
      "the first picker picks",
      { isFirstPicker: true },
      "first",
      "You pick first this week! Select 2 more games to complete your picks.",
      true,
    ],
    [
      "the first picker with one pick left",
      { isFirstPicker: true, remaining: 1 },
      "first",
      "You pick first this week! Select 1 more game to complete your picks.",
      true,
    ],
    [
      "the second picker waits",
      {},
      "wait",
      "Wait for Alice Anders to make their picks first, then you can select 2 games.",
      false,
    ],
    [
      "the second picker waits while the first has some picks",
      { opponentPickCount: 1 },
      "wait",
      "Wait for Alice Anders to make their picks first, then you can select 2 games.",
      false,
    ],
    [
      "the second picker once the first has submitted",
      { opponentPickCount: 2 },
      "second",
      "Select 2 more games to complete your picks.",
      true,
    ],
    [
      "the second picker after the deadline",
      { deadlinePassed: true },
      "second",
      "Select 2 more games to complete your picks.",
      true,
    ],
  ])("%s", (_name, over, kind, message, canPick) => {
    expect(turnAlert({ ...base, ...over })).toEqual({ kind, message, canPick });
  });
});

describe("deadline", () => {
  it("is Thursday 4:00 PM Pacific of the week of the games (PDT: 23:00 UTC)", () => {
    const games = [
      game({ gameDate: "2025-09-07T17:00:00.000Z" }),
      game({ gameDate: "2025-09-05T00:20:00.000Z" }),
      game({ gameDate: "2025-09-09T00:15:00.000Z" }),
    ];
    expect(weekDeadline(games)?.toISOString()).toBe("2025-09-04T23:00:00.000Z");
  });
  it("in standard time is at 00:00 UTC on Friday", () => {
    expect(weekDeadline([game({ gameDate: "2025-12-05T01:15:00.000Z" })])?.toISOString()).toBe(
      "2025-12-05T00:00:00.000Z",
    );
  });
  it("is unknown without games", () => {
    expect(weekDeadline([])).toBeNull();
  });
  it("says TBD without games, and waits for the week's turn (next-pick-due.test.ts has the rule)", () => {
    const player1 = "00000000-0000-4000-8000-00000000000a";
    expect(deadlineText(0, undefined, player1, new Date())).toBe("TBD");
    expect(deadlineText(16, undefined, player1, new Date())).toBe("…");
  });
  it.each([
    [1, "1 game"],
    [2, "2 games"],
  ])("%i reads %s", (count, text) => {
    expect(gameCountLabel(count)).toBe(text);
  });
});

describe("picks left and selected", () => {
  it.each([
    ["a contest not under way", "This contest is completed: picks are closed.", 16, 0, true],
    ["another week", "Picks are open for week 5 only.", 16, 3, true],
    ["a week whose every game has kicked off", null, 16, 0, true],
    ["a week with games still open", null, 16, 3, false],
    ["a week without games yet", null, 0, 0, false],
  ])("are closed for %s: %j", (_, block, gameCount, openCount, closed) => {
    expect(picksClosed(block, gameCount, openCount)).toBe(closed);
  });

  it("count the picks left and selected while picks are open", () => {
    expect(pickCountTexts({ closed: false, remaining: 2, note: "of 2 this week", selected: 1 })).toEqual({
      remaining: "2",
      remainingNote: "of 2 this week",
      selected: "1/2",
    });
  });

  it("show a dash, and no allowance, once picks are closed", () => {
    expect(pickCountTexts({ closed: true, remaining: 1, note: "of 1 this week", selected: 0 })).toEqual({
      remaining: "—",
      remainingNote: undefined,
      selected: "—",
    });
  });
});

describe("isGameOpen", () => {
  const now = new Date("2025-09-04T12:00:00Z");
  it.each([
    ["upcoming, later", game(), true],
    ["upcoming, kicked off", game({ gameDate: "2025-09-04T11:59:00.000Z" }), false],
    ["upcoming, kicking off now", game({ gameDate: "2025-09-04T12:00:00.000Z" }), false],
    ["live", game({ status: "live" }), false],
    ["final", game({ status: "final" }), false],
  ])("%s: %s", (_name, theGame, open) => {
    expect(isGameOpen(theGame, now)).toBe(open);
  });
});

describe("labels", () => {
  const awayFavorite = game({ homeTeam: "LAC", awayTeam: "KC", spread: "3", favoriteTeam: "KC" });
  const noFavoriteNamed = game({ favoriteTeam: null, spread: "-3.00" });
  const pickEm = game({ spread: "0", favoriteTeam: null, overUnder: "41" });

  it.each([
    ["home favorite", game(), "favorite", "PHI -8.5"],
    ["home favorite's underdog", game(), "underdog", "DAL +8.5"],
    ["away favorite", awayFavorite, "favorite", "KC -3"],
    ["away favorite's underdog", awayFavorite, "underdog", "LAC +3"],
    ["favorite from the sign", noFavoriteNamed, "favorite", "PHI -3"],
    ["pick'em favorite is the home team", pickEm, "favorite", "PHI"],
    ["pick'em underdog is the away team", pickEm, "underdog", "DAL"],
  ] as const)("spread, %s: %s", (_name, theGame, side, label) => {
    expect(sideLabel(theGame, "spread", side)).toBe(label);
  });

  it.each([
    [game(), "over", "Over 47.5"],
    [game(), "under", "Under 47.5"],
    [pickEm, "over", "Over 41"],
  ] as const)("total %#: %s", (theGame, side, label) => {
    expect(sideLabel(theGame, "total", side)).toBe(label);
  });

  it("orders the buttons: favorite, underdog; away, home at pick'em; over, under", () => {
    const labels = (theGame: Game) => {
      const options = sideOptions(theGame);
      return [options.spread?.map((o) => o.label), options.total?.map((o) => o.label)];
    };
    expect(labels(game())).toEqual([
      ["PHI -8.5", "DAL +8.5"],
      ["Over 47.5", "Under 47.5"],
    ]);
    expect(labels(pickEm)).toEqual([
      ["DAL", "PHI"],
      ["Over 41", "Under 41"],
    ]);
    expect(labels(game({ spread: null, overUnder: null }))).toEqual([undefined, undefined]);
  });

  it.each([
    ["a favorite at its line", made(), "PHI -8.5"],
    ["an underdog", made({ side: "underdog" }), "DAL +8.5"],
    [
      "the line it was made at, not today's",
      made({ lineSpread: "-7", game: game({ spread: "-9" }) }),
      "PHI -7",
    ],
    ["a pick'em", made({ lineSpread: "0", lineFavorite: null, side: "underdog" }), "DAL (Pick'em)"],
    [
      "an over",
      made({ market: "total", side: "over", lineSpread: null, lineFavorite: null, lineTotal: "44.5" }),
      "Over 44.5",
    ],
    [
      "an under without a recorded line",
      made({ market: "total", side: "under", lineSpread: null, lineTotal: null }),
      "Under 47.5",
    ],
  ])("a made pick, %s: %s", (_name, pick, label) => {
    expect(pickLabel(pick)).toBe(label);
  });

  it.each([
    ["favorite", game(), "spread", "favorite", "DAL @ PHI - Spread: PHI"],
    ["underdog", game(), "spread", "underdog", "DAL @ PHI - Spread: Underdog"],
    ["pick'em favorite (home)", pickEm, "spread", "favorite", "DAL @ PHI - Spread: PHI"],
    ["over", game(), "total", "over", "DAL @ PHI - Total: Over 47.5"],
    ["under", game(), "total", "under", "DAL @ PHI - Total: Under 47.5"],
  ] as const)("confirmation line, %s", (_name, theGame, market, side, line) => {
    expect(confirmLine(theGame, { market, side })).toBe(line);
  });
});
