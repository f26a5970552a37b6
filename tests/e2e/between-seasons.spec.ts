import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, registerByApi, test, uniqueEmail } from "./fixtures";

/*
 * Between seasons (docs/rules.md, "Season calendar"), as the admin and two players meet it: an app of its own
 * whose clock stands in March 2026, after the shipped 2025 season, with 2026's schedule not loaded (the feed
 * off). Nothing of 2025 can be started any more, its unscored games await their result, the Admin screen says
 * what is missing, a contest is made for 2026, and the admin sets the season.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

const port = Number(process.env.E2E_PORT ?? 5055) + 1;
const appURL = `http://127.0.0.1:${port}`;
const dataDir = `.tmp/e2e-data-between-${port}`;
// Screenshots of the changed screens, when asked for (SCREENSHOTS=.tmp/seasons).
const shots = process.env.SCREENSHOTS;

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(".tmp", { recursive: true });
  // The bundle the other specs' app runs (built by playwright.config.ts's first web server).
  server = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      APP_NOW: "2026-03-10T17:00:00Z",
      FEED_URL: "off",
      AUTH_RATE_LIMIT: "10000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect(async () => {
    const health = await fetch(`${appURL}/api/health`);
    expect(health.ok).toBeTruthy();
  }).toPass({ timeout: 60_000 });
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
});

async function person(browser: Browser, firstName: string) {
  const context = await browser.newContext({ baseURL: appURL, timezoneId: "America/New_York" });
  const page = await context.newPage();
  const email = uniqueEmail(firstName.toLowerCase());
  await registerByApi(page.request, { email, firstName, lastName: "Offseason" });
  return { page, email, close: () => context.close() };
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

const toastWith = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

test("between seasons: nothing starts finished, games await their result, the admin is told what to do", async ({
  browser,
}) => {
  // The first account of this app is its admin.
  const admin = await person(browser, "Ada");
  const bob = await person(browser, "Bob");
  const a = admin.page;

  // The Dashboard does not pretend week 18 is still on.
  await a.goto("/");
  await expect(a.getByText("2025 season over", { exact: true })).toBeVisible();
  await expect(a.getByText("Off-season", { exact: true })).toBeVisible();

  // The Admin screen: the season on the clock is over and the next one is not loaded.
  await a.goto("/admin");
  const season = a.getByRole("region", { name: "Season 2025" });
  // After the postseason the calendar stays at its last week, the Super Bowl's.
  await expect(season).toContainText("The Super Bowl on the clock");
  await expect(season).toContainText(
    "The 2025 season is over, and the 2026 schedule is not loaded yet: new contests wait for it.",
  );
  await expect(season.getByRole("link", { name: "Import the schedule" })).toHaveAttribute(
    "href",
    "/admin/games",
  );
  await expect(
    a.getByText("The 2025 season is over: add the games and lines of the 2026 season."),
  ).toBeVisible();
  // The shipped data has no results after week 14: those games await theirs, Score Entry fixes it.
  await expect(season).toContainText(/\d+ games kicked off without a result \(Weeks 14–18\)\./);
  await expect(season.getByRole("link", { name: "Enter the scores" })).toHaveAttribute(
    "href",
    "/score-entry?week=14",
  );
  // The feed is off here: no sync is offered.
  await expect(season.getByRole("button", { name: /Sync/ })).toHaveCount(0);
  await shoot(a, "admin-overview");

  // Games & Lines: week 18's games kicked off in January; without a result they are not "Upcoming".
  await a.goto("/games?week=18");
  const card = a.getByRole("article").first();
  await expect(card.getByText("Awaiting result", { exact: true })).toBeVisible();
  await expect(a.getByText("Upcoming", { exact: true })).toHaveCount(0);
  await shoot(a, "games-lines");
  // The Score Entry link lands on the first week without results.
  await a.goto("/admin");
  await season.getByRole("link", { name: "Enter the scores" }).click();
  await expect(a).toHaveURL(/\/score-entry\?week=14$/);
  await expect(a.getByText("Awaiting result", { exact: true }).first()).toBeVisible();

  // Create Contest says the season is over and offers the next one, from its week 1.
  await a.goto("/contests");
  await a.getByRole("button", { name: "Create Contest", exact: true }).click();
  const dialog = a.getByRole("dialog", { name: "Create New Contest" });
  await expect(dialog.getByRole("note")).toContainText("The 2025 season is over");
  await expect(dialog.getByRole("note")).toContainText(
    "The 2026 season's schedule is not loaded yet. This contest will be for the 2026 season, from its week 1.",
  );
  await dialog.getByLabel("Contest Name").fill("Next Year Cup");
  await dialog.getByLabel("Opponent's Email").fill(bob.email);
  await shoot(a, "create-contest");
  await dialog.getByRole("button", { name: "Create for the 2026 Season" }).click();
  await expect(toastWith(a, "Contest Created")).toBeVisible();
  await expect(a).toHaveURL(/\/contests\/[0-9a-f-]{36}$/);
  const contestId = a.url().split("/").pop()!;

  // The server refuses 2025 whatever the client sends.
  const refused = await a.request.post("/api/contests", {
    data: { name: "Too late", player2Email: bob.email, defaultBetAmount: 0 },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(
    "The 2025 season has no weeks left to play: create the contest for the 2026 season.",
  );

  // Bob accepts: the contest is active, in 2026's week 1, not finished.
  await bob.page.goto(`/contests/${contestId}`);
  await bob.page.getByRole("button", { name: "Accept" }).first().click();
  await expect(bob.page.getByText("ACTIVE", { exact: true }).first()).toBeVisible();
  await expect(bob.page.getByText("COMPLETED", { exact: true })).toHaveCount(0);
  const contest = await (await bob.page.request.get(`/api/contests/${contestId}`)).json();
  expect(contest).toMatchObject({ status: "active", season: 2026, startWeek: 1, currentWeek: 1 });

  // The admin sets the current season in System Configuration.
  await a.goto("/admin");
  await a.getByRole("button", { name: "Configure" }).click();
  const config = a.getByRole("dialog", { name: "System Configuration" });
  const field = config.getByLabel("Current Season");
  await expect(field).toHaveValue("2025");
  await expect(config).toContainText("Not set: the season calendar chooses it (now 2025)");
  await field.fill("1999");
  await config.getByRole("button", { name: "Save Season" }).click();
  await expect(config.getByText("The current season must be a year from 2020 to 2030.")).toBeVisible();
  await shoot(a, "system-configuration");
  await field.fill("2026");
  await config.getByRole("button", { name: "Save Season" }).click();
  await expect(toastWith(a, "The current season is now 2026.")).toBeVisible();
  await expect(config).toBeHidden();

  // Now 2026 is on the clock, and the Admin screen says its schedule is missing.
  const next = a.getByRole("region", { name: "Season 2026" });
  await expect(next).toContainText("Week 1 on the clock");
  await expect(next).toContainText("No games are loaded for the 2026 season.");
  await a.getByRole("button", { name: "Configure" }).click();
  await expect(config).toContainText("Set by an admin: the app plays the 2026 season until you change it.");
  await expect(config.getByLabel("Current Season")).toHaveValue("2026");

  // Saving a new contest creation password (this app's own) says so and closes the dialog, each
  // time the value changes (the form is made again with the new value).
  for (const secret of ["first-secret", "second-secret"]) {
    await config.getByLabel("Contest Creation Password").fill(secret);
    await config.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastWith(a, "Contest creation password has been updated successfully!")).toBeVisible();
    await expect(config).toBeHidden();
    await a.getByRole("button", { name: "Configure" }).click();
    await expect(config.getByLabel("Contest Creation Password")).toHaveValue(secret);
  }

  await admin.close();
  await bob.close();
});
