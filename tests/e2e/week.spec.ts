import type { Page } from "@playwright/test";
import { expect, newPlayer, startContest, test } from "./fixtures";

/*
 * A whole week as it happens: two players pick in turn in their own browsers, the admin enters the
 * final scores and scores the games, and both players see the settled week and matching standings.
 * Games used only here: CIN @ CLE (CIN -5.5), PIT @ NYJ (total 37.5), NYG @ WAS (total 45.5).
 */
test.describe.configure({ timeout: 180_000 });

const card = (page: Page, matchup: string) => page.getByRole("article", { name: matchup });

async function pickAndSubmit(page: Page, choices: [string, string][]) {
  for (const [matchup, label] of choices) {
    // A pick button's name: its label, then its game ("CIN -5.5, CIN at CLE").
    const name = `${label}, ${matchup.replace(" @ ", " at ")}`;
    await card(page, matchup).getByRole("button", { name, exact: true }).click();
  }
  await page.getByRole("button", { name: "Submit Picks" }).click();
  await page
    .getByRole("alertdialog", { name: "Confirm Your Picks" })
    .getByRole("button", { name: "Confirm Submit" })
    .click();
  await expect(page.getByText("Picks Submitted", { exact: true })).toBeVisible();
}

async function enterFinal(page: Page, title: string, away: [string, number], home: [string, number]) {
  const game = page.getByRole("article", { name: title, exact: true });
  await game.getByLabel(`${away[0]} score`).fill(String(away[1]));
  await game.getByLabel(`${home[0]} score`).fill(String(home[1]));
  const matchup = `${away[0]} @ ${home[0]}`;
  await game.getByRole("combobox", { name: `${matchup} status` }).click();
  await page.getByRole("option", { name: "Final" }).click();
}

test("two players play week 1, the admin scores it, both see the settled week and standings", async ({
  adminPage,
  browser,
}) => {
  const zone = { timezoneId: "America/New_York" };
  const alice = await newPlayer(browser, "Wanda", "Week", zone);
  const bob = await newPlayer(browser, "Otto", "Other", zone);
  const name = `Full Week ${Date.now()}`;
  const id = await startContest(alice, bob, name);

  // Week 1 is odd: Wanda (player 1) picks first.
  await alice.page.goto(`/picks?contestId=${id}`);
  await expect(alice.page.getByText("First Picker", { exact: true })).toBeVisible();
  await pickAndSubmit(alice.page, [
    ["CIN @ CLE", "CIN -5.5"],
    ["PIT @ NYJ", "Over 37.5"],
  ]);

  // Otto sees Wanda's side taken, takes the other side and another game.
  await bob.page.goto(`/picks?contestId=${id}`);
  await expect(
    card(bob.page, "CIN @ CLE").getByRole("button").filter({ hasText: "CIN -5.5" }),
  ).toBeDisabled();
  await expect(card(bob.page, "CIN @ CLE")).toContainText("Opp");
  await pickAndSubmit(bob.page, [
    ["CIN @ CLE", "CLE +5.5"],
    ["NYG @ WAS", "Under 45.5"],
  ]);

  // The games are played; the admin enters the finals and scores them.
  const admin = adminPage;
  await admin.goto("/score-entry?week=1");
  await expect(admin.getByRole("heading", { name: "Score Entry", level: 1 })).toBeVisible();
  await enterFinal(admin, "CIN @ CLE", ["CIN", 30], ["CLE", 10]); // CIN covers
  await enterFinal(admin, "PIT @ NYJ", ["PIT", 34], ["NYJ", 32]); // 66 points: over
  await enterFinal(admin, "NYG @ WAS", ["NYG", 6], ["WAS", 21]); // 27 points: under
  await admin.getByRole("button", { name: "Save All Changes" }).click();
  // Before their kickoffs by the app's clock (APP_NOW): the admin confirms the early finals.
  await admin.getByRole("alertdialog").getByRole("button", { name: "Save as Final" }).click();
  await expect(admin.getByRole("button", { name: "Save All Changes" })).toHaveCount(0);
  await admin.getByRole("button", { name: "Score Final Games" }).click();
  await expect(admin.getByText("Scoring Complete", { exact: true })).toBeVisible();

  // Wanda 2 wins, Otto 1: Wanda takes the $10 pot.
  for (const viewer of [alice, bob]) {
    await viewer.page.goto(`/contests/${id}`);
    const week = viewer.page.getByRole("button", { name: /^Week 1 Pot/ });
    await expect(week).toContainText("Pot: $10");
    await expect(week).not.toContainText("In Progress");
    await expect(week).toContainText("Wanda Week: 2");
    await expect(week).toContainText("Otto Other: 1");
    await expect(week).toContainText("Wanda Week Won");
    await week.click();
    await expect(viewer.page.getByText("CIN @ CLE").first()).toBeVisible();
  }

  await alice.page.goto(`/standings?contestId=${id}`);
  await expect(alice.page.getByRole("group", { name: "Total Wins" })).toContainText("2");
  await expect(alice.page.getByText("Otto Other owes Wanda Week $10.")).toBeVisible();
  await bob.page.goto(`/standings?contestId=${id}`);
  await expect(bob.page.getByRole("group", { name: "Total Wins" })).toContainText("1");

  // Player Management shows each one's record: graded picks won and lost.
  await admin.goto("/admin/players");
  for (const [player, record] of [
    [alice, "2-0"],
    [bob, "1-1"],
  ] as const) {
    await admin.getByLabel("Search players").fill(player.email);
    await admin.getByRole("button", { name: `Actions for ${player.name}` }).click();
    await admin.getByRole("menuitem", { name: "Manage Player" }).click();
    const dialog = admin.getByRole("dialog", { name: "Manage Player" });
    await expect(dialog.getByRole("definition").filter({ hasText: /^\d+-\d+$/ })).toHaveText(record);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  }

  await alice.close();
  await bob.close();
});
