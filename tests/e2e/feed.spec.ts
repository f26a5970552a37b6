import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { feedAppURL, feedStandInFolder } from "../../playwright.config";
import { recorded, vary, type Scoreboard } from "../feed-stand-in";
import { CREATION_PASSWORD, expect, registerByApi, test, uniqueEmail } from "./fixtures";

/*
 * The live data feed, as a user meets it: an app with the feed on and the real clock (the second
 * app of playwright.config.ts) polls a stand-in of ESPN every 5 s. The stand-in answers a week of
 * the 2026 season built from ESPN's recorded week 12 of 2025, moved so that BUF @ HOU kicked off
 * five minutes ago: the admin brings the season in with Sync now, and a live score then reaches an
 * open Make Picks page without a reload.
 */

test.describe.configure({ timeout: 120_000 });

const SEASON = 2026;
const WEEK = 12;

/** The recorded week, moved to 2026 and shifted in time so that its first game started 5 minutes ago. */
function liveWeek(): Scoreboard {
  const body = recorded("2025-week-12-before-kickoff.json");
  const first = Math.min(...body.events.map((event) => Date.parse(event.date)));
  const shift = Date.now() - 5 * 60_000 - first;
  for (const event of body.events) {
    const moved = new Date(Date.parse(event.date) + shift).toISOString().replace(/:\d\d\.\d{3}Z$/, "Z");
    vary.moved(event, moved, WEEK);
    event.id = `9${event.id}`;
    event.season = { year: SEASON, type: 2 };
  }
  return body;
}

function serve(body: Scoreboard) {
  writeFileSync(path.join(feedStandInFolder, `${SEASON}-${WEEK}.json`), JSON.stringify(body));
}

async function person(browser: Browser, firstName: string, lastName: string) {
  const context = await browser.newContext({ baseURL: feedAppURL, timezoneId: "America/New_York" });
  const page = await context.newPage();
  const email = uniqueEmail(firstName.toLowerCase());
  await registerByApi(page.request, { email, firstName, lastName });
  return { page, email, close: () => context.close() };
}

test("the feed brings a new season in, and a live score reaches an open Make Picks page", async ({
  browser,
}) => {
  const week = liveWeek();
  const game = week.events.find((event) => event.shortName === "BUF @ HOU");
  vary.live(game, 0, 0, 1, "15:00");
  serve(week);

  // The first account of this app is its admin: Sync now brings the 2026 season in.
  const admin = await person(browser, "Ada", "Admin");
  const a = admin.page;
  await a.goto("/admin");
  const panel = a.getByRole("region", { name: "Data feed" });
  await expect(panel).toBeVisible();
  await panel.getByRole("combobox", { name: "Season" }).click();
  await a.getByRole("option", { name: String(SEASON) }).click();
  await panel.getByRole("button", { name: "Sync now" }).click();
  await expect(a.getByText(/14 added/).first()).toBeVisible();
  // With the feed on, Weekly Games asks for no manual work.
  await a.reload();
  await expect(a.getByText(/^The data feed keeps Week \d+'s games and lines current\./)).toBeVisible();

  // Games Management shows one season at a time, the new one first: last year's week 12 is not
  // listed with this year's.
  await a.goto("/admin/games");
  await expect(a.getByRole("combobox", { name: "Season" })).toContainText(String(SEASON));
  await expect(a.getByText(/^14 games in (Week 12|all weeks)$/)).toBeVisible();
  await a.getByRole("combobox", { name: "Season" }).click();
  await a.getByRole("option", { name: "2025" }).click();
  await expect(a.getByText("272 games in all weeks")).toBeVisible();
  const opened = await a.request.put("/api/system-config/contest_creation_password", {
    data: { value: CREATION_PASSWORD },
  });
  expect(opened.ok()).toBeTruthy();

  // Two players in a contest of the new season.
  const alice = await person(browser, "Alice", "Anders");
  const bob = await person(browser, "Bob", "Brown");
  const created = await alice.page.request.post("/api/contests", {
    data: {
      name: `Feed ${Date.now()}`,
      description: "",
      player2Email: bob.email,
      defaultBetAmount: 10,
      maxPicksPerPlayer: 2,
      contestCreationPassword: CREATION_PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect(
    (await bob.page.request.patch(`/api/contests/${id}`, { data: { status: "active" } })).ok(),
  ).toBeTruthy();

  const page = alice.page;
  await page.goto(`/picks?contestId=${id}`);
  const card = page.getByRole("article", { name: "BUF @ HOU" });
  await expect(card).toContainText("Q1 15:00");
  await page.evaluate(() => document.documentElement.setAttribute("data-live-test", "same page"));

  // The source now has BUF up 7-3 in the second quarter: the page shows it without a reload.
  vary.live(game, 7, 3, 2, "6:52");
  serve(week);
  await expect(card).toContainText("Q2 6:52", { timeout: 20_000 });
  await expect(card).toContainText("7");
  await expect(page.locator("html")).toHaveAttribute("data-live-test", "same page");

  // The final: graded with no one pressing a button.
  vary.final(game, 27, 20);
  serve(week);
  await expect(card).toContainText("Final", { timeout: 20_000 });
  await Promise.all([admin.close(), alice.close(), bob.close()]);
});
