import { describe, expect, it } from "vitest";
import {
  isLiveChange,
  newGameFrom,
  picksAfterEdit,
  type FedGame,
  type FeedGameStatus,
  type GamePatch,
  type PicksAction,
  type StoredGame,
} from "./feed";
import { AFTER, BEFORE, DURING, fed, final, KICKOFF, live, merge, minutes, stored } from "./feed-test-setup";

/** The stored game once a patch is written, as the sync service does. */
const applied = (game: StoredGame, patch: GamePatch): StoredGame => ({ ...game, ...patch });

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
