import type { Page } from "@playwright/test";
import { expect as baseExpect, registerByApi, selectOption, test, uniqueEmail } from "./fixtures";

// Lazy screens and a shared test server under parallel load can take a few seconds.
const expect = baseExpect.configure({ timeout: 10_000 });
test.describe.configure({ timeout: 60_000 });

// Kickoffs are shown in the viewer's zone: fix it, so Thursday night stays Thursday.
test.use({ timezoneId: "America/New_York" });

const toastWith = (page: Page, text: string | RegExp) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: typeof text === "string" });

const weekPicker = (page: Page) => page.getByRole("combobox", { name: "Week" });

async function chooseWeek(page: Page, week: number) {
  await selectOption(page, weekPicker(page), new RegExp(`^Week ${week}\\b`));
  await expect(weekPicker(page)).toHaveText(`Week ${week}`);
}

test.describe("Games & Lines", () => {
  test("a player browses the weeks: days in order, lines, current week", async ({ page }) => {
    await registerByApi(page.request, { email: uniqueEmail("lines"), firstName: "Lena", lastName: "Lines" });
    await page.goto("/games");
    await expect(page.getByRole("heading", { name: "NFL Games & Lines", level: 1 })).toBeVisible();

    // The season calendar's current week (1 of 2025) is the default, with the "Current" badge.
    await expect(weekPicker(page)).toHaveText("Week 1");
    const nav = page.getByRole("navigation", { name: "Weeks" });
    await expect(nav.getByText("Current", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Previous week" })).toBeDisabled();

    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(16);
    // Thursday opener, the Friday game in São Paulo, Sunday, Monday night: the calendar's order.
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "Thursday",
      "Friday",
      "Sunday",
      "Monday",
    ]);
    const opener = page.getByRole("article", { name: "DAL @ PHI" });
    await expect(opener).toContainText("PHI -8.5 / DAL +8.5");
    await expect(opener).toContainText("47.5");
    await expect(opener).toContainText("Upcoming");
    await expect(opener.locator("time")).toHaveText(/Thu, Sep 4, 8:20\sPM/);
    await expect(page.getByRole("article", { name: "KC @ LAC" })).toContainText("KC -3 / LAC +3");

    await page.getByRole("button", { name: "Next week" }).click();
    await expect(weekPicker(page)).toHaveText("Week 2");
    await expect(page).toHaveURL(/\/games\?week=2$/);
    await expect(nav.getByText("Current", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Previous week" })).toBeEnabled();
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole("article", { name: "DAL @ PHI" })).toHaveCount(0);

    await page.getByRole("button", { name: "Previous week" }).click();
    await expect(weekPicker(page)).toHaveText("Week 1");
    await expect(page.getByRole("article", { name: "DAL @ PHI" })).toBeVisible();

    // The postseason's last round, the Super Bowl: next is disabled.
    await selectOption(page, weekPicker(page), "Super Bowl");
    await expect(weekPicker(page)).toHaveText("Super Bowl");
    await expect(page.getByRole("button", { name: "Next week" })).toBeDisabled();

    // The regular season's last week: games without lines say so; the week survives a reload.
    await chooseWeek(page, 18);
    await expect(page.getByRole("button", { name: "Next week" })).toBeEnabled();
    await expect(page.getByRole("article", { name: "NO @ ATL" })).toContainText("No line");
    await page.reload();
    await expect(weekPicker(page)).toHaveText("Week 18");
    await page.getByRole("button", { name: "Current week" }).click();
    await expect(weekPicker(page)).toHaveText("Week 1");
  });

  test("on a phone the week navigator and cards fit", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await registerByApi(page.request, { email: uniqueEmail("phone"), firstName: "Pia", lastName: "Phone" });
    await page.goto("/games");
    await expect(page.getByRole("article", { name: "DAL @ PHI" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

test.describe("Score Entry", () => {
  test("a player is told it needs an admin", async ({ page }) => {
    await registerByApi(page.request, {
      email: uniqueEmail("noadmin"),
      firstName: "Nia",
      lastName: "Player",
    });
    await page.goto("/score-entry");
    await expect(page.getByRole("heading", { name: "Score Entry", level: 1 })).toBeVisible();
    await expect(page.getByText("Admin access required")).toBeVisible();
    await expect(page.getByRole("button", { name: "Score Final Games" })).toHaveCount(0);
  });

  test("the admin enters final scores, saves them and scores the week", async ({ adminPage: page }) => {
    await page.goto("/score-entry");
    await expect(page.getByRole("heading", { name: "Score Entry", level: 1 })).toBeVisible();
    await expect(weekPicker(page)).toHaveText("Week 1");
    // Titled by its matchup, the line said once beside it.
    const opener = page.getByRole("article", { name: "DAL @ PHI" });
    await expect(opener).toContainText("PHI -8.5");
    await expect(opener).not.toContainText("vs");

    // Week 18 has no lines yet: the titles are "away @ home".
    await chooseWeek(page, 18);
    const first = page.getByRole("article", { name: "NO @ ATL", exact: true });
    const second = page.getByRole("article", { name: "NYJ @ BUF", exact: true });
    await expect(first).toBeVisible();
    await expect(page.getByRole("button", { name: "Save All Changes" })).toHaveCount(0);

    // A bad score is refused in place.
    await first.getByLabel("NO score").fill("-3");
    await expect(first.getByText("Scores must be whole numbers of 0 or more")).toBeVisible();
    await expect(first.getByRole("button", { name: "Save Game" })).toBeDisabled();

    await first.getByLabel("NO score").fill("17");
    await first.getByLabel("ATL score").fill("20");
    await first.getByRole("combobox", { name: "NO @ ATL status" }).click();
    await page.getByRole("option", { name: "Final" }).click();
    await expect(first).toHaveAttribute("data-dirty", "true");
    await expect(first).toHaveClass(/ring-2/);
    await expect(page.getByRole("button", { name: "Save All Changes" })).toBeVisible();

    await first.getByRole("button", { name: "Save Game" }).click();
    // Week 18 is ahead of the app's clock: a final before kickoff is confirmed first (docs/rules.md,
    // "Games, lines and scores").
    const confirm = page.getByRole("alertdialog", { name: "Save as final before kickoff?" });
    await expect(confirm).toContainText("NO @ ATL kicks off");
    await confirm.getByRole("button", { name: "Save as Final" }).click();
    await expect(toastWith(page, "Game Updated")).toBeVisible();
    await expect(toastWith(page, "Game scores and status have been updated successfully.")).toBeVisible();
    await expect(first).not.toHaveAttribute("data-dirty");
    await expect(first).toContainText("Final");
    await expect(first.getByLabel("NO score")).toHaveValue("17");
    await expect(page.getByRole("button", { name: "Save All Changes" })).toHaveCount(0);

    // A second game through "Save All Changes".
    await second.getByLabel("NYJ score").fill("10");
    await second.getByLabel("BUF score").fill("31");
    await second.getByRole("combobox", { name: "NYJ @ BUF status" }).click();
    await page.getByRole("option", { name: "Final" }).click();
    await page.getByRole("button", { name: "Save All Changes" }).click();
    await confirm.getByRole("button", { name: "Save as Final" }).click();
    await expect(toastWith(page, "Game Updated")).toBeVisible();
    await expect(second).not.toHaveAttribute("data-dirty");
    await expect(page.getByRole("button", { name: "Save All Changes" })).toHaveCount(0);

    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(second.getByLabel("BUF score")).toHaveValue("31");

    await page.getByRole("button", { name: "Score Final Games" }).click();
    await expect(toastWith(page, "Scoring Complete")).toBeVisible();
    await expect(toastWith(page, /^\d+ games? scored successfully$/)).toBeVisible();

    // Players see the final score on Games & Lines.
    await page.goto("/games?week=18");
    const card = page.getByRole("article", { name: "NO @ ATL" });
    await expect(card).toContainText("Final");
    await expect(card.getByRole("group", { name: "Score" })).toContainText(/NO\s*17\s*ATL\s*20/);
  });

  test("a game the admin postpones shows so on Games & Lines", async ({ adminPage: page }) => {
    // Week 17 NYG @ LV is this test's own; a retry starts from the schedule's "upcoming".
    const listed = await page.request.get("/api/games/week/17/season/2025");
    const games = (await listed.json()) as { id: string; homeTeam: string; awayTeam: string }[];
    const game = games.find((g) => g.awayTeam === "NYG" && g.homeTeam === "LV")!;
    const reset = await page.request.patch(`/api/games/${game.id}`, { data: { status: "upcoming" } });
    expect(reset.ok()).toBe(true);

    await page.goto("/score-entry?week=17");
    const card = page.getByRole("article", { name: "NYG @ LV", exact: true });
    await expect(card).toContainText("Upcoming");
    await selectOption(page, card.getByRole("combobox", { name: "NYG @ LV status" }), "Postponed");
    await card.getByRole("button", { name: "Save Game" }).click();
    await expect(toastWith(page, "Game Updated")).toBeVisible();
    await expect(card).not.toHaveAttribute("data-dirty");

    await page.goto("/games?week=17");
    const line = page.getByRole("article", { name: "NYG @ LV" });
    await expect(line.getByText("Postponed", { exact: true })).toBeVisible();
    await expect(line.getByText("Upcoming", { exact: true })).toHaveCount(0);
  });

  test("scoring a week without final games says so", async ({ adminPage: page }) => {
    await page.goto("/score-entry?week=17");
    await expect(weekPicker(page)).toHaveText("Week 17");
    await expect(page.getByRole("article").first()).toBeVisible();
    await page.getByRole("button", { name: "Score Final Games" }).click();
    await expect(toastWith(page, "No Games to Score")).toBeVisible();
    await expect(toastWith(page, "No games are marked as final yet.")).toBeVisible();
  });
});
