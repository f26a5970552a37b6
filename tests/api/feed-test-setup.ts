import { afterAll, beforeAll, expect } from "vitest";
import type { FeedSyncResult } from "../../src/contracts/feed";
import type { Game } from "../../src/contracts/games";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { EspnStandIn, recorded, type Scoreboard } from "../feed-stand-in";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * What feed-access, feed-rules-week-12 and feed-new-season.test.ts start from: the live data feed
 * on a stand-in that serves ESPN's recorded answers, the app on a fresh database that ships the
 * 2025 schedule with its clock on Thursday of week 12, and an admin, Alice and Bob. Each of them
 * calls `setUpFeedTest` where its suites are collected. A worker runs its files in one process and
 * imports this module once (vitest.config.ts: isolate is false), so nothing is made when the module
 * is imported: each file makes its own, and the bindings below are that file's as it runs.
 */

export const THURSDAY = "2025-11-20T12:00:00Z";
export let standIn: EspnStandIn;
export let app: TestApp["app"];
export let clock: TestApp["clock"];
export const as = (who: SignedIn | null) => request(app, who);

export let admin: SignedIn;
export let alice: SignedIn;
export let bob: SignedIn;

/** Week 12 as the source tells it, varied in place as the week goes on. */
export let week12: Scoreboard;

export const sync = async (body?: object) => {
  const response = await as(admin).post("/api/admin/feed/sync", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FeedSyncResult;
};

export const weekGames = async (week: number, season = 2025, who: SignedIn = alice) => {
  const response = await as(who).get(`/api/games/week/${week}/season/${season}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Game[];
};
/** A game by its teams, through the week's read (the cached one players see). */
export const gameOf = async (week: number, away: string, home: string, season = 2025) => {
  const found = (await weekGames(week, season)).find(
    (game) => game.awayTeam === away && game.homeTeam === home,
  );
  if (!found) throw new Error(`${away} @ ${home} is not in week ${week} of ${season}`);
  return found;
};

/** The file's stand-in, its app on a fresh database, its week 12 and its people before its tests. */
export async function setUpFeedTest() {
  standIn = await new EspnStandIn().start();
  afterAll(() => standIn.stop());
  ({ app, clock } = await createTestApp({
    now: THURSDAY,
    env: { FEED_URL: standIn.url },
    // Short, for the stand-in that never answers; long enough for a loaded machine's loopback.
    feed: { timeoutMs: 1_500 },
  }));
  week12 = recorded("2025-week-12-before-kickoff.json");
  standIn.setWeek(2025, 12, week12);
  beforeAll(async () => {
    admin = await signUp(app, { email: "admin@example.com" });
    alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
    bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
    await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  });
}
