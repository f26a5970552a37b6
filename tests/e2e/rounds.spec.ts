import type { Page } from "@playwright/test";
import { CREATION_PASSWORD, expect, newPlayer, test } from "./fixtures";
import { axeFindings } from "./view-checks";

/*
 * Custom rounds, as two players meet them. The server's clock is fixed at 2025-09-04T12:00Z: week 1
 * of 2025, before the first kickoff and the hand-over deadline. The creator is player 1, the first
 * picker of week 1: in each round she picks first.
 */

test.describe.configure({ timeout: 120_000 });

const round = (page: Page, n: number) =>
  page.getByRole("dialog").getByRole("listitem", { name: `Round ${n}` });
const side = (page: Page, matchup: string, label: string) =>
  page.getByRole("article", { name: matchup }).getByRole("button", { name: label });
const turnAlert = (page: Page) => page.getByRole("alert").filter({ hasText: "Round" });

async function submit(page: Page) {
  await page.getByRole("button", { name: "Submit Picks" }).click();
  await page
    .getByRole("alertdialog", { name: "Confirm Your Picks" })
    .getByRole("button", { name: "Confirm Submit" })
    .click();
  await expect(page.getByText("Picks Submitted", { exact: true })).toBeVisible();
}

test("a contest of custom rounds: made in the dialog, then played round by round", async ({
  adminPage,
  browser,
}) => {
  await adminPage.request.put("/api/system-config/contest_creation_password", {
    data: { value: CREATION_PASSWORD },
  });
  const alice = await newPlayer(browser, "Alice", "Anders");
  const bob = await newPlayer(browser, "Bob", "Brown");
  const a = alice.page;
  const name = `Round Robin ${Date.now()}`;

  // The rounds editor: the first round 2 and 2, added rounds 1 and 1, the last one kept.
  await a.goto("/contests");
  await a.getByRole("button", { name: "Create Your First Contest" }).click();
  const dialog = a.getByRole("dialog", { name: "Create New Contest" });
  await dialog.getByLabel("Contest Name").fill(name);
  await dialog.getByLabel("Opponent's Email").fill(bob.email);
  await dialog.getByLabel("Contest Creation Password").fill(CREATION_PASSWORD);
  await dialog.getByRole("switch", { name: "Custom Rounds" }).click();
  await expect(round(a, 1).getByLabel("Round 1: You picks")).toHaveValue("2");
  await expect(round(a, 1).getByLabel("Round 1: Opponent picks")).toHaveValue("2");
  await expect(dialog.getByRole("button", { name: "Remove round 1" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Add Round" }).click();
  await dialog.getByRole("button", { name: "Add Round" }).click();
  await expect(round(a, 3).getByLabel("Round 3: Opponent picks")).toHaveValue("1");
  await expect(dialog).toContainText("Each week: you make 4 picks, your opponent 4 picks.");
  // Removing round 2 renumbers round 3.
  await dialog.getByRole("button", { name: "Remove round 2" }).click();
  await expect(round(a, 3)).toHaveCount(0);
  await expect(round(a, 2).getByLabel("Round 2: You picks")).toHaveValue("1");
  // Round 1 down to one pick each: two rounds of one pick.
  await round(a, 1).getByLabel("Round 1: You picks").fill("1");
  await round(a, 1).getByLabel("Round 1: Opponent picks").fill("1");
  await expect(dialog).toContainText("Each week: you make 2 picks, your opponent 2 picks.");
  // Nobody picks at all: refused at the field.
  await round(a, 1).getByLabel("Round 1: You picks").fill("0");
  await round(a, 2).getByLabel("Round 2: You picks").fill("0");
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(dialog.getByText("Each player must make at least one pick a week.")).toBeVisible();
  await round(a, 1).getByLabel("Round 1: You picks").fill("1");
  await round(a, 2).getByLabel("Round 2: You picks").fill("1");
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(a.getByText("Contest Created", { exact: true })).toBeVisible();
  await expect(a.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(a.getByText("2 rounds a week, 2 picks each, taking turns round by round")).toBeVisible();
  const id = a.url().split("/").pop()!;
  expect((await bob.page.request.patch(`/api/contests/${id}`, { data: { status: "active" } })).ok()).toBe(
    true,
  );

  // Round 1: Alice picks first, one pick; Bob waits for her round 1 pick.
  const b = bob.page;
  await b.goto(`/picks?contestId=${id}`);
  await expect(b.getByText("Round 1 of 2", { exact: true })).toBeVisible();
  await expect(turnAlert(b)).toContainText(
    "Round 1 of 2: wait for Alice Anders to make their round 1 pick, then it is your turn.",
  );
  await a.goto(`/picks?contestId=${id}`);
  await expect(a.getByText("Round 1 of 2", { exact: true })).toBeVisible();
  await expect(turnAlert(a)).toContainText("Round 1 of 2: select 1 more game for this round.");
  await side(a, "DAL @ PHI", "PHI -8.5").click();
  // One pick fills the round: the other games wait.
  await expect(side(a, "KC @ LAC", "Over 47.5")).toBeDisabled();
  await submit(a);
  await expect(turnAlert(a)).toContainText(
    "Round 1 of 2: wait for Bob Brown to make their round 1 pick, then it is your turn.",
  );

  // Bob's round 1, then Alice's round 2.
  await b.reload();
  await expect(turnAlert(b)).toContainText("Round 1 of 2: select 1 more game for this round.");
  await side(b, "DAL @ PHI", "DAL +8.5").click();
  await submit(b);
  await a.reload();
  await expect(a.getByText("Round 2 of 2", { exact: true })).toBeVisible();
  await expect(turnAlert(a)).toContainText("Round 2 of 2: select 1 more game for this round.");
  await side(a, "KC @ LAC", "Over 47.5").click();
  await submit(a);
  await expect(a.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();

  await alice.close();
  await bob.close();
});

// Screenshots of the rounds editor and of Make Picks in a week of rounds, when asked for
// (SCREENSHOTS=.tmp/rounds): desktop and 390 px wide, light and dark.
test("the rounds editor and a week of rounds pass axe in both themes", async ({ adminPage, browser }) => {
  await adminPage.request.put("/api/system-config/contest_creation_password", {
    data: { value: CREATION_PASSWORD },
  });
  const folder = process.env.SCREENSHOTS;
  const alice = await newPlayer(browser, "Alice", "Axe");
  const bob = await newPlayer(browser, "Bob", "Braille");
  const created = await alice.page.request.post("/api/contests", {
    data: {
      name: `Rounds Axe ${Date.now()}`,
      player2Email: bob.email,
      defaultBetAmount: 10,
      contestCreationPassword: CREATION_PASSWORD,
      rounds: [
        { roundNumber: 1, player1Picks: 1, player2Picks: 1 },
        { roundNumber: 2, player1Picks: 1, player2Picks: 1 },
        { roundNumber: 3, player1Picks: 1, player2Picks: 1 },
      ],
    },
  });
  const { id } = (await created.json()) as { id: string };
  await bob.page.request.patch(`/api/contests/${id}`, { data: { status: "active" } });
  const a = alice.page;
  await a.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of ["light", "dark"] as const) {
    await a.goto("/api/health");
    await a.evaluate((value) => localStorage.setItem("football-pool-theme", value), theme);
    for (const width of folder ? [1280, 390] : [1280]) {
      await a.setViewportSize({ width, height: 900 });
      await a.goto("/contests");
      await a.getByRole("button", { name: "Create Contest", exact: true }).click();
      const dialog = a.getByRole("dialog", { name: "Create New Contest" });
      await dialog.getByRole("switch", { name: "Custom Rounds" }).click();
      await dialog.getByRole("button", { name: "Add Round" }).click();
      await expect(round(a, 2)).toBeVisible();
      if (width === 1280) expect.soft(await axeFindings(a), `rounds editor (${theme})`).toEqual([]);
      if (folder) {
        await round(a, 2).scrollIntoViewIfNeeded();
        await a.screenshot({ path: `${folder}/rounds-editor-${theme}-${width}.png` });
      }
      await a.keyboard.press("Escape");

      await a.goto(`/picks?contestId=${id}`);
      await expect(a.getByText("Round 1 of 3", { exact: true })).toBeVisible();
      await expect(a.locator('[data-slot="skeleton"]')).toHaveCount(0);
      if (width === 1280) expect.soft(await axeFindings(a), `make picks in rounds (${theme})`).toEqual([]);
      if (folder) await a.screenshot({ path: `${folder}/rounds-picks-${theme}-${width}.png` });
    }
  }
  await alice.close();
  await bob.close();
});

test("an admin changes a contest's rounds in Edit Contest", async ({ adminPage: page }) => {
  const name = `Rounds Edit ${Date.now()}`;
  const created = await page.request.post("/api/contests", {
    data: {
      name,
      description: "",
      player2Email: `rounds-edit-${Date.now()}@example.com`,
      defaultBetAmount: 25,
      rounds: [{ roundNumber: 1, player1Picks: 2, player2Picks: 2 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto("/admin/contests");
  await page.getByLabel("Search contests").fill(name);
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Edit Contest" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Contest" });
  // Custom rounds on: the editor, with the players named by their place, stands in for Max Picks.
  await expect(dialog.getByRole("switch", { name: "Custom Rounds" })).toBeChecked();
  await expect(dialog.getByLabel("Max Picks Per Player")).toHaveCount(0);
  await expect(round(page, 1).getByLabel("Round 1: Player 1 picks")).toHaveValue("2");
  await dialog.getByRole("button", { name: "Add Round" }).click();
  await expect(dialog).toContainText("Each week: Player 1 makes 3 picks, Player 2 3 picks.");
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/rounds-edit-dialog.png` });
  }
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Contest Updated", { exact: true })).toBeVisible();
  const saved = (await (await page.request.get(`/api/contests/${id}`)).json()) as { rounds: unknown };
  expect(saved.rounds).toEqual([
    { roundNumber: 1, player1Picks: 2, player2Picks: 2 },
    { roundNumber: 2, player1Picks: 1, player2Picks: 1 },
  ]);
});
