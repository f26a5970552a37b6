import { afterAll } from "vitest";
import { getCurrentTest } from "vitest/suite";
import { buildApp, type AppOptions } from "../../src/server/app";
import { FixedClock } from "../../src/server/clock";
import { seed } from "../../src/server/db/seed";
import { loadEnv, type Env } from "../../src/server/env";
import { freshDatabase } from "./test-database";

export const SEASON_2025_WEEK_1 = "2025-09-04T12:00:00Z";

export interface TestAppOptions {
  now?: string;
  env?: Partial<Env>;
  seed?: boolean;
  authLimits?: { perIp?: number; perEmail?: number };
  /** The mailer's clock (retries), interval or transport. */
  mailer?: AppOptions["mailer"];
  /** The data feed's timeout and back-off jitter (or its source), for tests about the feed. */
  feed?: AppOptions["feed"];
  /** A built client's folder (documents served from it); none by default. */
  clientRoot?: string;
}

/** The app on a fresh database, with a clock the test controls. Closed after the file's tests. */
export async function createTestApp(options: TestAppOptions = {}) {
  // Its closing is an afterAll hook, which a test's body cannot register (it would never run, and
  // the database would outlive the suite).
  if (getCurrentTest())
    throw new Error("createTestApp belongs where the file's suites are collected, not in a test");
  const database = await freshDatabase();
  const clock = new FixedClock(new Date(options.now ?? SEASON_2025_WEEK_1));
  if (options.seed !== false) await seed(database.db, clock.now());
  // The data feed is off unless a test is about it (it never reaches the internet).
  // Push subscriptions on any host (the tests' push services are local stand-ins).
  const env = {
    ...loadEnv({ NODE_ENV: "test", FEED_URL: "off", PUSH_SERVICE_HOSTS: "*" }),
    ...options.env,
  };
  const app = await buildApp({
    database,
    env,
    clock,
    clientRoot: options.clientRoot ?? "/nonexistent",
    authLimits: { perIp: 1000, perEmail: 1000, ...options.authLimits },
    mailer: options.mailer,
    feed: options.feed,
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, clock, db: database.db };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
