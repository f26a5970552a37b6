import { describe, expect, it } from "vitest";
import { liveEvent, type LiveEvent } from "@/contracts/events";
import { isRefreshedBy, readLiveEvent } from "./live-updates";

const CONTEST = "6f1c1d2e-8f7a-4b7e-9a51-2b7b2f3c4d5e";
const KEYS = {
  contests: ["/api/contests"],
  contestPicks: ["/api/contests", CONTEST, "picks", "u1", 1],
  weeklyResults: ["/api/contests", CONTEST, "weekly-results"],
  adminFirstPickers: ["/api/admin/contests", CONTEST, "first-picker-assignments"],
  activity: ["/api/admin/activity", "recent", 8],
  games: ["/api/games", "week", 1, "season", 2025],
  allGames: ["/api/games"],
  season: ["/api/season"],
  teams: ["/api/teams"],
  users: ["/api/users"],
  config: ["/api/system-config"],
  me: ["/api/auth/user"],
} as const;

const refreshed = (event: LiveEvent) =>
  Object.entries(KEYS)
    .filter(([, key]) => isRefreshedBy(event)(key))
    .map(([name]) => name);

describe("isRefreshedBy", () => {
  it("refreshes a contest's queries, its lists and the admin pages on a contest's change", () => {
    expect(refreshed({ action: "picks.submitted", contestId: CONTEST, week: 1 })).toEqual([
      "contests",
      "contestPicks",
      "weeklyResults",
      "adminFirstPickers",
      "activity",
      "users",
    ]);
  });

  it("refreshes games, the season and every contest's results on a game's change", () => {
    expect(refreshed({ action: "game.scored", contestId: null })).toEqual([
      "contests",
      "contestPicks",
      "weeklyResults",
      "adminFirstPickers",
      "activity",
      "games",
      "allGames",
      "season",
    ]);
    expect(refreshed({ action: "games.imported", contestId: null })).toContain("games");
  });

  it("refreshes the games, the results and the admin's feed panel on a feed sync", () => {
    const matches = isRefreshedBy({ action: "games.synced", contestId: null });
    for (const key of [
      KEYS.games,
      KEYS.allGames,
      KEYS.weeklyResults,
      KEYS.contestPicks,
      ["/api/admin/feed"],
    ]) {
      expect(matches(key)).toBe(true);
    }
    expect(matches(KEYS.teams)).toBe(false);
  });

  it("refreshes people and settings on an account or configuration change", () => {
    const names = refreshed({ action: "user.updated", contestId: null });
    expect(names).toEqual(
      expect.arrayContaining(["users", "me", "config", "season", "contests", "activity"]),
    );
    expect(names).not.toContain("games");
    expect(names).not.toContain("teams");
  });

  it("refreshes everything after a gap in the stream", () => {
    expect(refreshed({ action: "resync", contestId: null })).toEqual(Object.keys(KEYS));
  });

  it("does not take a longer segment for one it leaves alone", () => {
    expect(isRefreshedBy({ action: "picks.submitted", contestId: CONTEST })(["/api/gamesx"])).toBe(true);
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
