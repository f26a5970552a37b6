import { describe, expect, it } from "vitest";
import {
  LIVE_LEAD_MS,
  mergeFedGame,
  type FedGame,
  type GamePatch,
  type MergeOptions,
  type PicksAction,
  type StoredGame,
} from "./feed";
import {
  AFTER,
  BEFORE,
  DURING,
  fed,
  final,
  free,
  KICKOFF,
  live,
  merge,
  minutes,
  noLine,
  stored,
} from "./feed-test-setup";

describe("what is refused as a whole", () => {
  it.each<[string, StoredGame, FedGame, Date, RegExp]>([
    [
      "a game that would move to another season",
      stored(),
      fed({ season: 2026 }),
      BEFORE,
      /^would move the game from season 2025 to 2026$/,
    ],
    [
      "other teams than the stored game's",
      stored(),
      fed({ homeTeam: "BUF", awayTeam: "HOU" }),
      BEFORE,
      /^names HOU @ BUF, stored as BUF @ HOU$/,
    ],
    [
      "a final days before its kickoff",
      stored(),
      final(20, 27),
      BEFORE,
      /^reports the game final before its kickoff$/,
    ],
    [
      "a live game 16 minutes before its kickoff",
      stored(),
      live(0, 7),
      minutes(KICKOFF, -16),
      /^reports the game live before its kickoff$/,
    ],
    [
      "a final without a score",
      stored({ status: "live" }),
      final(20, 27, { homeScore: null }),
      AFTER,
      /^reports a final without a score$/,
    ],
  ])("%s", (_label, game, from, now, reason) => {
    const outcome = mergeFedGame(game, from, { now, ...free });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(reason);
  });

  it("takes a live report from 15 minutes before the kickoff (a clock a little ahead)", () => {
    expect(LIVE_LEAD_MS).toBe(15 * 60_000);
    const outcome = merge(stored(), live(0, 7), minutes(KICKOFF, -15));
    expect(outcome.patch).toMatchObject({ status: "live", homeScore: 0, awayScore: 7 });
  });
});

describe("kickoff and week follow the source until the game starts", () => {
  const moved = fed({ kickoff: new Date("2025-11-30T18:00:00Z"), week: 13 });
  it.each<[string, StoredGame, FedGame, Date, Partial<MergeOptions>, GamePatch]>([
    [
      "a flexed game: new kickoff and week",
      stored(),
      moved,
      BEFORE,
      {},
      { gameDate: moved.kickoff, week: 13 },
    ],
    [
      "a game with picks keeps its week, its kickoff moves",
      stored(),
      moved,
      BEFORE,
      { weekLocked: true },
      { gameDate: moved.kickoff },
    ],
    [
      "a week that already has these teams keeps the game where it is",
      stored(),
      moved,
      BEFORE,
      { weekTaken: true },
      { gameDate: moved.kickoff },
    ],
    ["a kickoff the admin pinned stays", stored({ pinned: ["kickoff"] }), moved, BEFORE, {}, {}],
    [
      "a live game's kickoff and week stay",
      stored({ status: "live", homeScore: 7, awayScore: 0, period: 1, clock: "2:00" }),
      live(7, 0, { kickoff: minutes(KICKOFF, 10), week: 13, period: 1, clock: "2:00" }),
      DURING,
      {},
      {},
    ],
    [
      "a game the source reports under way keeps its kickoff",
      stored(),
      live(0, 3, { kickoff: minutes(KICKOFF, 10), week: 13 }),
      minutes(KICKOFF, 5),
      {},
      { status: "live", homeScore: 0, awayScore: 3, period: 2, clock: "6:52" },
    ],
    [
      "a final's kickoff stays",
      stored({ status: "final", homeScore: 20, awayScore: 27, period: 4 }),
      final(20, 27, { kickoff: minutes(KICKOFF, 60) }),
      AFTER,
      {},
      {},
    ],
  ])("%s", (_label, game, from, now, options, patch) => {
    expect(merge(game, from, now, options).patch).toEqual(patch);
  });
});

describe("postponed and canceled", () => {
  const newDate = new Date("2025-11-25T18:00:00Z");
  it.each<[string, StoredGame, FedGame, Date, GamePatch, PicksAction]>([
    [
      "a postponement is shown, not graded",
      stored(),
      fed({ status: "postponed", line: noLine }),
      minutes(KICKOFF, -30),
      { status: "postponed" },
      null,
    ],
    [
      "a postponed game is upcoming again at its new date",
      stored({ status: "postponed" }),
      fed({ kickoff: newDate }),
      AFTER,
      { status: "upcoming", gameDate: newDate },
      null,
    ],
    [
      "a canceled game's picks are void",
      stored(),
      fed({ status: "canceled", line: noLine }),
      BEFORE,
      { status: "canceled" },
      "void",
    ],
    [
      "a game canceled while live: void",
      stored({ status: "live", homeScore: 3, awayScore: 0, period: 1, clock: "1:00" }),
      fed({ status: "canceled", line: noLine }),
      DURING,
      { status: "canceled" },
      "void",
    ],
    [
      "canceled again: the picks were voided already",
      stored({ status: "canceled" }),
      fed({ status: "canceled", line: noLine }),
      AFTER,
      {},
      null,
    ],
    [
      "brought back from canceled: the grades are cleared",
      stored({ status: "canceled" }),
      fed({ kickoff: newDate }),
      AFTER,
      { status: "upcoming", gameDate: newDate },
      "reset",
    ],
  ])("%s", (_label, game, from, now, patch, picks) => {
    const outcome = merge(game, from, now);
    expect(outcome.patch).toEqual(patch);
    expect(outcome.picks).toBe(picks);
  });
});

describe("the line follows the source until kickoff, then it is frozen", () => {
  const moved = { spread: 7.5, favoriteTeam: "BUF", total: 44 };
  it.each<[string, StoredGame, FedGame, Date, GamePatch]>([
    ["a line move", stored(), fed({ line: moved }), BEFORE, { spread: 7.5, overUnder: 44 }],
    [
      "the favorite changes sides",
      stored(),
      fed({ line: { spread: -1.5, favoriteTeam: "HOU", total: 43.5 } }),
      BEFORE,
      { spread: -1.5, favoriteTeam: "HOU" },
    ],
    [
      "a pick'em line names no favorite",
      stored(),
      fed({ line: { spread: 0, favoriteTeam: "BUF", total: 43.5 } }),
      BEFORE,
      { spread: 0, favoriteTeam: null },
    ],
    [
      "a first line for a game without one",
      stored({ spread: null, favoriteTeam: null, overUnder: null }),
      fed(),
      BEFORE,
      { spread: 6, favoriteTeam: "BUF", overUnder: 43.5 },
    ],
    ["odds gone: ours stay", stored(), fed({ line: noLine }), BEFORE, {}],
    [
      "only a total: the spread stays",
      stored(),
      fed({ line: { spread: null, favoriteTeam: null, total: 41 } }),
      BEFORE,
      { overUnder: 41 },
    ],
    [
      "only a spread: the total stays",
      stored(),
      fed({ line: { spread: 3, favoriteTeam: "BUF", total: null } }),
      BEFORE,
      { spread: 3 },
    ],
    ["at kickoff (a delayed start) the line is frozen", stored(), fed({ line: moved }), KICKOFF, {}],
    ["an admin's line stays", stored({ pinned: ["line"] }), fed({ line: moved }), BEFORE, {}],
    [
      "a live game's line stays",
      stored({ status: "live", homeScore: 0, awayScore: 0, period: 1, clock: "15:00" }),
      live(0, 0, { line: moved, period: 1, clock: "15:00" }),
      DURING,
      {},
    ],
    [
      "a game moved later takes lines until its new kickoff",
      stored(),
      fed({ kickoff: minutes(KICKOFF, 24 * 60), line: moved }),
      minutes(KICKOFF, 60),
      { gameDate: minutes(KICKOFF, 24 * 60), spread: 7.5, overUnder: 44 },
    ],
    [
      "a game moved earlier, into the past, takes no line",
      stored(),
      fed({ kickoff: minutes(BEFORE, -60), line: moved }),
      BEFORE,
      { gameDate: minutes(BEFORE, -60) },
    ],
  ])("%s", (_label, game, from, now, patch) => {
    expect(merge(game, from, now).patch).toEqual(patch);
  });
});
