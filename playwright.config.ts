import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 5055);
export const baseURL = `http://127.0.0.1:${port}`;
/** The live feed's test: its app (feed on, real clock) and the ESPN stand-in that app polls. */
export const feedAppPort = port + 2;
export const feedAppURL = `http://127.0.0.1:${feedAppPort}`;
export const feedStandInPort = port + 3;
export const feedStandInFolder = `.tmp/e2e-feed-${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${port}`,
  fullyParallel: true,
  workers: 2,
  // A failed test gets one more try, locally as under CI; a pass on the retry is reported as flaky.
  retries: 1,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL,
    // A failed test's retry records its trace (actions, DOM snapshots, network, console); first
    // runs record none: recording on every passing test costs CPU the suite has no room for under
    // CI's 15 minutes. Without the screencast, which costs CPU on every test (decision 011).
    trace: { mode: "on-first-retry", screenshots: false },
    // The app's service worker precaches the whole client in each new browser context: the specs
    // about it (offline.spec.ts) allow it; the others run as without one, sparing that download.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      // The server's bundle as `npm start` runs it on PGlite (no node options: serverNodeOptions),
      // built afresh from the sources (the bundle carries most dependencies: scripts/build-server.mjs);
      // a fresh embedded database each run; the clock fixed on the eve of the 2025 season.
      command: `node scripts/build-server.mjs && rm -rf .tmp/e2e-data-${port} && node dist/server/main.js`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: `.tmp/e2e-data-${port}`,
        APP_NOW: "2025-09-04T12:00:00Z",
        FEED_URL: "off",
        AUTH_RATE_LIMIT: "10000",
        LOG_LEVEL: "warn",
        // Reminders looked for every 10 seconds (60 by default): reminders.spec.ts sees them come.
        REMINDER_INTERVAL_S: "10",
      },
    },
    {
      // A stand-in of ESPN's scoreboard API (tests/feed-stand-in-cli.ts), answering what the live
      // feed's browser test writes into its folder.
      command: `rm -rf .tmp/e2e-feed-${port} && node --import tsx tests/feed-stand-in-cli.ts ${feedStandInPort} .tmp/e2e-feed-${port}`,
      url: `http://127.0.0.1:${feedStandInPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A second app with the live data feed on (polling the stand-in every 5 s) and the real clock,
      // for the feed's browser test alone; the other tests' app keeps the feed off.
      command: `rm -rf .tmp/e2e-data-${feedAppPort} && node dist/server/main.js`,
      url: `${feedAppURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        PORT: String(feedAppPort),
        DATA_DIR: `.tmp/e2e-data-${feedAppPort}`,
        FEED_URL: `http://127.0.0.1:${feedStandInPort}/apis/site/v2/sports/football/nfl`,
        FEED_LIVE_INTERVAL_S: "5",
        AUTH_RATE_LIMIT: "10000",
        LOG_LEVEL: "warn",
      },
    },
  ],
});
