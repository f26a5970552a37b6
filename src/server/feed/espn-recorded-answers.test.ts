import { describe, expect, it } from "vitest";
import { recorded, vary, type EspnEvent, type Scoreboard } from "../../../tests/feed-stand-in";
import { readScoreboard } from "./espn";
import { gameOf, opener } from "./espn-test-setup";
import { FeedError } from "./provider";

const byId = (body: Scoreboard, id: string) => body.events.find((event: EspnEvent) => event.id === id);

describe("the recorded answers", () => {
  it.each<[string, number, number, number, string[]]>([
    // file, season asked, games read, skipped, statuses read
    ["2025-week-12-before-kickoff.json", 2025, 14, 0, ["upcoming"]],
    ["2025-week-3-mostly-before-kickoff.json", 2025, 16, 0, ["final", "upcoming"]],
    ["2023-week-5-before-kickoff.json", 2023, 14, 0, ["upcoming"]],
    ["2023-week-1-mostly-final.json", 2023, 16, 0, ["final", "live", "upcoming"]],
    ["2026-week-3-final.json", 2026, 16, 0, ["final"]],
    ["2026-week-4-before-kickoff.json", 2026, 3, 0, ["upcoming"]],
    ["2025-postseason-week-1-final.json", 2025, 6, 0, ["final"]],
  ])("%s: season %s gives %s games, skips %s", (file, season, count, skippedCount, statuses) => {
    const body = recorded(file);
    const { games, skipped } = readScoreboard(body, season);
    expect(games).toHaveLength(count);
    expect(skipped).toHaveLength(skippedCount);
    expect([...new Set(games.map((game) => game.status))].sort()).toEqual(statuses);
    for (const game of games) {
      expect(game.season).toBe(season);
      // The postseason's weeks are ours after the regular 18: its week 1 (the Wild Card round) is 19.
      expect(game.week).toBe(body.events[0].week.number + (body.events[0].season.type === 3 ? 18 : 0));
      expect(game.homeTeam).toMatch(/^[A-Z]{2,3}$/);
      expect(["WSH", "LAR"]).not.toContain(game.homeTeam);
      expect(["WSH", "LAR"]).not.toContain(game.awayTeam);
      expect(Number.isNaN(game.kickoff.getTime())).toBe(false);
    }
    // Every event is either a game or a named skip, ids unchanged.
    expect([...games.map((game) => game.externalId), ...skipped.map((skip) => skip.eventId)].sort()).toEqual(
      body.events.map((event: EspnEvent) => event.id).sort(),
    );
  });

  it("maps ESPN's WSH and LAR to our WAS and LA", () => {
    const week3 = readScoreboard(recorded("2025-week-3-mostly-before-kickoff.json"), 2025).games;
    expect(week3.find((game) => game.externalId === "401772841")).toMatchObject({
      homeTeam: "WAS",
      awayTeam: "LV",
    });
    expect(week3.find((game) => game.externalId === "401772839")).toMatchObject({
      homeTeam: "PHI",
      awayTeam: "LA",
    });
    const week12 = readScoreboard(recorded("2025-week-12-before-kickoff.json"), 2025).games;
    expect(week12.find((game) => game.externalId === "401772929")).toMatchObject({
      homeTeam: "LA",
      awayTeam: "TB",
      line: { spread: -7, favoriteTeam: "LA", total: 49.5 },
    });
  });

  it("keeps ESPN's home team at a neutral site", () => {
    const rio = readScoreboard(recorded("2026-week-3-final.json"), 2026).games.find(
      (game) => game.externalId === "401872960",
    );
    expect(rio).toMatchObject({ homeTeam: "DAL", awayTeam: "BAL", homeScore: 31, awayScore: 34 });
    const london = readScoreboard(recorded("2026-week-4-before-kickoff.json"), 2026).games.find(
      (game) => game.externalId === "401872965",
    );
    expect(london).toMatchObject({ homeTeam: "WAS", awayTeam: "IND" });
  });

  it("reads instants written to the minute", () => {
    const game = gameOf(opener());
    expect(game.kickoff.toISOString()).toBe("2025-11-21T01:15:00.000Z");
    expect(gameOf(vary.moved(opener(), "2025-11-21T01:15:30Z")).kickoff.toISOString()).toBe(
      "2025-11-21T01:15:30.000Z",
    );
    expect(gameOf(vary.moved(opener(), "2025-11-20T20:15-05:00")).kickoff.toISOString()).toBe(
      "2025-11-21T01:15:00.000Z",
    );
  });

  it('reads a scheduled game as upcoming with no score (ESPN\'s "0" is not a score yet)', () => {
    expect(gameOf(opener())).toEqual({
      externalId: "401772946",
      season: 2025,
      week: 12,
      homeTeam: "HOU",
      awayTeam: "BUF",
      kickoff: new Date("2025-11-21T01:15:00Z"),
      status: "upcoming",
      homeScore: null,
      awayScore: null,
      period: null,
      clock: null,
      phase: null,
      line: { spread: 6, favoriteTeam: "BUF", total: 43.5 },
    });
  });

  it("reads the finals with their scores, and a final without odds has no line", () => {
    const body = recorded("2026-week-3-final.json");
    const games = readScoreboard(body, 2026).games;
    expect(games.find((game) => game.externalId === "401872948")).toMatchObject({
      homeTeam: "GB",
      awayTeam: "ATL",
      status: "final",
      homeScore: 14,
      awayScore: 35,
      period: 4,
      clock: null,
      kickoff: new Date("2026-09-25T00:15:00Z"),
      line: { spread: null, favoriteTeam: null, total: null },
    });
    const week3 = readScoreboard(recorded("2025-week-3-mostly-before-kickoff.json"), 2025).games;
    expect(week3.find((game) => game.externalId === "401772937")).toMatchObject({
      homeTeam: "BUF",
      awayTeam: "MIA",
      status: "final",
      homeScore: 31,
      awayScore: 21,
    });
  });

  it("reads the competition's status (the 2023 mock's game under way)", () => {
    const game = readScoreboard(recorded("2023-week-1-mostly-final.json"), 2023).games.find(
      (candidate) => candidate.externalId === "401547405",
    );
    expect(game).toMatchObject({ status: "live", homeScore: 7, awayScore: 30, period: 4 });
  });

  it("files the Wild Card round into week 19, never into a regular-season week", () => {
    const { games } = readScoreboard(recorded("2025-postseason-week-1-final.json"), 2025);
    expect(new Set(games.map((game) => game.week))).toEqual(new Set([19]));
    expect(games.every((game) => game.status === "final" && game.homeScore !== null)).toBe(true);
  });

  it.each([
    [2, 20],
    [3, 21],
    [5, 22],
  ])("files postseason week %i into week %i", (espnWeek, week) => {
    const body = recorded("2025-postseason-week-1-final.json");
    for (const event of body.events) event.week.number = espnWeek;
    expect(new Set(readScoreboard(body, 2025).games.map((game) => game.week))).toEqual(new Set([week]));
  });

  it("skips the Pro Bowl (postseason week 4) with a reason", () => {
    const body = recorded("2025-postseason-week-1-final.json");
    for (const event of body.events) event.week.number = 4;
    const { games, skipped } = readScoreboard(body, 2025);
    expect(games).toEqual([]);
    expect(skipped[0]).toEqual({ eventId: "401772979", reason: "is the Pro Bowl, not a game of the pool" });
  });

  it("refuses an answer with no list of events", () => {
    expect(() => readScoreboard({ code: 500 }, 2025)).toThrow(FeedError);
    expect(() => readScoreboard("<html>", 2025)).toThrow("The source's answer has no list of events.");
  });
});

describe("the two odds shapes", () => {
  it("the recent shape: spread from the home team's view and favorite flags", () => {
    const week12 = recorded("2025-week-12-before-kickoff.json");
    const lines = Object.fromEntries(
      readScoreboard(week12, 2025).games.map((game) => [`${game.awayTeam}@${game.homeTeam}`, game.line]),
    );
    expect(lines["BUF@HOU"]).toEqual({ spread: 6, favoriteTeam: "BUF", total: 43.5 });
    expect(lines["PIT@CHI"]).toEqual({ spread: -2.5, favoriteTeam: "CHI", total: 45.5 });
    expect(lines["SEA@TEN"]).toEqual({ spread: 13.5, favoriteTeam: "SEA", total: 40.5 });
  });

  it('the older shape: only details, "WSH -5.5" is WAS favored at home by 5.5', () => {
    const week5 = recorded("2023-week-5-before-kickoff.json");
    const games = readScoreboard(week5, 2023).games;
    expect(byId(week5, "401547457").competitions[0].odds[0]).not.toHaveProperty("spread");
    expect(games.find((game) => game.externalId === "401547457")).toMatchObject({
      homeTeam: "WAS",
      awayTeam: "CHI",
      line: { spread: -5.5, favoriteTeam: "WAS", total: 44.5 },
    });
    // "TEN -1.0" at IND: the away team is favored, the home view is +1.
    expect(games.find((game) => game.externalId === "401547458")?.line).toEqual({
      spread: 1,
      favoriteTeam: "TEN",
      total: 42.5,
    });
    // "PHI -4.5" at LAR.
    expect(games.find((game) => game.externalId === "401547467")).toMatchObject({
      homeTeam: "LA",
      line: { spread: 4.5, favoriteTeam: "PHI" },
    });
    const week1 = readScoreboard(recorded("2023-week-1-mostly-final.json"), 2023).games;
    expect(week1.find((game) => game.externalId === "401547352")?.line).toEqual({
      spread: 2,
      favoriteTeam: "BUF",
      total: 45,
    });
  });

  const withOdds = (odds: object) => {
    const event = opener();
    event.competitions[0].odds = [odds];
    return gameOf(event).line;
  };

  it.each<[string, object, { spread: number | null; favoriteTeam: string | null; total: number | null }]>([
    ["EVEN", { details: "EVEN", overUnder: 44 }, { spread: 0, favoriteTeam: null, total: 44 }],
    ["Pick", { details: "Pick" }, { spread: 0, favoriteTeam: null, total: null }],
    ["PK", { details: "PK", overUnder: 41.5 }, { spread: 0, favoriteTeam: null, total: 41.5 }],
    [
      "a spread of 0",
      { spread: 0, details: "EVEN", overUnder: 44 },
      { spread: 0, favoriteTeam: null, total: 44 },
    ],
    ['details "HOU -3" at home', { details: "HOU -3" }, { spread: -3, favoriteTeam: "HOU", total: null }],
    [
      'details "BUF 3" without the minus',
      { details: "BUF 3" },
      { spread: 3, favoriteTeam: "BUF", total: null },
    ],
    [
      "details naming a team not in the game",
      { details: "KC -3", overUnder: 44 },
      { spread: null, favoriteTeam: null, total: 44 },
    ],
    ["details that are not a line", { details: "OFF" }, { spread: null, favoriteTeam: null, total: null }],
    [
      "a spread not in half points",
      { spread: 6.25, details: "BUF -6.25" },
      { spread: null, favoriteTeam: null, total: null },
    ],
    ["a spread out of bounds", { spread: 70 }, { spread: null, favoriteTeam: null, total: null }],
    [
      "a total out of bounds",
      { details: "BUF -6", overUnder: 120 },
      { spread: 6, favoriteTeam: "BUF", total: null },
    ],
    [
      "favorite flags that contradict the spread",
      { spread: 6, homeTeamOdds: { favorite: true }, awayTeamOdds: { favorite: false }, overUnder: 43.5 },
      { spread: null, favoriteTeam: null, total: 43.5 },
    ],
    [
      "a spread without flags: the sign names the favorite",
      { spread: -2.5 },
      { spread: -2.5, favoriteTeam: "HOU", total: null },
    ],
    [
      "odds that are not an object",
      "-3" as unknown as object,
      { spread: null, favoriteTeam: null, total: null },
    ],
  ])("%s", (_label, odds, line) => {
    expect(withOdds(odds)).toEqual(line);
  });

  it("no odds (gone at kickoff): no line, never a zero", () => {
    const event = opener();
    delete event.competitions[0].odds;
    expect(gameOf(event).line).toEqual({ spread: null, favoriteTeam: null, total: null });
  });
});
