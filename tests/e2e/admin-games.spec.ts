import type { Page } from "@playwright/test";
import { weekName } from "../../src/domain/postseason";
import { expect, selectOption, test } from "./fixtures";

// Kickoffs are shown in the viewer's zone (presets are Eastern slots placed in the form's week): fix
// it, and fix the browser's clock to the server's (APP_NOW, a Thursday).
test.use({ timezoneId: "America/New_York" });
// Long flows of many clicks: room for a busy machine.
test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ adminPage }) => {
  await adminPage.clock.setFixedTime(new Date("2025-09-04T12:00:00Z"));
});

// Each test owns its weeks and matchups, so they run side by side on one database.
// Add: week 18 ARI @ SEA; edit: week 20; delete: week 21; CSV: week 22; pins: week 17 HOU @ LAC
// (a seeded game). The overview's Add Game dialog (admin.spec.ts) adds week 20 LV @ CIN.

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const weekFilter = (page: Page) => page.getByRole("combobox", { name: "Week" });

async function choose(page: Page, combobox: string, option: string, scope = page.locator("body")) {
  await selectOption(page, scope.getByRole("combobox", { name: combobox }), option);
}

/** Shows a week by its name ("Week 18"; a postseason round's: "Divisional"). */
async function showWeek(page: Page, week: number) {
  await choose(page, "Week", weekName(week));
  await expect(weekFilter(page)).toHaveText(weekName(week));
}

async function openPage(page: Page) {
  await page.goto("/admin/games");
  // The first paint waits for the client bundle: allow for a busy machine.
  await expect(page.getByRole("heading", { name: "Games Management", level: 1 })).toBeVisible({
    timeout: 15_000,
  });
}

/** Removes a matchup a failed earlier attempt may have left (CI retries a failed test once). */
async function removeGame(page: Page, week: number, awayTeam: string, homeTeam: string) {
  const response = await page.request.get(`/api/games/week/${week}/season/2025`);
  const games = (await response.json()) as { id: string; homeTeam: string; awayTeam: string }[];
  for (const game of games.filter((g) => g.homeTeam === homeTeam && g.awayTeam === awayTeam)) {
    expect((await page.request.delete(`/api/games/${game.id}`)).status()).toBe(204);
  }
}

async function createGame(
  page: Page,
  game: { week: number; homeTeam: string; awayTeam: string } & Record<string, unknown>,
) {
  await removeGame(page, game.week, game.awayTeam, game.homeTeam);
  const response = await page.request.post("/api/games", {
    data: { season: 2025, spread: null, overUnder: null, status: "upcoming", ...game },
  });
  expect(response.status()).toBe(201);
}

test("the screen: headings, and the current week's games by default", async ({ adminPage: page }) => {
  await openPage(page);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Import CSV", "Add Game", "Games"]);
  // The server's season calendar says week 1; its 16 seeded games are listed.
  await expect(weekFilter(page)).toHaveText("Week 1");
  const opener = page.getByRole("listitem", { name: "DAL @ PHI, week 1" });
  await expect(opener).toContainText("Week 1");
  await expect(opener).toContainText("Thu, Sep 4, 8:20 PM EDT");
  await expect(opener).toContainText("-8.5");
  await expect(opener).toContainText("47.5");
  await expect(opener).toContainText("PHI");
  await expect(opener).toContainText("Upcoming");
  // A positive spread carries its plus sign: the away team is favored.
  await expect(page.getByRole("listitem", { name: "KC @ LAC, week 1" })).toContainText("+3");
  await expect(page.getByRole("button", { name: "Edit DAL @ PHI, week 1" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete DAL @ PHI, week 1" })).toBeVisible();

  await choose(page, "Week", "All Weeks");
  await expect(page.getByText(/^\d+ games in all weeks$/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Show \d+ more$/ })).toBeVisible();
});

test("the admin adds a game with a preset kickoff and sees it listed", async ({ adminPage: page }) => {
  await removeGame(page, 18, "ARI", "SEA");
  await openPage(page);
  const form = page.getByRole("form", { name: "Add Game" });
  await expect(form.getByLabel("Season")).toHaveValue("2025");

  // Nothing filled in: the product's messages.
  await form.getByRole("button", { name: "Add Game" }).click();
  for (const message of [
    "Week is required",
    "Away team is required",
    "Home team is required",
    "Game date and time is required",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await form.getByLabel("Week").fill("19");
  await form.getByRole("button", { name: "Add Game" }).click();
  await expect(form.getByText("Week must be between 1 and 18")).toBeVisible();

  await form.getByLabel("Week").fill("18");
  await choose(page, "Away team", "ARI - Arizona Cardinals", form);
  await choose(page, "Home team", "SEA - Seattle Seahawks", form);
  // The preset falls in the chosen week (18: Sunday, Jan 4), not in this week.
  await choose(page, "Game time", "Sunday 4:25 PM ET", form);
  await expect(form.getByText("Kickoff: Sun, Jan 4, 4:25 PM EST")).toBeVisible();
  await form.getByLabel("Spread").fill("-2.5");
  await form.getByLabel("Over/Under").fill("41.5");
  // Automatic: a negative spread favors the home team.
  await expect(form.getByRole("combobox", { name: "Favorite" })).toHaveText("Automatic (SEA)");
  await form.getByRole("button", { name: "Add Game" }).click();

  await expect(toasts(page).getByText("Game added successfully", { exact: true })).toBeVisible();
  await expect(toasts(page).getByText("The new game has been added to the system.")).toBeVisible();
  // The list moves to the new game's week.
  await expect(weekFilter(page)).toHaveText("Week 18");
  const row = page.getByRole("listitem", { name: "ARI @ SEA, week 18" });
  await expect(row).toContainText("Sun, Jan 4, 4:25 PM EST");
  await expect(row).toContainText("-2.5");
  await expect(row).toContainText("41.5");
  await expect(row).toContainText("SEA");
  await expect(row).toContainText("Upcoming");

  // The form keeps week, season and time for the next game; the same matchup again is refused.
  await expect(form.getByLabel("Week")).toHaveValue("18");
  await expect(form.getByRole("combobox", { name: "Game time" })).toHaveText("Sunday 4:25 PM ET");
  await choose(page, "Away team", "ARI - Arizona Cardinals", form);
  await choose(page, "Home team", "SEA - Seattle Seahawks", form);
  await choose(page, "Favorite", "Away (ARI)", form);
  await form.getByRole("button", { name: "Add Game" }).click();
  await expect(toasts(page).getByText("Error adding game", { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(/^This game already exists: ARI @ SEA/)).toBeVisible();
  await expect(page.getByRole("listitem", { name: "ARI @ SEA, week 18" })).toHaveCount(1);
});

test("the admin edits a game in the dialog", async ({ adminPage: page }) => {
  await createGame(page, {
    week: 20,
    homeTeam: "MIA",
    awayTeam: "NYJ",
    gameDate: "2026-01-11T21:25:00Z",
    spread: "3",
    overUnder: "44",
  });
  await openPage(page);
  await showWeek(page, 20);
  const row = page.getByRole("listitem", { name: "NYJ @ MIA, Divisional" });
  await expect(row).toContainText("+3");
  await expect(row).toContainText("NYJ");

  await page.getByRole("button", { name: "Edit NYJ @ MIA, Divisional" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Game" });
  await expect(dialog.getByLabel("Week")).toHaveValue("20");
  await expect(dialog.getByLabel("Season")).toHaveValue("2025");
  await expect(dialog.getByRole("combobox", { name: "Away team" })).toHaveText("NYJ - New York Jets");
  await expect(dialog.getByRole("combobox", { name: "Home team" })).toHaveText("MIA - Miami Dolphins");
  // 21:25 UTC is 4:25 PM in New York on a Sunday: matched back to its preset.
  await expect(dialog.getByRole("combobox", { name: "Game time" })).toHaveText("Sunday 4:25 PM ET");
  await choose(page, "Game time", "Custom", dialog);
  await expect(dialog.getByLabel("Custom date and time, Eastern Time (ET)")).toHaveValue("2026-01-11T16:25");
  await expect(dialog.getByLabel("Spread")).toHaveValue("3");
  await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveText("Upcoming");

  await dialog.getByLabel("Week").fill("23");
  await dialog.getByLabel("Spread").fill("-1.5");
  await dialog.getByLabel("Over/Under").fill("10");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Week must be between 1 and 22")).toBeVisible();
  await expect(dialog.getByText("Over/under must be at least 20")).toBeVisible();

  await dialog.getByLabel("Week").fill("20");
  await dialog.getByLabel("Over/Under").fill("45.5");
  await choose(page, "Status", "Live", dialog);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page).getByText("Game Updated Successfully", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("-1.5");
  await expect(row).toContainText("45.5");
  await expect(row).toContainText("MIA");
  await expect(row).toContainText("Live");
  await expect(row).toContainText("Sun, Jan 11, 4:25 PM EST");
});

test("a line set by hand is pinned until the admin follows the feed again", async ({ adminPage: page }) => {
  // A seeded game, as the schedule left it: no line, no pins (a retry undoes the first attempt).
  const listed = await page.request.get("/api/games/week/17/season/2025");
  const games = (await listed.json()) as { id: string; homeTeam: string; awayTeam: string }[];
  const game = games.find((g) => g.awayTeam === "HOU" && g.homeTeam === "LAC")!;
  expect((await page.request.patch(`/api/games/${game.id}`, { data: { spread: null } })).ok()).toBe(true);
  expect((await page.request.post(`/api/games/${game.id}/follow-feed`)).ok()).toBe(true);

  await openPage(page);
  await showWeek(page, 17);
  const row = page.getByRole("listitem", { name: "HOU @ LAC, week 17" });
  const follow = row.getByRole("button", { name: "Follow the feed again: HOU @ LAC, week 17" });
  const marks = row.getByRole("img", { name: /pinned/ });
  await expect(row).toBeVisible();
  await expect(marks).toHaveCount(0);
  await expect(follow).toHaveCount(0);

  await page.getByRole("button", { name: "Edit HOU @ LAC, week 17" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Game" });
  await dialog.getByLabel("Spread").fill("-4.5");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page).getByText("Game Updated Successfully", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The line is pinned: a mark beside the spread (and the total and favorite, the same line), with
  // its hint on hover, and the row says so with a way back to the feed.
  await expect(row).toContainText("-4.5");
  const spreadMark = row.getByRole("img", {
    name: "Spread pinned. Set by hand: the data feed leaves it alone",
  });
  await expect(spreadMark).toBeVisible();
  await expect(marks).toHaveCount(3);
  await spreadMark.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Set by hand: the data feed leaves it alone");
  await expect(row).toContainText("Set by hand: the line. The data feed leaves it alone.");

  await follow.click();
  await expect(toasts(page).getByText("Following the Feed Again", { exact: true })).toBeVisible();
  await expect(marks).toHaveCount(0);
  await expect(follow).toHaveCount(0);
  await expect(row).not.toContainText("Set by hand");
  // The feed is off here: the value stays until a sync brings the source's.
  await expect(row).toContainText("-4.5");
});

test("the admin imports a CSV with good and bad rows", async ({ adminPage: page }, testInfo) => {
  const csv = [
    "week,season,homeTeam,awayTeam,gameDate,spread,overUnder,favoriteTeam,status",
    "22,2025,KC,DEN,2026-02-01T21:25:00Z,-3.5,45.5,,upcoming",
    "22,2025,GB,CHI,2026-02-01T18:00:00Z,1.5,42,,upcoming",
    "22,2025,XXX,DEN,2026-02-01T18:00:00Z,,,,upcoming",
    "22,2025,NE,NE,2026-02-01T18:00:00Z,,,,upcoming",
    "22,2025,DAL,NYG,,,,,upcoming",
    "22,2025,SF,LA,2026-02-01T18:00:00Z,,10,,upcoming",
    "22,2025,SEA,ARI,2026-02-01T18:00:00Z,,90,,upcoming",
  ].join("\n");
  await removeGame(page, 22, "DEN", "KC");
  await removeGame(page, 22, "CHI", "GB");
  const path = testInfo.outputPath("week-22-games.csv");
  await import("node:fs/promises").then((fs) => fs.writeFile(path, csv));

  await openPage(page);
  const card = page
    .locator("[data-slot=card]")
    .filter({ has: page.getByRole("heading", { name: "Import CSV" }) });
  const upload = card.getByRole("button", { name: "Upload CSV" });
  await expect(upload).toBeDisabled();
  await card.getByLabel("CSV file").setInputFiles(path);
  await expect(card.getByText("week-22-games.csv")).toBeVisible();
  await expect(card.getByText(`(${(Buffer.byteLength(csv) / 1024).toFixed(1)} KB)`)).toBeVisible();
  await upload.click();

  const toast = toasts(page);
  await expect(toast.getByText("CSV Import Completed", { exact: true })).toBeVisible();
  await expect(toast.getByText("Created 2 new games, updated 0 existing games. 5 skipped.")).toBeVisible();
  await expect(toast.getByText("Line 4: Unknown team: XXX")).toBeVisible();
  await expect(toast.getByText("Line 5: Away team must be different from home team")).toBeVisible();
  await expect(toast.getByText("Line 6: Game date and time is required")).toBeVisible();
  await expect(toast.getByText("Line 7:")).toHaveCount(0);
  await expect(toast.getByText("... and 2 more errors", { exact: true })).toBeVisible();
  await expect(card.getByText("week-22-games.csv")).toHaveCount(0);

  await showWeek(page, 22);
  await expect(page.getByText("2 games in the Super Bowl")).toBeVisible();
  await expect(page.getByRole("listitem", { name: "CHI @ GB, Super Bowl" })).toContainText("+1.5");
  await expect(page.getByRole("listitem", { name: "DEN @ KC, Super Bowl" })).toContainText("-3.5");
});

test("a file that is not CSV is refused", async ({ adminPage: page }) => {
  await openPage(page);
  await page.getByLabel("CSV file").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a schedule"),
  });
  await expect(toasts(page).getByText("Invalid File Type", { exact: true })).toBeVisible();
  await expect(toasts(page).getByText("Please select a CSV file.")).toBeVisible();
  await expect(page.getByText("notes.txt")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Upload CSV" })).toBeDisabled();
});

test("the admin deletes a game after confirming", async ({ adminPage: page }) => {
  await createGame(page, { week: 21, homeTeam: "JAX", awayTeam: "TEN", gameDate: "2026-01-18T20:00:00Z" });
  await openPage(page);
  await showWeek(page, 21);
  const row = page.getByRole("listitem", { name: "TEN @ JAX, Conference Championships" });
  await expect(row).toBeVisible();

  await page.getByRole("button", { name: "Delete TEN @ JAX, Conference Championships" }).click();
  let confirm = page.getByRole("alertdialog", { name: "Delete Game" });
  await expect(confirm).toContainText("TEN @ JAX (Conference Championships, 2025)");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await page.getByRole("button", { name: "Delete TEN @ JAX, Conference Championships" }).click();
  confirm = page.getByRole("alertdialog", { name: "Delete Game" });
  await confirm.getByRole("button", { name: "Delete Game" }).click();
  await expect(toasts(page).getByText("Game deleted successfully", { exact: true })).toBeVisible();
  await expect(toasts(page).getByText("The game has been removed from the system.")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No games found for the Conference Championships.")).toBeVisible();
});
