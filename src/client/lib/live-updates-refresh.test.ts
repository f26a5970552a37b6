import { describe, expect, it } from "vitest";
import { carriedKeys, GRADES, type LiveEvent } from "@/contracts/events";
import { carriedBy, isRefreshedBy, withCarried } from "./live-updates";
import { CONTEST, live } from "./live-updates-test-setup";
import { contestsQuery } from "./queries/contests";
import { availabilityQuery, playerPicksQuery, weeklyResultsQuery } from "./queries/picks";

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

const OTHER_CONTEST = "7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d";

describe("a score update (an event with the games' states)", () => {
  it("refreshes nothing a player holds when no standing moved; the admin's pages still", () => {
    expect(refreshed({ action: "games.synced", contestId: null, games: [live], contests: [] })).toEqual([
      "adminFirstPickers",
      "activity",
    ]);
  });

  it("refreshes the contest list and the named contests' queries when a final moved their standings", () => {
    const event = { action: "games.synced", contestId: null, games: [live], contests: [CONTEST] };
    expect(refreshed(event)).toEqual([
      "contests",
      "contestPicks",
      "weeklyResults",
      "adminFirstPickers",
      "activity",
    ]);
    const other = { ...event, contests: [OTHER_CONTEST] };
    expect(isRefreshedBy(other)(KEYS.weeklyResults)).toBe(false);
    expect(isRefreshedBy(other)(KEYS.contests)).toBe(true);
    expect(isRefreshedBy({ ...event, contests: "all" })(KEYS.weeklyResults)).toBe(true);
  });

  it("leaves a named contest's turn, first picker, round, proposals and bets alone: no grade changes them", () => {
    const event = { action: "games.synced", contestId: null, games: [live], contests: [CONTEST] };
    const matches = isRefreshedBy(event);
    for (const kind of ["turn", "first-picker", "current-round", "proposals", "bet-changes"]) {
      expect(matches(["/api/contests", CONTEST, kind, 1])).toBe(false);
      expect(isRefreshedBy({ ...event, contests: "all" })(["/api/contests", CONTEST, kind, 1])).toBe(false);
    }
    expect(matches(["/api/contests", CONTEST])).toBe(true);
    expect(matches(["/api/contests", CONTEST, "availability", 1, 1])).toBe(true);
    // Any other change of the contest still refreshes them.
    expect(
      isRefreshedBy({ action: "picks.submitted", contestId: CONTEST })(["/api/contests", CONTEST, "turn", 1]),
    ).toBe(true);
  });
});

describe("a final's grades event, carrying what its grades changed (decisions 028, 030)", () => {
  const picks = ["/api/contests", CONTEST, "picks", "u1", 12];
  const availability = ["/api/contests", CONTEST, "availability", 12, 1];
  const event: LiveEvent = {
    action: GRADES,
    contestId: null,
    contests: [CONTEST],
    data: [
      { key: ["/api/contests"], value: [{ id: CONTEST }] },
      { key: KEYS.weeklyResults as unknown as string[], value: [], fromWeek: 12 },
      { key: picks, value: [] },
      { key: availability, value: { opponentPicks: [], playerPriorPicksDetailed: [] } },
    ],
  };

  it("refetches none of the queries it carries, and still the rest of what the grades change", () => {
    const matches = isRefreshedBy(event);
    for (const { key } of event.data!) expect(matches(key), JSON.stringify(key)).toBe(false);
    // Built again (not the same array): still carried.
    expect(matches([...KEYS.weeklyResults])).toBe(false);
    // What it does not carry is refetched as before: another week's picks, another round, the admin's pages.
    expect(matches(["/api/contests", CONTEST, "picks", "u1", 11])).toBe(true);
    expect(matches(["/api/contests", CONTEST, "availability", 12, 2])).toBe(true);
    expect(matches(KEYS.activity)).toBe(true);
    expect(matches(["/api/contests", CONTEST, "turn", 12])).toBe(false);
    expect(refreshed(event)).toEqual(["contestPicks", "adminFirstPickers", "activity"]);
  });

  it("is written as it is: the values carried, under their keys", () => {
    expect(carriedBy(event)).toBe(event.data);
    expect(carriedBy({ ...event, data: undefined })).toEqual([]);
    expect(withCarried("old", { key: ["/api/contests"], value: ["new"] })).toEqual(["new"]);
  });

  it("makes a week's picks and availability of the weekly results patch it carries (decision 035)", () => {
    const own = [{ id: "p1", result: "win" }];
    const other = [{ id: "p2", result: "loss" }];
    const byPlayers: LiveEvent = {
      ...event,
      data: [
        {
          key: KEYS.weeklyResults as unknown as string[],
          value: [{ week: 12, player1Picks: own, player2Picks: other }],
          fromWeek: 12,
        },
        { key: picks, of: { contestId: CONTEST, week: 12, player: "player1", as: "picks" } },
        {
          key: ["/api/contests", CONTEST, "picks", "u2", 12],
          of: { contestId: CONTEST, week: 12, player: "player2", as: "picks" },
        },
        { key: availability, of: { contestId: CONTEST, week: 12, player: "player2", as: "availability" } },
        // A week the patch does not hold: not carried, refetched.
        {
          key: ["/api/contests", CONTEST, "picks", "u1", 11],
          of: { contestId: CONTEST, week: 11, player: "player1", as: "picks" },
        },
      ],
    };
    const carried = carriedBy(byPlayers);
    expect(carried.map(({ key, value }) => [key, value])).toEqual([
      [KEYS.weeklyResults, [{ week: 12, player1Picks: own, player2Picks: other }]],
      [picks, own],
      [["/api/contests", CONTEST, "picks", "u2", 12], other],
      [availability, { opponentPicks: own, playerPriorPicksDetailed: other }],
    ]);
    const matches = isRefreshedBy(byPlayers);
    expect(matches(picks)).toBe(false);
    expect(matches(availability)).toBe(false);
    expect(matches(["/api/contests", CONTEST, "picks", "u1", 11])).toBe(true);
  });

  it("patches the weekly results from its week on, the weeks before as the page holds them", () => {
    const held = [
      { week: 10, wins: 1 },
      { week: 11, wins: 2 },
      { week: 12, wins: 0 },
    ];
    const patch = { key: KEYS.weeklyResults as unknown as string[], value: [{ week: 12, wins: 3 }] };
    expect(withCarried(held, { ...patch, fromWeek: 12 })).toEqual([
      { week: 10, wins: 1 },
      { week: 11, wins: 2 },
      { week: 12, wins: 3 },
    ]);
    // A week begun since the page loaded is added; a regraded earlier week replaces the ones after it.
    expect(withCarried(held.slice(0, 2), { ...patch, fromWeek: 12 })).toEqual([
      ...held.slice(0, 2),
      { week: 12, wins: 3 },
    ]);
    expect(withCarried(held, { ...patch, value: [{ week: 11 }, { week: 12 }], fromWeek: 11 })).toEqual([
      { week: 10, wins: 1 },
      { week: 11 },
      { week: 12 },
    ]);
    // Nothing held to patch: undefined, the query is fetched whole.
    expect(withCarried(undefined, { ...patch, fromWeek: 12 })).toBeUndefined();
    expect(withCarried({ weeklyResults: [] }, { ...patch, fromWeek: 12 })).toBeUndefined();
  });

  it("carries nothing to an admin: everything a grade changes is refetched", () => {
    expect(carriedBy({ ...event, contests: "all", data: undefined })).toEqual([]);
    expect(refreshed({ ...event, contests: "all", data: undefined })).toEqual([
      "contests",
      "contestPicks",
      "weeklyResults",
      "adminFirstPickers",
      "activity",
    ]);
  });

  it("refetches the players' records (their graded picks won and lost), which it does not carry", () => {
    const record = ["/api/users", "u1", "record"];
    expect(isRefreshedBy(event)(record)).toBe(true);
    expect(isRefreshedBy({ ...event, contests: "all", data: undefined })(record)).toBe(true);
    // A score that moved no standing, a change of names: the record stays.
    expect(isRefreshedBy({ action: "game_updated", contestId: null, games: [], contests: [] })(record)).toBe(
      false,
    );
    expect(isRefreshedBy({ ...event, contests: [] })(KEYS.users)).toBe(false);
  });

  it("names the queries by the client's own keys", () => {
    expect(carriedKeys.contests()).toEqual(contestsQuery.queryKey);
    expect(carriedKeys.weeklyResults(CONTEST)).toEqual(weeklyResultsQuery(CONTEST).queryKey);
    expect(carriedKeys.picks(CONTEST, "u1", 12)).toEqual(playerPicksQuery(CONTEST, "u1", 12).queryKey);
    expect(carriedKeys.availability(CONTEST, 12, 2)).toEqual(availabilityQuery(CONTEST, 12, 2).queryKey);
  });
});
