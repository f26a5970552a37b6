import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Game } from "../../src/contracts/games";
import { buildApp } from "../../src/server/app";
import { FixedClock } from "../../src/server/clock";
import { openDatabase } from "../../src/server/db/client";
import { seed } from "../../src/server/db/seed";
import { loadEnv } from "../../src/server/env";
import type { PollReport } from "../../src/server/services/feed-poller";
import { signUp } from "../factories";
import { EspnStandIn, recorded, vary } from "../feed-stand-in";
import { startServer } from "../setup/server-process";
import { freshDatabase } from "../setup/test-database";

/**
 * The data feed on several instances sharing one PostgreSQL (docs/rules.md, "The data feed": "Polling"): each
 * runs a poller against the same source, exactly one polls at a time (the lease row of feed_state), another
 * takes over when it stops or dies, and the others serve its writes at once (their read caches are cleared by
 * the fp_cache notices). PostgreSQL only, like two-instances.test.ts.
 */
const NOW = "2025-11-20T12:00:00Z";
const THURSDAY = "401772946";
const KICKOFF = new Date("2025-11-21T01:15:00Z");
const HOUR = 3_600_000;

describe.skipIf(process.env.TEST_DB !== "postgres")("the data feed on two instances", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function setUp() {
    const standIn = await new EspnStandIn().start();
    cleanups.push(() => standIn.stop());
    const week12 = recorded("2025-week-12-before-kickoff.json");
    standIn.setWeek(2025, 12, week12);
    const target = await freshDatabase();
    cleanups.push(() => target.close());
    await seed(target.db, new Date(NOW));
    return { standIn, week12, target };
  }

  /** An instance with its own pool and clock, its poller on the stand-in, not listening (runOnce by hand). */
  async function instance(url: string, feedUrl: string) {
    const database = await openDatabase({ url, poolSize: 4 });
    const clock = new FixedClock(new Date(NOW));
    const app = await buildApp({
      database,
      env: loadEnv({ NODE_ENV: "test", FEED_URL: feedUrl, FEED_LIVE_INTERVAL_S: "60" }),
      clock,
      clientRoot: "/nonexistent",
      feed: { random: () => 0.5 },
    });
    await app.ready();
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
    };
    cleanups.push(close);
    return { app, clock, poller: app.feed.poller!, close };
  }

  it("lets exactly one poll at a time, and another take over when it stops or dies", async () => {
    const { standIn, target } = await setUp();
    const instances = [await instance(target.url!, standIn.url), await instance(target.url!, standIn.url)];
    const requested = () => standIn.requests.splice(0).map((url) => url.searchParams.get("week"));
    const moveTo = (time: Date) => instances.forEach(({ clock }) => clock.set(time));
    const both = (list = instances) => Promise.all(list.map(({ poller }) => poller.runOnce()));
    const leaders = (reports: PollReport[]) =>
      reports.flatMap((report, index) => (report.leader ? [index] : []));

    // Both wake at once: one syncs the season, the other waits.
    let reports = await both();
    expect(leaders(reports)).toHaveLength(1);
    const first = leaders(reports)[0]!;
    expect(reports[first]!.ran).toEqual(["season"]);
    expect(reports[1 - first]).toMatchObject({ leader: false, ran: [], error: null });
    // A season: its 18 weeks and the postseason's 4 rounds.
    expect(requested()).toHaveLength(22);

    // Again and again, an hour apart: the same one polls, one set of requests each time.
    let time = new Date(NOW);
    for (let round = 0; round < 5; round += 1) {
      time = new Date(time.getTime() + HOUR);
      moveTo(time);
      reports = await both();
      expect(leaders(reports)).toEqual([first]);
      expect(reports[first]!.ran).toEqual(["lines"]);
      expect(requested()).toEqual(["12", "13"]);
      // Woken again within the hour: nothing is due, for either.
      reports = await both();
      expect(reports.map((report) => report.ran)).toEqual([[], []]);
      expect(requested()).toEqual([]);
    }

    // The leader stops (its app closes): the other takes the lease at its next wake.
    await instances[first]!.close();
    const other = instances[1 - first]!;
    time = new Date(time.getTime() + HOUR);
    moveTo(time);
    let report = await other.poller.runOnce();
    expect(report).toMatchObject({ leader: true, ran: ["lines"], error: null });
    expect(requested()).toEqual(["12", "13"]);

    // A third instance joins and waits; the holder dies without a word (its lease is left to run out).
    const third = await instance(target.url!, standIn.url);
    third.clock.set(time);
    expect(await third.poller.runOnce()).toMatchObject({ leader: false, ran: [] });
    await target.db.execute(sql`update feed_state set lease_until = now() - interval '1 second'`);
    time = new Date(time.getTime() + HOUR);
    third.clock.set(time);
    other.clock.set(time);
    report = await third.poller.runOnce();
    expect(report).toMatchObject({ leader: true, ran: ["lines"], error: null });
    expect(requested()).toEqual(["12", "13"]);
    expect((await other.poller.runOnce()).leader).toBe(false);
    expect(requested()).toEqual([]);
  }, 60_000);

  it("has its writes served at once by another instance, from that one's own cache", async () => {
    const { standIn, week12, target } = await setUp();
    const leader = await instance(target.url!, standIn.url);
    expect((await leader.poller.runOnce()).ran).toEqual(["season"]);
    // The reader is another process (nothing clears its cache but the notices), with a poller on the
    // same stand-in: the lease is taken, so it never polls.
    const reader = await startServer({
      DATABASE_URL: target.url!,
      FEED_URL: standIn.url,
      APP_NOW: NOW,
    });
    cleanups.push(async () => {
      reader.child.kill("SIGTERM");
      await reader.exited;
    });
    const admin = await signUp(leader.app, { email: "admin@example.com" });
    const readThursday = async () => {
      const response = await fetch(`${reader.base}/api/games/week/12/season/2025`, {
        headers: { cookie: admin.cookie },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as Game[]).find((game) => game.externalId === THURSDAY)!;
    };
    /** Reads on the reader until it shows the change, for 2 s at most. */
    const eventually = async (test: (game: Game) => boolean) => {
      const deadline = Date.now() + 2_000;
      let game = await readThursday();
      while (!test(game) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        game = await readThursday();
      }
      return game;
    };
    // The reader holds the week in memory.
    expect(await readThursday()).toMatchObject({ status: "upcoming", homeScore: null });
    expect(await readThursday()).toMatchObject({ status: "upcoming", homeScore: null });
    standIn.requests.splice(0);

    const thursday = week12.events.find((event) => event.id === THURSDAY);
    vary.live(thursday, 7, 3, 2, "6:52");
    leader.clock.set(new Date(KICKOFF.getTime() + 60_000));
    expect(await leader.poller.runOnce()).toMatchObject({ leader: true, error: null });
    expect(await eventually((game) => game.status === "live")).toMatchObject({
      status: "live",
      awayScore: 7,
      homeScore: 3,
      clock: "6:52",
    });

    vary.final(thursday, 20, 24);
    leader.clock.set(new Date(KICKOFF.getTime() + 3 * 60_000));
    expect(await leader.poller.runOnce()).toMatchObject({ leader: true, ran: ["live"], error: null });
    expect(await eventually((game) => game.status === "final")).toMatchObject({
      status: "final",
      awayScore: 20,
      homeScore: 24,
    });
    // Every request came from the leader's two polls: weeks 12 and 13 for the lines, then week 12.
    expect(standIn.requests.map((url) => url.searchParams.get("week")).sort()).toEqual(["12", "12", "13"]);
  }, 60_000);
});
