import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedStatus } from "../../src/contracts/feed";
import { LAST_WEEK, weekOfEspnPostseason } from "../../src/domain/postseason";
import type { Game } from "../../src/contracts/games";
import { FeedPoller, type PollReport } from "../../src/server/services/feed-poller";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { EspnStandIn, recorded, vary, type Scoreboard } from "../feed-stand-in";
import { startServer } from "../setup/server-process";
import { createTestApp } from "../setup/test-app";
import { freshDatabase } from "../setup/test-database";

/**
 * The data feed's poller (docs/rules.md, "The data feed": "Polling") with a clock the test
 * moves: the whole season daily, the current and next week's lines hourly, the watched weeks every
 * live interval, a back-off on failures, and the next season taken up by itself. On PGlite, and on
 * PostgreSQL under TEST_DB=postgres; and the server process itself, whose start a source that never
 * answers must not delay. Two instances sharing one PostgreSQL: feed-instances.test.ts.
 */
const LIVE_S = 60;
const MINUTE = 60_000;
/** The jitter of the back-off, fixed: a wait is 3/4 of its ceiling. */
const JITTER = 0.5;

const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, clock } = await createTestApp({
  now: "2025-11-20T12:00:00Z",
  env: { FEED_URL: standIn.url, FEED_LIVE_INTERVAL_S: LIVE_S },
  feed: { random: () => JITTER, timeoutMs: 2_000 },
});
const poller = app.feed.poller!;
/** Another app, on its own database: the day after week 3 of 2026 ended (when those responses were recorded). */
const nextStandIn = await new EspnStandIn().start();
afterAll(() => nextStandIn.stop());
const next = await createTestApp({
  now: "2026-09-30T12:00:00Z",
  env: { FEED_URL: nextStandIn.url, FEED_LIVE_INTERVAL_S: LIVE_S },
});

/** Week 12 of 2025 as ESPN listed it before kickoff; its first game is Thursday's BUF @ HOU. */
const week12 = recorded("2025-week-12-before-kickoff.json");
const THURSDAY = "401772946";
const KICKOFF = new Date("2025-11-21T01:15:00Z");
const thursday = (body: Scoreboard) => body.events.find((event) => event.id === THURSDAY);
standIn.setWeek(2025, 12, week12);

/** A request as `season:week` in our weeks: the postseason's (season type 3) are 19 to 22. */
function weekAsked(url: URL): string {
  const type = url.searchParams.get("seasontype");
  const week = Number(url.searchParams.get("week"));
  expect(type === "2" || type === "3").toBe(true);
  return `${url.searchParams.get("dates")}:${type === "3" ? weekOfEspnPostseason(week) : week}`;
}

/** The requests the stand-in received since the last call, as `season:week`. */
let seen = 0;
function fetched(): string[] {
  const urls = standIn.requests.slice(seen);
  seen = standIn.requests.length;
  return urls.map(weekAsked);
}
const weeksOf = (season: number, weeks: number[]) => weeks.map((week) => `${season}:${week}`);
const ALL_WEEKS = Array.from({ length: LAST_WEEK }, (_, index) => index + 1);
const SEASON_2025 = weeksOf(2025, ALL_WEEKS);
const sorted = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));

const at = (iso: string | Date) => {
  clock.set(iso);
  return clock.now();
};
const later = (ms: number) => at(new Date(clock.now().getTime() + ms));

let admin: SignedIn;
beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
});
const status = async () => (await request(app, admin).get("/api/admin/feed")).json<FeedStatus>();
const weekGames = async (season: number, week: number) =>
  (await request(app, admin).get(`/api/games/week/${week}/season/${season}`)).json<Game[]>();
const thursdayGame = async () => (await weekGames(2025, 12)).find((game) => game.externalId === THURSDAY)!;

function expectRan(report: PollReport, ran: PollReport["ran"]) {
  expect({ leader: report.leader, ran: report.ran, error: report.error }).toEqual({
    leader: true,
    ran,
    error: null,
  });
}

describe("the poller, on a clock the test moves", () => {
  let seasonSyncedAt: Date;

  it("syncs the whole season on its first wake, and adopts the shipped games", async () => {
    seasonSyncedAt = clock.now();
    const report = await poller.runOnce();
    expectRan(report, ["season"]);
    expect(sorted(fetched())).toEqual(SEASON_2025);
    // The lines are next, in an hour (Thursday's game comes under watch only this evening).
    expect(report.nextAt).toEqual(new Date(seasonSyncedAt.getTime() + 60 * MINUTE));
    const games = await weekGames(2025, 12);
    expect(games).toHaveLength(14);
    expect(games.every((game) => game.externalId !== null)).toBe(true);
  });

  it("does nothing right after: nothing is due", async () => {
    later(MINUTE);
    const report = await poller.runOnce();
    expectRan(report, []);
    expect(fetched()).toEqual([]);
    expect(report.nextAt).toEqual(new Date(seasonSyncedAt.getTime() + 60 * MINUTE));
    later(58 * MINUTE);
    expectRan(await poller.runOnce(), []);
    expect(fetched()).toEqual([]);
  });

  it("an hour later fetches only the current and the next week's lines", async () => {
    vary.line(thursday(week12), "BUF -7", 7, 44.5);
    at(new Date(seasonSyncedAt.getTime() + 60 * MINUTE));
    const report = await poller.runOnce();
    expectRan(report, ["lines"]);
    expect(fetched()).toEqual(weeksOf(2025, [12, 13]));
    expect(await thursdayGame()).toMatchObject({ spread: "7.0", favoriteTeam: "BUF", overUnder: "44.5" });
  });

  it("polls a game from 15 minutes before its kickoff every interval, and stops at its final", async () => {
    // 20 minutes before kickoff: the hourly lines, and the watch begins in 5 minutes.
    at(new Date(KICKOFF.getTime() - 20 * MINUTE));
    let report = await poller.runOnce();
    expectRan(report, ["lines"]);
    expect(fetched()).toEqual(weeksOf(2025, [12, 13]));
    expect(report.nextAt).toEqual(new Date(KICKOFF.getTime() - 15 * MINUTE));

    // 10 minutes before kickoff: its week alone.
    at(new Date(KICKOFF.getTime() - 10 * MINUTE));
    report = await poller.runOnce();
    expectRan(report, ["live"]);
    expect(fetched()).toEqual(weeksOf(2025, [12]));
    expect(report.nextAt).toEqual(new Date(clock.now().getTime() + LIVE_S * 1000));

    // Within the interval: nothing.
    later((LIVE_S * 1000) / 2);
    expectRan(await poller.runOnce(), []);
    expect(fetched()).toEqual([]);

    // Under way: each interval brings the score.
    const scores: [number, number][] = [
      [0, 3],
      [7, 3],
      [7, 10],
    ];
    at(KICKOFF);
    for (const [away, home] of scores) {
      later(LIVE_S * 1000);
      vary.live(thursday(week12), away, home, 2, "6:52");
      report = await poller.runOnce();
      expectRan(report, ["live"]);
      expect(fetched()).toEqual(weeksOf(2025, [12]));
      expect(await thursdayGame()).toMatchObject({
        status: "live",
        awayScore: away,
        homeScore: home,
        period: 2,
        clock: "6:52",
      });
      expect(report.nextAt).toEqual(new Date(clock.now().getTime() + LIVE_S * 1000));
    }

    // The final: graded, and no longer watched.
    later(LIVE_S * 1000);
    vary.final(thursday(week12), 20, 24);
    report = await poller.runOnce();
    expectRan(report, ["live"]);
    expect(fetched()).toEqual(weeksOf(2025, [12]));
    expect(await thursdayGame()).toMatchObject({ status: "final", awayScore: 20, homeScore: 24 });
    const linesAt = new Date(KICKOFF.getTime() - 20 * MINUTE + 60 * MINUTE);
    expect(report.nextAt).toEqual(linesAt);
    for (let i = 0; i < 3; i += 1) {
      later(LIVE_S * 1000);
      expectRan(await poller.runOnce(), []);
    }
    expect(fetched()).toEqual([]);
  });

  it("syncs the whole season again a day later", async () => {
    at(new Date(seasonSyncedAt.getTime() + 24 * 60 * MINUTE));
    const report = await poller.runOnce();
    expectRan(report, ["season"]);
    expect(sorted(fetched())).toEqual(SEASON_2025);
    expect(report.nextAt).toEqual(new Date(clock.now().getTime() + 60 * MINUTE));

    const feed = await status();
    expect(feed).toMatchObject({
      enabled: true,
      source: "espn",
      lastError: null,
      lastSyncAt: clock.now().toISOString(),
      lastSuccessAt: clock.now().toISOString(),
      nextSyncAt: report.nextAt.toISOString(),
    });
    expect(feed.recent.map((sync) => sync.kind)).toEqual([
      "season",
      "live",
      "live",
      "live",
      "live",
      "live",
      "lines",
      "lines",
      "season",
    ]);
    expect(feed.recent[0]).toMatchObject({ season: 2025, weeks: ALL_WEEKS });
    // The final was applied on the live poll that read it, and graded there.
    expect(feed.recent[1]).toMatchObject({ kind: "live", weeks: [12], updated: 1, graded: 1, error: null });
  });

  it("backs off a failing source exponentially, capped, fetching nothing meanwhile, and recovers", async () => {
    standIn.mode = "http500";
    at(new Date(clock.now().getTime() + 60 * MINUTE));
    const waits: number[] = [];
    let report: PollReport | undefined;
    for (let failure = 1; failure <= 8; failure += 1) {
      report = await poller.runOnce();
      expect(report.leader).toBe(true);
      expect(report.ran).toEqual([]);
      expect(report.error).toMatch(/500/);
      expect(fetched().length).toBeGreaterThan(0);
      waits.push(report.nextAt.getTime() - clock.now().getTime());

      // During the back-off: nothing, whatever is due.
      later(report.nextAt.getTime() - clock.now().getTime() - 1_000);
      const idle = await poller.runOnce();
      expect({ ran: idle.ran, error: idle.error, nextAt: idle.nextAt }).toEqual({
        ran: [],
        error: null,
        nextAt: report.nextAt,
      });
      expect(fetched()).toEqual([]);
      const feed = await status();
      expect(feed.lastError).toBe(report.error);
      expect(feed.nextSyncAt).toBe(report.nextAt.toISOString());
      expect(feed.recent[0]).toMatchObject({ kind: "lines", error: report.error });
      at(report.nextAt);
    }
    // Doubling from a minute up to the 30-minute ceiling, each 3/4 of its ceiling with this jitter.
    const ceilings = [1, 2, 4, 8, 16, 30, 30, 30].map((minutes) => minutes * MINUTE);
    expect(waits).toEqual(ceilings.map((ceiling) => ceiling * (0.5 + 0.5 * JITTER)));

    standIn.mode = "ok";
    report = await poller.runOnce();
    expectRan(report, ["lines"]);
    expect(fetched()).toEqual(weeksOf(2025, [12, 13]));
    const feed = await status();
    expect(feed).toMatchObject({ lastError: null, nextSyncAt: report.nextAt.toISOString() });
    expect(feed.lastSuccessAt).toBe(clock.now().toISOString());
    expect(feed.recent[0]).toMatchObject({ kind: "lines", error: null });

    // The failures were reset: the next one starts the back-off over.
    standIn.mode = "http500";
    at(report.nextAt);
    const again = await poller.runOnce();
    expect(again.error).toMatch(/500/);
    expect(again.nextAt.getTime() - clock.now().getTime()).toBe(MINUTE * (0.5 + 0.5 * JITTER));
    fetched();
    standIn.mode = "ok";
    at(again.nextAt);
    expectRan(await poller.runOnce(), ["lines"]);
    fetched();
  });

  it("does not count a stop in the middle of a sync as a failure: the next poller does not wait", async () => {
    standIn.mode = "hang";
    at(new Date(clock.now().getTime() + 60 * MINUTE));
    const inFlight = poller.runOnce();
    const hanging: string[] = [];
    for (let i = 0; i < 200 && hanging.length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      hanging.push(...fetched());
    }
    expect(sorted(hanging)).toEqual(weeksOf(2025, [12, 13]));
    // The app closes (a deploy, say): the sync in flight is abandoned and the lease released.
    await poller.stop();
    expect((await inFlight).ran).toEqual([]);
    standIn.mode = "ok";
    // Another instance's poller, on the same database, takes over at once, with no back-off.
    const successor = new FeedPoller(app.ctx, app.feed.provider!, {
      liveIntervalMs: LIVE_S * 1000,
      log: app.log,
      random: () => JITTER,
    });
    try {
      expectRan(await successor.runOnce(), ["lines"]);
      expect(fetched()).toEqual(weeksOf(2025, [12, 13]));
    } finally {
      await successor.stop();
    }
  });
});

describe("the next season", () => {
  let nextAdmin: SignedIn;
  beforeAll(async () => {
    nextStandIn.setWeek(2026, 3, recorded("2026-week-3-final.json"));
    nextStandIn.setWeek(2026, 4, recorded("2026-week-4-before-kickoff.json"));
    nextAdmin = await signUp(next.app, { email: "admin@example.com" });
  });

  it("is read once the calendar reaches it, and becomes the current season by itself", async () => {
    const season = async () =>
      (await request(next.app, nextAdmin).get("/api/season")).json<{ season: number; currentWeek: number }>();
    // Only the shipped 2025 season is known.
    expect((await season()).season).toBe(2025);

    const report = await next.app.feed.poller!.runOnce();
    expect(report).toMatchObject({ leader: true, ran: ["season"], error: null });
    const requested = nextStandIn.requests.map(weekAsked);
    expect(sorted(requested)).toEqual([...SEASON_2025, ...weeksOf(2026, ALL_WEEKS)]);

    expect(await season()).toMatchObject({ season: 2026, currentWeek: 4 });
    const week3 = (await request(next.app, nextAdmin).get("/api/games/week/3/season/2026")).json<Game[]>();
    expect(week3).toHaveLength(16);
    expect(week3.every((game) => game.status === "final")).toBe(true);
    expect(week3.find((game) => game.externalId === "401872948")).toMatchObject({
      awayTeam: "ATL",
      homeTeam: "GB",
      awayScore: 35,
      homeScore: 14,
    });
    // ESPN's WSH is our WAS; a neutral-site game keeps ESPN's home team.
    const week4 = (await request(next.app, nextAdmin).get("/api/games/week/4/season/2026")).json<Game[]>();
    expect(week4.map((game) => `${game.awayTeam}@${game.homeTeam}:${game.status}`).sort()).toEqual([
      "ATL@NO:upcoming",
      "IND@WAS:upcoming",
      "PIT@CLE:upcoming",
    ]);
    // The next poll is planned on the new season: its lines in an hour.
    expect(report.nextAt).toEqual(new Date(next.clock.now().getTime() + 60 * MINUTE));
  });
});

describe("a replay: the app's clock fixed while a game is watched", async () => {
  const replayStandIn = await new EspnStandIn().start();
  afterAll(() => replayStandIn.stop());
  const replayWeek = recorded("2025-week-12-before-kickoff.json");
  replayStandIn.setWeek(2025, 12, replayWeek);
  // Ten minutes before Thursday's kickoff, for good: its week is watched as long as the clock stands.
  const replay = await createTestApp({
    now: new Date(KICKOFF.getTime() - 10 * MINUTE).toISOString(),
    // Below the smallest interval the environment takes (5 s), for a test of a few seconds.
    env: { FEED_URL: replayStandIn.url, FEED_LIVE_INTERVAL_S: 1 },
    feed: { random: () => JITTER, timeoutMs: 2_000 },
  });
  const requestsFor = (week: number) =>
    replayStandIn.requests.filter((url) => url.searchParams.get("week") === String(week)).length;

  it("still polls the watched week every live interval of real time, and its changes come in", async () => {
    const poller = replay.app.feed.poller!;
    poller.start(0);
    try {
      // The first wake syncs the season (all 22 weeks).
      await expect.poll(() => requestsFor(18), { timeout: 15_000 }).toBe(1);
      const afterSeason = requestsFor(12);
      vary.line(thursday(replayWeek), "BUF -7", 7, 44.5);
      const started = performance.now();
      await expect
        .poll(() => requestsFor(12) - afterSeason, { timeout: 15_000, interval: 50 })
        .toBeGreaterThanOrEqual(3);
      // A second apart at least (the interval), the watched week alone.
      expect(performance.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(requestsFor(13)).toBe(1);
      const games = (
        await request(replay.app, await signUp(replay.app)).get("/api/games/week/12/season/2025")
      ).json<Game[]>();
      expect(games.find((game) => game.externalId === THURSDAY)).toMatchObject({
        spread: "7.0",
        favoriteTeam: "BUF",
        overUnder: "44.5",
      });
    } finally {
      await poller.stop();
    }
  }, 30_000);

  it("waits real time for each interval, a back-off included, while what is due is read on the app's clock", async () => {
    let real = 0;
    const hand = new FeedPoller(replay.app.ctx, replay.app.feed.provider!, {
      liveIntervalMs: 1_000,
      log: replay.app.log,
      random: () => JITTER,
      realNow: () => real,
    });
    try {
      const requested = () => replayStandIn.requests.splice(0).map((url) => url.searchParams.get("week"));
      requested();
      // The marks of the last syncs are at this very moment: each interval runs from this wake on.
      expectRan(await hand.runOnce(), []);
      real += 999;
      expectRan(await hand.runOnce(), []);
      real += 1;
      let report = await hand.runOnce();
      expectRan(report, ["live"]);
      expect(requested()).toEqual(["12"]);
      // The next poll, on the app's clock: an interval ahead of the clock that stands.
      expect(report.nextAt).toEqual(new Date(replay.clock.now().getTime() + 1_000));
      real += 500;
      report = await hand.runOnce();
      expectRan(report, []);
      expect(report.nextAt).toEqual(new Date(replay.clock.now().getTime() + 500));

      // A failure backs off in real time too: 45 s here (3/4 of the first minute).
      replayStandIn.mode = "http500";
      real += 500;
      report = await hand.runOnce();
      expect(report.error).toMatch(/500/);
      expect(report.nextAt.getTime() - replay.clock.now().getTime()).toBe(45_000);
      requested();
      replayStandIn.mode = "ok";
      real += 44_000;
      report = await hand.runOnce();
      expect({ ran: report.ran, error: report.error }).toEqual({ ran: [], error: null });
      expect(report.nextAt.getTime() - replay.clock.now().getTime()).toBe(1_000);
      expect(requested()).toEqual([]);
      real += 1_000;
      expectRan(await hand.runOnce(), ["live"]);
      expect(requested()).toEqual(["12"]);

      // The lines an hour of real time after the last, the season a day after.
      real += 60 * MINUTE;
      expectRan(await hand.runOnce(), ["lines"]);
      expect(requested().sort()).toEqual(["12", "13"]);
      real += 24 * 60 * MINUTE;
      expectRan(await hand.runOnce(), ["season"]);
      expect(requested()).toHaveLength(LAST_WEEK);
    } finally {
      replayStandIn.mode = "ok";
      await hand.stop();
    }
  });
});

describe("the server process, with a source that never answers", () => {
  it("answers at once, starts polling only after, and stops without waiting for the source", async () => {
    const hanging = await new EspnStandIn().start();
    hanging.mode = "hang";
    const dataDir = mkdtempSync(path.join(tmpdir(), "fp-feed-start-"));
    const postgres = process.env.TEST_DB === "postgres" ? await freshDatabase() : null;
    try {
      const server = await startServer({
        FEED_URL: hanging.url,
        APP_NOW: "2025-11-20T12:00:00Z",
        ...(postgres ? { DATABASE_URL: postgres.url! } : { DATA_DIR: dataDir }),
      });
      // The first sync starts after the server answers (a second after it listens).
      expect(hanging.requests).toHaveLength(0);
      for (let i = 0; i < 200 && hanging.requests.length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(hanging.requests.length).toBeGreaterThan(0);

      // Its requests hang (for up to 10 s each); the server answers all the same.
      for (let i = 0; i < 5; i += 1) {
        const started = Date.now();
        const health = await fetch(`${server.base}/api/health`);
        expect(health.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(1_000);
      }

      // SIGTERM: the sync in flight is abandoned, and the process ends well before the source's timeout.
      const stopping = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(5_000);
    } finally {
      await hanging.stop();
      await postgres?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
