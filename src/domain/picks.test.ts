import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Market, Side } from "./grading";
import { checkPicks, select, sideOpen, type HeldPick, type PickCheck, type PickGame } from "./picks";

const now = new Date("2025-09-07T12:00:00Z");
const game = (id: string, extra: Partial<PickGame> = {}): PickGame => ({
  id,
  season: 2025,
  week: 1,
  status: "upcoming",
  gameDate: new Date("2025-09-07T17:00:00Z"),
  spread: -3,
  overUnder: 44.5,
  label: `${id} game`,
  ...extra,
});
const games = new Map(
  [
    game("g1"),
    game("g2"),
    game("g3"),
    game("started", { gameDate: new Date("2025-09-07T11:00:00Z") }),
    game("live", { status: "live" }),
    game("noline", { spread: null, overUnder: null }),
    game("week2", { week: 2 }),
  ].map((g) => [g.id, g]),
);
const base = (extra: Partial<PickCheck> = {}): PickCheck => ({
  userId: "me",
  season: 2025,
  week: 1,
  now,
  mayPickNow: true,
  firstPickerName: "Alice",
  allowance: 2,
  held: [],
  games,
  wishes: [{ gameId: "g1", market: "spread", side: "favorite" }],
  ...extra,
});
const held = (userId: string, gameId: string, market: Market, side: Side): HeldPick => ({
  userId,
  gameId,
  market,
  side,
});

describe("checkPicks", () => {
  it("accepts a valid pick", () => {
    expect(checkPicks(base())).toBeNull();
  });

  it.each<[string, Partial<PickCheck>, string]>([
    ["nothing sent", { wishes: [] }, "empty"],
    ["not your turn", { mayPickNow: false }, "turn"],
    ["an unknown game", { wishes: [{ gameId: "nope", market: "spread", side: "favorite" }] }, "unknown-game"],
    [
      "a game of another week",
      { wishes: [{ gameId: "week2", market: "spread", side: "favorite" }] },
      "wrong-week",
    ],
    ["a game that kicked off", { wishes: [{ gameId: "started", market: "total", side: "over" }] }, "started"],
    ["a live game", { wishes: [{ gameId: "live", market: "total", side: "over" }] }, "started"],
    [
      "a game without a line",
      { wishes: [{ gameId: "noline", market: "spread", side: "favorite" }] },
      "no-line",
    ],
    [
      "a side of the other market",
      { wishes: [{ gameId: "g1", market: "spread", side: "over" }] },
      "wrong-side",
    ],
    ["your own earlier pick on the market", { held: [held("me", "g1", "spread", "underdog")] }, "duplicate"],
    [
      "the same game and market twice in one batch",
      {
        wishes: [
          { gameId: "g1", market: "total", side: "over" },
          { gameId: "g1", market: "total", side: "under" },
        ],
      },
      "duplicate",
    ],
    ["the opponent's side", { held: [held("them", "g1", "spread", "favorite")] }, "opponent-side"],
    [
      "past the allowance",
      { held: [held("me", "g2", "spread", "favorite"), held("me", "g3", "total", "over")] },
      "allowance",
    ],
  ])("refuses %s", (_label, change, rule) => {
    expect(checkPicks(base(change))?.rule).toBe(rule);
  });

  it("allows the opposite side of the opponent's pick: that is the head-to-head", () => {
    expect(checkPicks(base({ held: [held("them", "g1", "spread", "underdog")] }))).toBeNull();
  });

  it("says how many picks are left", () => {
    const refusal = checkPicks(
      base({
        held: [held("me", "g2", "spread", "favorite")],
        wishes: [
          { gameId: "g1", market: "total", side: "over" },
          { gameId: "g3", market: "total", side: "over" },
        ],
      }),
    );
    expect(refusal?.message).toBe("You may make 2 picks in week 1; you have 1 left.");
  });

  it("names the first picker when it is not your turn", () => {
    expect(checkPicks(base({ mayPickNow: false }))?.message).toBe(
      "It is not your turn yet: wait for Alice to make their picks first.",
    );
  });
});

describe("sideOpen", () => {
  const g1 = games.get("g1")!;
  it.each<[string, HeldPick[], Market, Side, boolean]>([
    ["a free side", [], "spread", "favorite", true],
    ["the opponent's side", [held("them", "g1", "spread", "favorite")], "spread", "favorite", false],
    [
      "the opposite of the opponent's side",
      [held("them", "g1", "spread", "favorite")],
      "spread",
      "underdog",
      true,
    ],
    ["my own market already picked", [held("me", "g1", "spread", "favorite")], "spread", "underdog", false],
    ["the other market of my pick", [held("me", "g1", "spread", "favorite")], "total", "over", true],
  ])("%s", (_label, holds, market, side, expected) => {
    expect(sideOpen(g1, market, side, "me", holds, now)).toBe(expected);
  });

  it("closes every side at kickoff", () => {
    expect(sideOpen(games.get("started")!, "total", "over", "me", [], now)).toBe(false);
  });
});

describe("select (SPEC.md section 4)", () => {
  it("replaces, removes with null, and ignores past the maximum", () => {
    let picks = select([], "g1", "spread", "favorite", 2);
    picks = select(picks, "g1", "spread", "underdog", 2);
    expect(picks).toEqual([{ gameId: "g1", market: "spread", side: "underdog" }]);
    picks = select(picks, "g2", "total", "over", 2);
    picks = select(picks, "g3", "total", "over", 2);
    expect(picks).toHaveLength(2);
    expect(picks.some((p) => p.gameId === "g3")).toBe(false);
    picks = select(picks, "g2", "total", "under", 2);
    expect(picks).toContainEqual({ gameId: "g2", market: "total", side: "under" });
    picks = select(picks, "g1", "spread", null, 2);
    expect(picks).toEqual([{ gameId: "g2", market: "total", side: "under" }]);
  });
});

describe("properties", () => {
  const wish = fc.record({
    gameId: fc.constantFrom("g1", "g2", "g3"),
    market: fc.constantFrom<Market>("spread", "total"),
    side: fc.constantFrom<Side>("favorite", "underdog", "over", "under"),
  });
  const attempt = fc.record({
    userId: fc.constantFrom("p1", "p2"),
    wishes: fc.array(wish, { maxLength: 4 }),
  });

  it("no sequence of submissions exceeds the allowance or gives both players one side", () => {
    fc.assert(
      fc.property(
        fc.array(attempt, { maxLength: 25 }),
        fc.integer({ min: 1, max: 4 }),
        (attempts, allowance) => {
          const holds: HeldPick[] = [];
          for (const { userId, wishes } of attempts) {
            const refusal = checkPicks(base({ userId, allowance, held: holds, wishes }));
            if (!refusal) holds.push(...wishes.map((w) => ({ ...w, userId })));
          }
          for (const player of ["p1", "p2"]) {
            const mine = holds.filter((h) => h.userId === player);
            expect(mine.length).toBeLessThanOrEqual(allowance);
            expect(new Set(mine.map((h) => `${h.gameId}|${h.market}`)).size).toBe(mine.length);
          }
          const sides = holds.map((h) => `${h.gameId}|${h.market}|${h.side}`);
          expect(new Set(sides).size).toBe(sides.length);
        },
      ),
    );
  });

  it("no sequence of selections holds more than the maximum or two sides of one market", () => {
    const step = fc.record({
      gameId: fc.constantFrom("g1", "g2", "g3"),
      market: fc.constantFrom<Market>("spread", "total"),
      side: fc.option(fc.constantFrom<Side>("favorite", "underdog"), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.integer({ min: 1, max: 5 }), (steps, max) => {
        let picks: ReturnType<typeof select> = [];
        for (const s of steps) picks = select(picks, s.gameId, s.market, s.side, max);
        expect(picks.length).toBeLessThanOrEqual(max);
        expect(new Set(picks.map((p) => `${p.gameId}|${p.market}`)).size).toBe(picks.length);
      }),
    );
  });
});
