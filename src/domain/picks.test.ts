import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Market, Side } from "./grading";
import {
  basePicksUsed,
  checkPicks,
  pickFits,
  picksLeft,
  select,
  sideOpen,
  type HeldPick,
  type PickCheck,
  type PickGame,
} from "./picks";

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
    game("postponed", { status: "postponed" }),
    game("canceled", { status: "canceled" }),
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
    ["a postponed game", { wishes: [{ gameId: "postponed", market: "total", side: "over" }] }, "started"],
    ["a canceled game", { wishes: [{ gameId: "canceled", market: "total", side: "over" }] }, "started"],
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

describe("extra games (accepted proposals)", () => {
  const extra = { extraGames: [games.get("g3")!] };
  const two = [held("me", "g1", "spread", "favorite"), held("me", "g2", "total", "over")];

  it.each<[string, HeldPick[], { gameId: string; market: Market; side: Side }[], string | null]>([
    ["the extra pick on the extra game", two, [{ gameId: "g3", market: "total", side: "over" }], null],
    [
      "the extra pick elsewhere",
      two,
      [{ gameId: "g1", market: "total", side: "over" }],
      "Your extra pick this week must be on g3 game.",
    ],
    [
      "both markets of the extra game once the base picks are made",
      two,
      [
        { gameId: "g3", market: "spread", side: "favorite" },
        { gameId: "g3", market: "total", side: "over" },
      ],
      "You may make 2 picks in week 1 plus one on each extra game; you have 1 left.",
    ],
    [
      "a base pick and the extra pick on the extra game",
      [held("me", "g1", "spread", "favorite")],
      [
        { gameId: "g3", market: "spread", side: "favorite" },
        { gameId: "g3", market: "total", side: "over" },
      ],
      null,
    ],
    [
      "all three at once, one on the extra game",
      [],
      [
        { gameId: "g1", market: "spread", side: "favorite" },
        { gameId: "g2", market: "total", side: "over" },
        { gameId: "g3", market: "total", side: "under" },
      ],
      null,
    ],
    [
      "three at once, none on the extra game",
      [],
      [
        { gameId: "g1", market: "spread", side: "favorite" },
        { gameId: "g1", market: "total", side: "over" },
        { gameId: "g2", market: "total", side: "under" },
      ],
      "Your extra pick this week must be on g3 game.",
    ],
    [
      "a fourth pick",
      [...two, held("me", "g3", "total", "over")],
      [{ gameId: "g3", market: "spread", side: "favorite" }],
      "You may make 2 picks in week 1 plus one on each extra game; you have 0 left.",
    ],
  ])("%s", (_label, holds, wishes, message) => {
    expect(checkPicks(base({ ...extra, held: holds, wishes }))?.message ?? null).toBe(message);
  });

  it("counts an extra game that kicked off unpicked as lost", () => {
    const started = { extraGames: [games.get("started")!] };
    const wishes = [{ gameId: "g3", market: "total" as const, side: "over" as const }];
    expect(checkPicks(base({ ...started, held: two, wishes }))?.message).toBe(
      "You may make 2 picks in week 1 plus one on each extra game; you have 0 left.",
    );
  });

  it("leaves the opponent's picks out of the count", () => {
    const theirs = [held("them", "g1", "spread", "favorite"), held("them", "g3", "total", "over")];
    expect(
      checkPicks(
        base({
          ...extra,
          held: [...two, ...theirs],
          wishes: [{ gameId: "g3", market: "total", side: "under" }],
        }),
      ),
    ).toBeNull();
  });

  it("says what is left, base and extra", () => {
    const g3 = { id: "g3", open: true };
    expect(picksLeft({ allowance: 2, mine: [], extraGames: [g3] })).toEqual({
      base: 2,
      extraGameIds: ["g3"],
      total: 3,
    });
    expect(picksLeft({ allowance: 2, mine: [{ gameId: "g3" }], extraGames: [g3] })).toEqual({
      base: 2,
      extraGameIds: [],
      total: 2,
    });
    expect(
      picksLeft({
        allowance: 2,
        mine: [{ gameId: "g1" }, { gameId: "g2" }],
        extraGames: [{ ...g3, open: false }],
      }),
    ).toEqual({ base: 0, extraGameIds: [], total: 0 });
  });

  it("fits one more pick on an uncovered extra game only once the base picks are used", () => {
    const ids = new Set(["g3"]);
    expect(pickFits([{ gameId: "g1" }, { gameId: "g2" }], "g3", 2, ids)).toBe(true);
    expect(pickFits([{ gameId: "g1" }, { gameId: "g2" }], "g1", 2, ids)).toBe(false);
    expect(pickFits([{ gameId: "g1" }, { gameId: "g3" }], "g3", 2, ids)).toBe(true);
    expect(pickFits([{ gameId: "g1" }, { gameId: "g2" }, { gameId: "g3" }], "g3", 2, ids)).toBe(false);
    expect(basePicksUsed([{ gameId: "g3" }, { gameId: "g3" }, { gameId: "g1" }], ids)).toBe(2);
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

describe("select", () => {
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
        fc.subarray(["g1", "g2", "g3"], { maxLength: 2 }),
        (attempts, allowance, extraIds) => {
          const extraGames = extraIds.map((id) => games.get(id)!);
          const holds: HeldPick[] = [];
          for (const { userId, wishes } of attempts) {
            const refusal = checkPicks(base({ userId, allowance, extraGames, held: holds, wishes }));
            if (!refusal) holds.push(...wishes.map((w) => ({ ...w, userId })));
          }
          for (const player of ["p1", "p2"]) {
            const mine = holds.filter((h) => h.userId === player);
            // At most one pick beyond the allowance per extra game, and only on that game.
            expect(mine.length).toBeLessThanOrEqual(allowance + extraGames.length);
            const beyond = mine.length - allowance;
            const onExtra = new Set(mine.filter((h) => extraIds.includes(h.gameId)).map((h) => h.gameId));
            expect(beyond).toBeLessThanOrEqual(onExtra.size);
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

describe("postponed and canceled games", () => {
  it.each([
    ["postponed", "postponed game is postponed: it can be picked once it has a new date."],
    ["canceled", "canceled game was canceled."],
  ])("a %s game is refused with why", (gameId, message) => {
    expect(checkPicks(base({ wishes: [{ gameId, market: "total", side: "over" }] }))?.message).toBe(message);
  });
});

describe("the lock of the week", () => {
  const lockWish = { gameId: "g1", market: "spread" as const, side: "favorite" as const, lock: true };
  const other = { gameId: "g2", market: "total" as const, side: "over" as const };

  it("takes one lock with the picks where the week plays it", () => {
    expect(checkPicks(base({ lockOfTheWeek: true, wishes: [lockWish, other] }))).toBeNull();
    expect(checkPicks(base({ lockOfTheWeek: false, wishes: [other] }))).toBeNull();
  });

  it.each<[string, Partial<PickCheck>, string]>([
    [
      "where the week plays none",
      { lockOfTheWeek: false, wishes: [lockWish] },
      "no lock of the week in week 1",
    ],
    [
      "two locks at once",
      { lockOfTheWeek: true, wishes: [lockWish, { ...other, lock: true }] },
      "Only one pick a week can be your lock.",
    ],
    [
      "a second lock in the week",
      {
        lockOfTheWeek: true,
        held: [{ ...held("me", "g3", "spread", "favorite"), isLock: true }],
        wishes: [lockWish],
      },
      "You already have your lock of the week.",
    ],
  ])("refuses a lock %s", (_, check, message) => {
    expect(checkPicks(base(check))).toMatchObject({
      rule: "lock",
      message: expect.stringContaining(message),
    });
  });

  it("lets a player lock a pick although the opponent has locked theirs", () => {
    const theirs = { ...held("them", "g3", "spread", "favorite"), isLock: true };
    expect(checkPicks(base({ lockOfTheWeek: true, held: [theirs], wishes: [lockWish] }))).toBeNull();
  });
});
