import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { EspnStandIn, recorded, vary, type EspnEvent, type Scoreboard } from "../../../tests/feed-stand-in";
import { EspnProvider, readScoreboard } from "./espn";
import { FeedError } from "./provider";

const only = (event: EspnEvent, season = 2025) => readScoreboard({ events: [event] }, season);
const gameOf = (event: EspnEvent, season = 2025) => {
  const { games, skipped } = only(event, season);
  expect(skipped).toEqual([]);
  return games[0]!;
};
/** The week 12 opener, BUF @ HOU: a fresh copy each call, free to vary. */
const opener = () => recorded("2025-week-12-before-kickoff.json").events[0] as EspnEvent;
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
    ["2025-postseason-week-1-final.json", 2025, 0, 6, []],
  ])("%s: season %s gives %s games, skips %s", (file, season, count, skippedCount, statuses) => {
    const body = recorded(file);
    const { games, skipped } = readScoreboard(body, season);
    expect(games).toHaveLength(count);
    expect(skipped).toHaveLength(skippedCount);
    expect([...new Set(games.map((game) => game.status))].sort()).toEqual(statuses);
    for (const game of games) {
      expect(game.season).toBe(season);
      expect(game.week).toBe(body.events[0].week.number);
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

  it("skips the postseason with a reason: never filed into a regular-season week", () => {
    const { games, skipped } = readScoreboard(recorded("2025-postseason-week-1-final.json"), 2025);
    expect(games).toEqual([]);
    expect(skipped[0]).toEqual({
      eventId: "401772979",
      reason: "is not a regular-season game (season type 3)",
    });
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

describe("statuses", () => {
  it.each<[string, (event: EspnEvent) => EspnEvent, object]>([
    [
      "in progress: score, quarter and clock",
      (event) => vary.live(event, 7, 3),
      { status: "live", awayScore: 7, homeScore: 3, period: 2, clock: "6:52", phase: null },
    ],
    [
      "halftime",
      (event) => vary.live(event, 14, 10, 2, "0:00", "STATUS_HALFTIME"),
      { status: "live", period: 2, phase: "halftime" },
    ],
    [
      "end of a quarter",
      (event) => vary.live(event, 14, 10, 3, "0:00", "STATUS_END_PERIOD"),
      { status: "live", period: 3, phase: "end_period" },
    ],
    [
      "final",
      (event) => vary.final(event, 27, 20),
      { status: "final", awayScore: 27, homeScore: 20, period: 4, clock: null, phase: null },
    ],
    ["final after overtime", (event) => vary.final(event, 27, 24, true), { status: "final", period: 5 }],
    [
      "postponed (state post, not a final)",
      (event) => vary.status(event, "STATUS_POSTPONED"),
      { status: "postponed", homeScore: null, awayScore: null },
    ],
    ["canceled", (event) => vary.status(event, "STATUS_CANCELED"), { status: "canceled", homeScore: null }],
    ["delayed: not a kickoff", (event) => vary.status(event, "STATUS_DELAYED"), { status: "upcoming" }],
  ])("%s", (_label, change, expected) => {
    expect(gameOf(change(opener()))).toMatchObject(expected);
  });

  it("a status only on the event (no competition status) is read", () => {
    const event = vary.final(opener(), 27, 20);
    delete event.competitions[0].status;
    expect(gameOf(event)).toMatchObject({ status: "final", homeScore: 20, awayScore: 27 });
  });
});

describe("bad events, built from real ones: each skipped and named, the rest read", () => {
  const inWeek = (bad: EspnEvent) => {
    const body = recorded("2025-week-12-before-kickoff.json");
    body.events.splice(1, 0, bad);
    return readScoreboard(body, 2025);
  };

  it.each<[string, (event: EspnEvent) => EspnEvent, RegExp]>([
    [
      "missing competitors",
      (event) => {
        event.competitions[0].competitors = [vary.competitor(event, "home")];
        return event;
      },
      /^does not have one home and one away team$/,
    ],
    [
      "two home teams",
      (event) => {
        vary.competitor(event, "away").homeAway = "home";
        return event;
      },
      /^does not have one home and one away team$/,
    ],
    [
      "no competitors at all",
      (event) => {
        delete event.competitions[0].competitors;
        return event;
      },
      /^is malformed \(competitions\.0\.competitors: /,
    ],
    [
      "no competition",
      (event) => {
        event.competitions = [];
        return event;
      },
      /^is malformed \(competitions: has no competition\)$/,
    ],
    [
      "a score that is not a number on a live game",
      (event) => {
        vary.live(event, 7, 3);
        vary.competitor(event, "home").score = "3a";
        return event;
      },
      /^has a score that is not a number \(7-3a\)$/,
    ],
    [
      "a missing score on a final",
      (event) => {
        vary.final(event, 27, 20);
        delete vary.competitor(event, "away").score;
        return event;
      },
      /^has a score that is not a number/,
    ],
    [
      "a preseason game",
      (event) => {
        event.season.type = 1;
        event.week.number = 1;
        return event;
      },
      /^is not a regular-season game \(season type 1\)$/,
    ],
    [
      "a game of another season",
      (event) => {
        event.season.year = 2026;
        return event;
      },
      /^belongs to season 2026$/,
    ],
    [
      "week 19",
      (event) => {
        event.week.number = 19;
        return event;
      },
      /^has week 19, outside weeks 1 to 18$/,
    ],
    [
      "an unreadable date",
      (event) => vary.moved(event, "Thursday night"),
      /^has an unreadable date \(Thursday night\)$/,
    ],
    ["a date without a time", (event) => vary.moved(event, "2025-11-21"), /^has an unreadable date/],
    [
      "a team playing itself",
      (event) => {
        vary.competitor(event, "away").team.abbreviation = "HOU";
        return event;
      },
      /^has HOU playing itself$/,
    ],
    [
      "no status",
      (event) => {
        delete event.status;
        delete event.competitions[0].status;
        return event;
      },
      /^has no status$/,
    ],
    [
      "a status we do not know",
      (event) => {
        event.competitions[0].status.type = { name: "STATUS_SUSPENDED", state: "post", completed: false };
        return event;
      },
      /^has a status we do not know \(STATUS_SUSPENDED, post\)$/,
    ],
  ])("%s", (_label, spoil, reason) => {
    const bad = spoil(opener());
    bad.id = "999";
    const { games, skipped } = inWeek(bad);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.eventId).toBe("999");
    expect(skipped[0]!.reason).toMatch(reason);
    expect(games).toHaveLength(14);
  });

  it("an unknown team is read as is: the service, which knows the teams, skips it", () => {
    const event = opener();
    vary.competitor(event, "away").team.abbreviation = "XYZ";
    expect(gameOf(event)).toMatchObject({ awayTeam: "XYZ", homeTeam: "HOU" });
  });

  it("team codes are trimmed and upper-cased", () => {
    const event = opener();
    vary.competitor(event, "home").team.abbreviation = " wsh ";
    expect(gameOf(event).homeTeam).toBe("WAS");
  });

  it("a score that is not a number before kickoff does not matter", () => {
    const event = opener();
    vary.competitor(event, "home").score = "";
    expect(gameOf(event)).toMatchObject({ status: "upcoming", homeScore: null });
  });

  it("an event listed twice: the first is read, the second named", () => {
    const body = recorded("2025-week-12-before-kickoff.json");
    body.events.push(structuredClone(body.events[3]));
    const { games, skipped } = readScoreboard(body, 2025);
    expect(games).toHaveLength(14);
    expect(skipped).toEqual([{ eventId: body.events[3].id, reason: "is listed twice" }]);
  });

  it("an event without an id is named by its place", () => {
    const body = recorded("2025-week-12-before-kickoff.json");
    delete body.events[2].id;
    const { games, skipped } = readScoreboard(body, 2025);
    expect(games).toHaveLength(13);
    expect(skipped).toEqual([{ eventId: "#3", reason: expect.stringMatching(/^is malformed \(id: /) }]);
  });

  it("an event that is not an object is named too", () => {
    const { games, skipped } = readScoreboard({ events: [null, 7, opener()] }, 2025);
    expect(games).toHaveLength(1);
    expect(skipped.map((skip) => skip.eventId)).toEqual(["#1", "#2"]);
  });
});

describe("EspnProvider against a stand-in", () => {
  const standIn = new EspnStandIn();
  const started = standIn.start();
  afterAll(() => standIn.stop());
  const provider = (timeoutMs = 2_000) => new EspnProvider({ baseUrl: standIn.url, timeoutMs });

  it("asks for one regular-season week of a season and reads it", async () => {
    await started;
    standIn.mode = "ok";
    standIn.setWeek(2025, 12, recorded("2025-week-12-before-kickoff.json"));
    const before = standIn.requests.length;
    const week = await provider().fetchWeek(2025, 12);
    expect(week.games).toHaveLength(14);
    expect(week.skipped).toEqual([]);
    const [request] = standIn.requests.slice(before);
    expect(request!.pathname).toBe("/apis/site/v2/sports/football/nfl/scoreboard");
    expect(request!.searchParams.get("seasontype")).toBe("2");
    expect(request!.searchParams.get("week")).toBe("12");
    expect(request!.searchParams.get("dates")).toBe("2025");
    // More than the 100 events ESPN answers unless asked.
    expect(Number(request!.searchParams.get("limit"))).toBeGreaterThan(100);
  });

  it("a week the source does not list: no games", async () => {
    await started;
    standIn.mode = "ok";
    expect(await provider().fetchWeek(2025, 17)).toEqual({ games: [], skipped: [] });
  });

  it.each<[string, "http500" | "cut" | "badjson" | "hang", RegExp, number]>([
    ["an HTTP error", "http500", /^The source answered HTTP 500\.$/, 2_000],
    ["a body cut in half", "cut", /^The source/, 2_000],
    ["an answer that is not JSON", "badjson", /^The source's answer is not valid JSON/, 2_000],
    ["no answer in time", "hang", /^The source did not answer within 0\.3 s\.$/, 300],
  ])("%s is a FeedError", async (_label, mode, message, timeoutMs) => {
    await started;
    standIn.setWeek(2025, 12, recorded("2025-week-12-before-kickoff.json"));
    standIn.mode = mode;
    try {
      const failure = await provider(timeoutMs)
        .fetchWeek(2025, 12)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(FeedError);
      expect((failure as FeedError).message).toMatch(message);
    } finally {
      standIn.mode = "ok";
    }
  });

  it("a sync stopped on the way is a FeedError", async () => {
    await started;
    standIn.mode = "hang";
    try {
      const controller = new AbortController();
      const fetching = provider(5_000).fetchWeek(2025, 12, controller.signal);
      setTimeout(() => controller.abort(), 50);
      await expect(fetching).rejects.toThrow(new FeedError("The sync was stopped."));
    } finally {
      standIn.mode = "ok";
    }
  });

  it("a source that cannot be reached is a FeedError", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new EspnProvider({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1_000 });
    await expect(unreachable.fetchWeek(2025, 1)).rejects.toThrow(/^The source could not be reached/);
  });

  it("never waits more than 10 s", () => {
    const patient = new EspnProvider({ baseUrl: standIn.url, timeoutMs: 60_000 });
    expect((patient as unknown as { timeoutMs: number }).timeoutMs).toBe(10_000);
    const unset = new EspnProvider({ baseUrl: standIn.url });
    expect((unset as unknown as { timeoutMs: number }).timeoutMs).toBe(10_000);
  });

  it("sends a User-Agent and asks for JSON", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { "content-type": "application/json" }).end('{"events":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}/nfl/`;
      await new EspnProvider({ baseUrl: base, timeoutMs: 1_000 }).fetchWeek(2025, 1);
      await new EspnProvider({
        baseUrl: base,
        userAgent: "FootballPool/1.0 (+https://pool.example)",
      }).fetchWeek(2025, 1);
      expect(seen[0]!["user-agent"]).toBe("FootballPool/1.0");
      expect(seen[0]!.accept).toBe("application/json");
      expect(seen[1]!["user-agent"]).toBe("FootballPool/1.0 (+https://pool.example)");
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
