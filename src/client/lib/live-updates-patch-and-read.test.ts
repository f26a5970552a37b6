import { describe, expect, it } from "vitest";
import { liveEvent } from "@/contracts/events";
import type { Game } from "@/contracts/games";
import { patchGames, readLiveEvent } from "./live-updates";
import { CONTEST, GAME, live } from "./live-updates-test-setup";

describe("patchGames", () => {
  const game: Game = {
    id: GAME,
    week: 12,
    season: 2025,
    homeTeam: "HOU",
    awayTeam: "BUF",
    favoriteTeam: "BUF",
    gameDate: "2025-11-21T01:15:00.000Z",
    spread: "6.0",
    overUnder: "43.5",
    homeScore: null,
    awayScore: null,
    status: "upcoming",
    period: null,
    clock: null,
    phase: null,
    externalId: "401772946",
    pinned: [],
  };
  const other = { ...game, id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", homeTeam: "CHI", awayTeam: "PIT" };
  const states = new Map([[GAME, live]]);

  it("writes the new state into a week's games, keeping the other games as they were", () => {
    const week = [game, other];
    const patched = patchGames(week, states);
    expect(patched).not.toBe(week);
    expect(patched[0]).toEqual({ ...game, ...live });
    expect(patched[1]).toBe(other);
  });

  it("writes it into the game of each pick, wherever the pick sits", () => {
    const results = {
      weeklyResults: [{ week: 12, player1Picks: [{ id: "p1", gameId: GAME, game }], player2Picks: [] }],
    };
    const patched = patchGames(results, states);
    expect(patched.weeklyResults[0]!.player1Picks[0]!.game).toEqual({ ...game, ...live });
    expect(patched.weeklyResults[0]!.player2Picks).toBe(results.weeklyResults[0]!.player2Picks);
  });

  it("returns the same data when nothing in it changes", () => {
    const week = [other];
    expect(patchGames(week, states)).toBe(week);
    const current = [{ ...game, ...live }];
    expect(patchGames(current, states)).toBe(current);
    expect(patchGames("text", states)).toBe("text");
    expect(patchGames(null, states)).toBe(null);
  });
});

describe("readLiveEvent", () => {
  const messages: unknown[] = [
    { action: "picks.submitted", contestId: CONTEST, week: 1 },
    { action: "game.scored", contestId: null },
    { action: "resync", contestId: null, week: null },
    { action: "picks.submitted", contestId: CONTEST.toUpperCase(), extra: "dropped" },
    { action: "user.updated", contestId: "00000000-0000-0000-0000-000000000000" },
    { action: "x", contestId: "6f1c1d2e-8f7a-9b7e-9a51-2b7b2f3c4d5e" }, // version 9: not a UUID
    { action: "x", contestId: "6f1c1d2e-8f7a-4b7e-7a51-2b7b2f3c4d5e" }, // wrong variant
    { action: "x", contestId: "not-a-uuid" },
    { action: "x" },
    { action: 1, contestId: null },
    { contestId: null },
    { action: "x", contestId: null, week: 1.5 },
    { action: "x", contestId: null, week: "1" },
    { action: "x", contestId: null, week: 2 ** 53 },
    { action: "games.synced", contestId: null, games: [live], contests: [] },
    { action: "games.synced", contestId: null, games: [{ ...live, extra: 1 }], contests: "all" },
    { action: "games.synced", contestId: null, games: [live], contests: [CONTEST] },
    { action: "games.synced", contestId: null, games: [] },
    { action: "games.synced", contestId: null, games: [{ ...live, status: "halftime" }] },
    { action: "games.synced", contestId: null, games: [{ ...live, phase: "halftime" }] },
    { action: "games.synced", contestId: null, games: [{ ...live, phase: "intermission" }] },
    { action: "games.synced", contestId: null, games: [{ ...live, homeScore: 1.5 }] },
    { action: "games.synced", contestId: null, games: [{ ...live, clock: 5 }] },
    { action: "games.synced", contestId: null, games: [{ ...live, id: "x" }] },
    { action: "games.synced", contestId: null, games: [{ ...live, period: undefined }] },
    { action: "games.synced", contestId: null, games: live },
    { action: "games.synced", contestId: null, games: [live], contests: "some" },
    { action: "games.synced", contestId: null, games: [live], contests: ["x"] },
    { action: "games.synced", contestId: null, contests: [] },
    {
      action: "games.synced",
      contestId: null,
      games: [live],
      contests: [CONTEST],
      data: [
        { key: ["/api/contests"], value: [{ id: CONTEST }] },
        { key: ["/api/contests", CONTEST, "picks", "u1", 12], value: null, extra: "dropped" },
      ],
    },
    { action: "games.synced", contestId: null, games: [live], contests: [CONTEST], data: [] },
    {
      action: "grades",
      contestId: null,
      contests: [CONTEST],
      data: [{ key: ["/api/contests", CONTEST, "weekly-results"], value: [], fromWeek: 12 }],
    },
    { action: "grades", contestId: null, data: [{ key: ["/api/contests"], value: [], fromWeek: 1.5 }] },
    { action: "grades", contestId: null, data: [{ key: ["/api/contests"], value: [], fromWeek: "12" }] },
    { action: "grades", contestId: null, data: [{ key: ["/api/contests"], value: [], fromWeek: null }] },
    {
      action: "grades",
      contestId: null,
      data: [
        {
          key: ["/api/contests", CONTEST, "picks", "u1", 12],
          of: { contestId: CONTEST, week: 12, player: "player1", as: "picks" },
        },
        {
          key: ["/api/contests", CONTEST, "availability", 12, 1],
          of: { contestId: CONTEST, week: 12, player: "player2", as: "availability" },
          extra: 1,
        },
      ],
    },
    {
      action: "grades",
      contestId: null,
      data: [
        {
          key: ["/api/contests"],
          value: 1,
          of: { contestId: CONTEST, week: 12, player: "player1", as: "picks" },
        },
      ],
    },
    {
      action: "grades",
      contestId: null,
      data: [
        {
          key: ["/api/contests"],
          value: 1,
          fromWeek: 1.5,
          of: { contestId: CONTEST, week: 12, player: "player1", as: "picks" },
        },
      ],
    },
    {
      action: "grades",
      contestId: null,
      data: [
        { key: ["/api/contests"], of: { contestId: CONTEST, week: 12, player: "player3", as: "picks" } },
      ],
    },
    {
      action: "grades",
      contestId: null,
      data: [
        { key: ["/api/contests"], of: { contestId: CONTEST, week: 12.5, player: "player1", as: "picks" } },
      ],
    },
    {
      action: "grades",
      contestId: null,
      data: [{ key: ["/api/contests"], of: { contestId: "x", week: 12, player: "player1", as: "picks" } }],
    },
    {
      action: "grades",
      contestId: null,
      data: [
        { key: ["/api/contests"], of: { contestId: CONTEST, week: 12, player: "player1", as: "weekly" } },
      ],
    },
    { action: "grades", contestId: null, data: [{ key: ["/api/contests"], of: null }] },
    { action: "games.synced", contestId: null, games: [live], data: {} },
    { action: "games.synced", contestId: null, games: [live], data: [{ key: ["/api/contests"] }] },
    { action: "games.synced", contestId: null, games: [live], data: [{ key: [], value: 1 }] },
    { action: "games.synced", contestId: null, games: [live], data: [{ key: "/api/contests", value: 1 }] },
    { action: "games.synced", contestId: null, games: [live], data: [{ key: [null], value: 1 }] },
    { action: "games.synced", contestId: null, games: [live], data: [{ key: [1.5, true], value: 1 }] },
    { action: "games.synced", contestId: null, games: [live], data: [null] },
    { action: "games.synced", contestId: null, games: [live], data: [["/api/contests"]] },
    null,
    "resync",
    [],
  ];

  it("accepts and returns what the contract's schema does", () => {
    for (const message of messages) {
      const parsed = liveEvent.safeParse(message);
      expect(readLiveEvent(message), JSON.stringify(message)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
