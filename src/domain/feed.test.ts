import { describe, expect, it } from "vitest";
import {
  isLiveChange,
  LIVE_LEAD_MS,
  mergeFedGame,
  newGameFrom,
  picksAfterEdit,
  type FedGame,
  type FeedGameStatus,
  type GamePatch,
  type MergeOptions,
  type PicksAction,
  type StoredGame,
} from "./feed";

// BUF @ HOU, week 12 of 2025: Thursday night, 01:15 UTC Friday.
const KICKOFF = new Date("2025-11-21T01:15:00Z");
const BEFORE = new Date("2025-11-20T12:00:00Z");
const DURING = new Date("2025-11-21T02:30:00Z");
const AFTER = new Date("2025-11-21T05:00:00Z");
const minutes = (date: Date, count: number) => new Date(date.getTime() + count * 60_000);

const stored = (overrides: Partial<StoredGame> = {}): StoredGame => ({
  season: 2025,
  week: 12,
  homeTeam: "HOU",
  awayTeam: "BUF",
  gameDate: KICKOFF,
  spread: 6,
  favoriteTeam: "BUF",
  overUnder: 43.5,
  status: "upcoming",
  homeScore: null,
  awayScore: null,
  period: null,
  clock: null,
  phase: null,
  externalId: "401772946",
  pinned: [],
  ...overrides,
});

const fed = (overrides: Partial<FedGame> = {}): FedGame => ({
  externalId: "401772946",
  season: 2025,
  week: 12,
  homeTeam: "HOU",
  awayTeam: "BUF",
  kickoff: KICKOFF,
  status: "upcoming",
  homeScore: null,
  awayScore: null,
  period: null,
  clock: null,
  phase: null,
  line: { spread: 6, favoriteTeam: "BUF", total: 43.5 },
  ...overrides,
});

const live = (homeScore: number, awayScore: number, extra: Partial<FedGame> = {}) =>
  fed({ status: "live", homeScore, awayScore, period: 2, clock: "6:52", line: noLine, ...extra });
const final = (homeScore: number, awayScore: number, extra: Partial<FedGame> = {}) =>
  fed({ status: "final", homeScore, awayScore, period: 4, line: noLine, ...extra });
const noLine = { spread: null, favoriteTeam: null, total: null };

const free: Omit<MergeOptions, "now"> = { weekLocked: false, weekTaken: false };

function merge(game: StoredGame, from: FedGame, now: Date, options: Partial<MergeOptions> = {}) {
  const outcome = mergeFedGame(game, from, { now, ...free, ...options });
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome;
}

/** The stored game once a patch is written, as the sync service does. */
const applied = (game: StoredGame, patch: GamePatch): StoredGame => ({ ...game, ...patch });

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

describe("status and score", () => {
  const upcoming = stored();
  const liveGame = stored({ status: "live", homeScore: 10, awayScore: 14, period: 3, clock: "4:10" });
  const finalGame = stored({ status: "final", homeScore: 20, awayScore: 27, period: 4 });

  it.each<[string, StoredGame, FedGame, Date, GamePatch, PicksAction]>([
    [
      "kickoff: live with score, quarter and clock",
      upcoming,
      live(0, 7),
      DURING,
      { status: "live", homeScore: 0, awayScore: 7, period: 2, clock: "6:52" },
      null,
    ],
    [
      "halftime",
      liveGame,
      live(10, 14, { phase: "halftime", clock: "0:00" }),
      DURING,
      { period: 2, clock: "0:00", phase: "halftime" },
      null,
    ],
    [
      "the score moves",
      liveGame,
      live(17, 14, { period: 3, clock: "1:02" }),
      DURING,
      { homeScore: 17, clock: "1:02" },
      null,
    ],
    [
      "final: graded at once, clock cleared",
      liveGame,
      final(20, 27),
      AFTER,
      { status: "final", homeScore: 20, awayScore: 27, period: 4, clock: null },
      "grade",
    ],
    [
      "final straight from upcoming (a sync missed the game)",
      upcoming,
      final(20, 27, { period: 5 }),
      AFTER,
      { status: "final", homeScore: 20, awayScore: 27, period: 5 },
      "grade",
    ],
    ["a stat correction is graded again", finalGame, final(20, 24), AFTER, { awayScore: 24 }, "grade"],
    ["the same final again: nothing", finalGame, final(20, 27), AFTER, {}, null],
    ["a final never goes back to live", finalGame, live(20, 27), AFTER, {}, null],
    ["a final never goes back to upcoming", finalGame, fed(), AFTER, {}, null],
    ["a final is never postponed", finalGame, fed({ status: "postponed" }), AFTER, {}, null],
    ["a live game never goes back to upcoming", liveGame, fed(), DURING, {}, null],
    ["a live game is not postponed", liveGame, fed({ status: "postponed" }), DURING, {}, null],
    [
      "a live report without a score keeps the score",
      liveGame,
      live(0, 0, { homeScore: null, awayScore: null, period: 3, clock: "3:00" }),
      DURING,
      { clock: "3:00" },
      null,
    ],
  ])("%s", (_label, game, from, now, patch, picks) => {
    const outcome = merge(game, from, now);
    expect(outcome.patch).toEqual(patch);
    expect(outcome.picks).toBe(picks);
  });

  it("a late live report never changes a final's score (nor regrades it)", () => {
    const outcome = merge(finalGame, live(13, 27, { period: 4, clock: "0:40" }), AFTER);
    expect(outcome.patch).toEqual({});
    expect(outcome.picks).toBeNull();
  });
});

describe("the admin wins: pinned fields are left alone", () => {
  it.each<[string, StoredGame, FedGame, Date, GamePatch, PicksAction]>([
    [
      "a pinned status: a final by hand stays as entered",
      stored({ status: "final", homeScore: 21, awayScore: 20, pinned: ["status", "score"] }),
      final(20, 27),
      AFTER,
      { period: 4 },
      null,
    ],
    [
      "a pinned score: the status follows, the score stays",
      stored({ status: "live", homeScore: 21, awayScore: 20, period: 4, pinned: ["score"] }),
      final(20, 27),
      AFTER,
      { status: "final" },
      "grade",
    ],
    [
      "a pinned status: the game stays upcoming, no score is taken",
      stored({ pinned: ["status"] }),
      live(0, 7),
      DURING,
      {},
      null,
    ],
    [
      "a pinned status keeps a postponement by hand",
      stored({ status: "postponed", pinned: ["status"] }),
      fed({ kickoff: minutes(KICKOFF, 60) }),
      BEFORE,
      { gameDate: minutes(KICKOFF, 60) },
      null,
    ],
    [
      "everything pinned: only the external id is taken",
      stored({ externalId: null, pinned: ["line", "kickoff", "score", "status"] }),
      fed({ kickoff: minutes(KICKOFF, 60), week: 13, line: { spread: 1, favoriteTeam: "BUF", total: 50 } }),
      BEFORE,
      { externalId: "401772946" },
      null,
    ],
  ])("%s", (_label, game, from, now, patch, picks) => {
    const outcome = merge(game, from, now);
    expect(outcome.patch).toEqual(patch);
    expect(outcome.picks).toBe(picks);
  });
});

describe("adoption and idempotency", () => {
  it("an adopted game takes the source's id; a linked one keeps its own", () => {
    expect(merge(stored({ externalId: null }), fed(), BEFORE).patch).toEqual({ externalId: "401772946" });
    expect(merge(stored({ externalId: "other" }), fed(), BEFORE).patch).toEqual({});
  });

  const steps: [string, StoredGame, FedGame, Date][] = [
    [
      "adoption with a new line",
      stored({ externalId: null }),
      fed({ line: { spread: 7, favoriteTeam: "BUF", total: 45 } }),
      BEFORE,
    ],
    ["a flex", stored(), fed({ kickoff: minutes(KICKOFF, 3 * 24 * 60), week: 13 }), BEFORE],
    ["kickoff", stored(), live(0, 7), DURING],
    ["a final", stored({ status: "live", homeScore: 3, awayScore: 3 }), final(20, 27, { period: 5 }), AFTER],
    ["a cancellation", stored(), fed({ status: "canceled" }), BEFORE],
    ["a postponement", stored(), fed({ status: "postponed" }), BEFORE],
  ];
  it.each(steps)("%s, merged twice, writes nothing the second time", (_label, game, from, now) => {
    const first = merge(game, from, now);
    expect(first.patch).not.toEqual({});
    const second = merge(applied(game, first.patch), from, now);
    expect(second.patch).toEqual({});
    expect(second.picks).toBeNull();
  });
});

describe("a new game from the source", () => {
  it("is stored as the source has it, with its id and line", () => {
    const created = newGameFrom(fed(), BEFORE);
    expect(created).toEqual({
      ok: true,
      picks: null,
      game: stored({ externalId: "401772946" }),
    });
  });

  it.each<[string, FeedGameStatus, FedGame, PicksAction]>([
    ["a final of the past, graded", "final", final(20, 27), "grade"],
    ["a game under way", "live", live(0, 7), null],
    ["a postponed game", "postponed", fed({ status: "postponed" }), null],
  ])("%s", (_label, status, from, picks) => {
    const created = newGameFrom(from, status === "postponed" ? BEFORE : AFTER);
    expect(created.ok && created.game.status).toBe(status);
    expect(created.ok && created.picks).toBe(picks);
    if (status !== "postponed") {
      expect(created.ok && [created.game.homeScore, created.game.awayScore]).toEqual([
        from.homeScore,
        from.awayScore,
      ]);
    }
  });

  it("a new game past its kickoff takes no line (it is frozen from kickoff)", () => {
    const created = newGameFrom(fed(), AFTER);
    expect(created.ok && [created.game.spread, created.game.overUnder]).toEqual([null, null]);
  });

  it("a result before the kickoff is refused", () => {
    expect(newGameFrom(final(20, 27), BEFORE)).toEqual({
      ok: false,
      reason: "reports the game final before its kickoff",
    });
  });
});

describe("a live change: what a score update is", () => {
  it.each([
    [{ homeScore: 7 }, true],
    [{ homeScore: 7, awayScore: 3, period: 2, clock: "6:52", phase: null }, true],
    [{ status: "live", period: 1, clock: "15:00" }, true],
    [{ status: "final", homeScore: 24, awayScore: 20 }, true],
    [{ phase: "halftime" }, true],
    [{}, true],
    [{ status: "postponed" }, false],
    [{ status: "canceled" }, false],
    [{ status: "upcoming" }, false],
    [{ gameDate: new Date("2025-09-07T17:00:00Z") }, false],
    [{ spread: -3.5 }, false],
    [{ homeScore: 7, overUnder: 44.5 }, false],
    [{ week: 2 }, false],
    [{ externalId: "401" }, false],
  ] as const)("%o → %s", (patch, expected) => {
    expect(isLiveChange(patch as GamePatch)).toBe(expected);
  });
});

describe("what an admin's edit does to a game's picks", () => {
  const game = (
    status: FeedGameStatus,
    homeScore: number | null = null,
    awayScore: number | null = null,
  ) => ({
    status,
    homeScore,
    awayScore,
  });
  it.each([
    ["upcoming", game("final", 24, 20), "grade"],
    ["final", game("final", 27, 20), "grade"],
    ["live", game("canceled"), "void"],
    ["canceled", game("canceled"), null],
    ["final", game("live", 24, 20), "reset"],
    ["canceled", game("upcoming"), "reset"],
    ["final", game("final"), "reset"],
    ["upcoming", game("live", 7, 0), null],
    ["upcoming", game("final"), null],
  ] as const)("from %s to %o: %s", (before, after, expected) => {
    expect(picksAfterEdit({ status: before }, after)).toBe(expected);
  });
});
