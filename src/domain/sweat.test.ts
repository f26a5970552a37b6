import { describe, expect, it } from "vitest";
import type { GameProgress } from "./game-status";
import { gradePick, type Grade, type PickLine } from "./grading";
import {
  gradeNow,
  ifItEndedNow,
  pickSweat,
  sweatText,
  timeLeftText,
  totalNow,
  type EndedNow,
  type SweatGame,
  type SweatPick,
} from "./sweat";
import type { Result, TiebreakInput } from "./weekly";

/** DAL @ PHI, live in Q4 with 9:12 left unless told otherwise. */
const game = (home: number | null, away: number | null, overrides: Partial<SweatGame> = {}): SweatGame => ({
  homeTeam: "PHI",
  awayTeam: "DAL",
  homeScore: home,
  awayScore: away,
  status: "live",
  period: 4,
  clock: "9:12",
  phase: null,
  ...overrides,
});
const spread = (
  side: "favorite" | "underdog",
  lineSpread: number,
  lineFavorite: string | null = null,
): PickLine => ({
  market: "spread",
  side,
  lineSpread,
  lineFavorite,
  lineTotal: null,
});
const total = (side: "over" | "under", lineTotal: number): PickLine => ({
  market: "total",
  side,
  lineSpread: null,
  lineFavorite: null,
  lineTotal,
});

describe("pickSweat: a live pick graded at the score of the moment, against its own line", () => {
  it.each<[string, PickLine, [home: number, away: number], Grade, number, string]>([
    ["home favorite -3.5 up by 7", spread("favorite", -3.5), [21, 14], "win", 3.5, "covering by 3.5"],
    ["home favorite -3.5 up by 1", spread("favorite", -3.5), [15, 14], "loss", -2.5, "not covering by 2.5"],
    ["underdog +3.5 down by 1", spread("underdog", -3.5), [15, 14], "win", 2.5, "covering by 2.5"],
    ["underdog +3.5 down by 7", spread("underdog", -3.5), [21, 14], "loss", -3.5, "not covering by 3.5"],
    ["favorite -3 up by 3 pushes", spread("favorite", -3), [17, 14], "push", 0, "push right now"],
    ["away favorite (+7 home view) up by 10", spread("favorite", 7), [10, 20], "win", 3, "covering by 3"],
    ["home underdog +7 ahead outright", spread("underdog", 7), [21, 20], "win", 8, "covering by 8"],
    ["named favorite over the sign", spread("favorite", -3, "PHI"), [27, 20], "win", 4, "covering by 4"],
    ["pick'em: the home team ahead", spread("favorite", 0), [21, 20], "win", 1, "covering by 1"],
    ["pick'em: the away side behind", spread("underdog", 0), [21, 20], "loss", -1, "not covering by 1"],
    ["pick'em: level", spread("underdog", 0), [20, 20], "push", 0, "push right now"],
    ["over 47.5 at 53", total("over", 47.5), [30, 23], "win", 5.5, "over by 5.5"],
    ["under 47.5 at 53", total("under", 47.5), [30, 23], "loss", 5.5, "over by 5.5"],
    ["under 47.5 at 46", total("under", 47.5), [26, 20], "win", -1.5, "under by 1.5"],
    ["over 44 at 44", total("over", 44), [24, 20], "push", 0, "push right now"],
  ])("%s", (_label, pick, [home, away], grade, margin, text) => {
    const sweat = pickSweat(pick, game(home, away, { period: null, clock: null }));
    expect(sweat).toEqual({ market: pick.market, grade, margin });
    expect(sweatText(sweat!, game(home, away, { period: null }))).toBe(text);
  });

  it("grades as the final will: the same grade as gradePick at that score", () => {
    for (const [home, away] of [
      [0, 0],
      [3, 0],
      [10, 17],
      [24, 20],
      [31, 3],
    ] as const) {
      for (const pick of [
        spread("favorite", -3.5),
        spread("underdog", 6),
        total("over", 41.5),
        total("under", 44),
      ]) {
        const score = { homeTeam: "PHI", awayTeam: "DAL", homeScore: home, awayScore: away };
        expect(pickSweat(pick, game(home, away))?.grade).toBe(gradePick(pick, score));
      }
    }
  });

  it.each<[string, SweatGame, PickLine]>([
    ["an upcoming game", game(null, null, { status: "upcoming" }), spread("favorite", -3.5)],
    ["a final", game(21, 14, { status: "final" }), spread("favorite", -3.5)],
    ["a postponed game", game(7, 0, { status: "postponed" }), spread("favorite", -3.5)],
    ["a live game without a score yet", game(null, null), total("over", 47.5)],
    ["a spread pick without its line", game(7, 0), { ...spread("favorite", -3.5), lineSpread: null }],
    ["a total pick without its line", game(7, 0), { ...total("over", 47.5), lineTotal: null }],
  ])("says nothing of %s", (_label, liveGame, pick) => {
    expect(pickSweat(pick, liveGame)).toBeNull();
  });
});

describe("timeLeftText: when in the game the sweat is", () => {
  const at = (overrides: Partial<GameProgress>): GameProgress => ({
    status: "live",
    period: 4,
    clock: "9:12",
    phase: null,
    ...overrides,
  });
  it.each<[Partial<GameProgress>, string | null]>([
    [{}, "with 9:12 left in Q4"],
    [{ period: 1, clock: "15:00" }, "with 15:00 left in Q1"],
    [{ period: 2, clock: "0:00", phase: "halftime" }, "at halftime"],
    [{ period: 1, clock: "0:00", phase: "end_period" }, "at the end of Q1"],
    [{ period: 3, clock: "0:00" }, "at the end of Q3"],
    [{ period: 3, clock: null }, "in Q3"],
    [{ period: 5, clock: "4:10" }, "in OT"],
    [{ period: 6, clock: "1:00" }, "in 2OT"],
    [{ period: 5, clock: "0:00", phase: "end_period" }, "at the end of OT"],
    [{ period: null, clock: null }, null],
    [{ period: 0, clock: null }, null],
    [{ status: "final" }, null],
    [{ status: "upcoming", period: null, clock: null }, null],
  ])("%o reads %s", (overrides, text) => {
    expect(timeLeftText(at(overrides))).toBe(text);
  });

  it.each<[Partial<SweatGame>, string]>([
    [{}, "over by 6 with 9:12 left in Q4"],
    [{ period: 2, clock: "0:00", phase: "halftime" }, "over by 6 at halftime"],
    [{ period: 5, clock: "7:01" }, "over by 6 in OT"],
  ])("the sentence %o: %s", (overrides, text) => {
    const liveGame = game(30, 20, overrides);
    expect(sweatText(pickSweat(total("under", 44), liveGame)!, liveGame)).toBe(text);
  });
});

/** A pick of the week: a spread pick on PHI -3.5 (favorite) unless told otherwise. */
const weekPick = (
  state: SweatGame,
  result: Result = "pending",
  overrides: Partial<SweatPick> = {},
): SweatPick => ({ ...spread("favorite", -3.5), result, game: state, ...overrides });
const covering = game(21, 14);
const notCovering = game(15, 14);
const upcoming = game(null, null, { status: "upcoming", period: null, clock: null });

describe("gradeNow: what a pick counts if the week ended now", () => {
  it.each<[string, SweatPick, Grade | null]>([
    ["a live pick: its sweat", weekPick(covering), "win"],
    ["a live pick behind", weekPick(notCovering), "loss"],
    ["a graded final: its result", weekPick(game(21, 14, { status: "final" }), "loss"), "loss"],
    ["a final not graded yet: at its final score", weekPick(game(21, 14, { status: "final" })), "win"],
    ["an upcoming game: not counted", weekPick(upcoming), null],
    ["a postponed game: not counted", weekPick(game(null, null, { status: "postponed" })), null],
    ["a canceled game: void, not counted", weekPick(game(7, 0, { status: "canceled" }), "push"), null],
    [
      "a final without its line: left to the server",
      weekPick(game(21, 14, { status: "final" }), "pending", { lineSpread: null }),
      null,
    ],
  ])("%s", (_label, pick, grade) => {
    expect(gradeNow(pick)).toBe(grade);
  });
});

describe("ifItEndedNow: the week as if every game ended now", () => {
  const ended = (player1Picks: SweatPick[], player2Picks: SweatPick[], tiebreak?: TiebreakInput): EndedNow =>
    ifItEndedNow({ player1Picks, player2Picks, tiebreak });

  it.each<[string, SweatPick[], SweatPick[], EndedNow]>([
    [
      "live and final picks count; an upcoming one does not",
      [weekPick(covering), weekPick(game(0, 0, { status: "final" }), "win"), weekPick(upcoming)],
      [weekPick(notCovering, "pending", { side: "underdog" })],
      { player1Wins: 2, player2Wins: 1, winner: "player1", onTiebreaker: false },
    ],
    [
      "a lock counts twice, winning",
      [weekPick(covering)],
      [weekPick(covering, "pending", { market: "total", side: "over", lineTotal: 30.5, isLock: true })],
      { player1Wins: 1, player2Wins: 2, winner: "player2", onTiebreaker: false },
    ],
    [
      "a lock losing counts nothing for its player",
      [weekPick(notCovering, "pending", { isLock: true }), weekPick(covering)],
      [weekPick(covering)],
      { player1Wins: 1, player2Wins: 1, winner: "tie", onTiebreaker: false },
    ],
    [
      "pushes count neither way",
      [weekPick(game(17, 14), "pending", { lineSpread: -3 })],
      [],
      { player1Wins: 0, player2Wins: 0, winner: "tie", onTiebreaker: false },
    ],
  ])("%s", (_label, player1, player2, outcome) => {
    expect(ended(player1, player2)).toEqual(outcome);
  });

  describe("the weekly tiebreaker", () => {
    const tied = [[weekPick(covering)], [weekPick(covering)]] as const;
    it.each<[string, TiebreakInput, EndedNow["winner"], boolean]>([
      [
        "decides a tie at its game's points now",
        { player1Guess: 40, player2Guess: 30, total: 36 },
        "player1",
        true,
      ],
      ["the other guess closer", { player1Guess: 50, player2Guess: 37, total: 36 }, "player2", true],
      ["equally close: a push", { player1Guess: 40, player2Guess: 32, total: 36 }, "tie", false],
      ["its game canceled: a push", { player1Guess: 40, player2Guess: 30, total: "void" }, "tie", false],
      ["its game not kicked off: waits", { player1Guess: 40, player2Guess: 30, total: null }, null, false],
    ])("%s", (_label, tiebreak, winner, onTiebreaker) => {
      expect(ended([...tied[0]], [...tied[1]], tiebreak)).toMatchObject({ winner, onTiebreaker });
    });

    it("leaves a week won on picks to the picks, whatever its game", () => {
      const tiebreak = { player1Guess: 40, player2Guess: 30, total: null };
      expect(ended([weekPick(covering)], [weekPick(notCovering)], tiebreak)).toMatchObject({
        winner: "player1",
        onTiebreaker: false,
      });
    });
  });
});

describe("totalNow: the tiebreaker's game's points now", () => {
  it.each<[string, SweatGame | undefined, number | null]>([
    ["live", game(21, 14), 35],
    ["final", game(24, 20, { status: "final" }), 44],
    ["not kicked off", upcoming, null],
    ["postponed", game(3, 0, { status: "postponed" }), null],
    ["not known", undefined, null],
  ])("%s", (_label, state, points) => {
    expect(totalNow(state)).toBe(points);
  });
});
