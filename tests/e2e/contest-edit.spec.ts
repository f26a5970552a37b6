import type { Page } from "@playwright/test";
import { expect, newPlayer, startContest, test, uniqueEmail } from "./fixtures";

/*
 * Contest editing (admin), View Results, the head-to-head ledger and the line at pick time.
 * Games used only here: ARI @ NO (ARI -6, total 44.5) and HOU @ LA (LA -3.5, total 43.5).
 */
test.describe.configure({ timeout: 150_000 });

/** Letters only, unique per call: names must not collide between tests running side by side. */
let seq = 0;
function uniqueName(prefix: string) {
  seq += 1;
  const letters = `${Date.now()}${process.pid}${seq}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  return `${prefix}${letters}`;
}

const toastWith = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

async function openRowMenu(page: Page, name: string) {
  await page.goto("/admin/contests");
  await page.getByLabel("Search contests").fill(name);
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
}

test("an admin edits a contest in the Edit Contest dialog and sees it renamed", async ({
  adminPage: page,
}) => {
  const name = uniqueName("Edit Cup ");
  const created = await page.request.post("/api/contests", {
    data: {
      name,
      description: "",
      player2Email: uniqueEmail("edited"),
      defaultBetAmount: 25,
      maxPicksPerPlayer: 2,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await openRowMenu(page, name);
  await page.getByRole("menuitem", { name: "Edit Contest" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Contest" });
  await expect(dialog.getByLabel("Contest Name")).toHaveValue(name);
  await expect(dialog.getByLabel("Max Picks Per Player")).toHaveValue("2");
  await expect(dialog.getByLabel("Amount per week ($)")).toHaveValue("25");

  // The shared schema speaks before the server is asked.
  await dialog.getByLabel("Contest Name").fill("ab");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Contest name must be at least 3 characters")).toBeVisible();

  const renamed = uniqueName("Renamed Cup ");
  await dialog.getByLabel("Contest Name").fill(renamed);
  await dialog.getByLabel("Description").fill("Winner picks the bar");
  await dialog.getByLabel("Max Picks Per Player").fill("3");
  await dialog.getByLabel("Amount per week ($)").fill("30");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastWith(page, "Contest Updated")).toBeVisible();
  await expect(toastWith(page, "The contest has been updated successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const table = page.getByRole("table", { name: "Contests" });
  await page.getByLabel("Search contests").fill(renamed);
  const row = table.getByRole("row").filter({ hasText: renamed });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$30/week");

  // The Free switch hides the amount and makes the contest free.
  await page.getByRole("button", { name: `Actions for ${renamed}` }).click();
  await page.getByRole("menuitem", { name: "Edit Contest" }).click();
  await expect(dialog.getByLabel("Description")).toHaveValue("Winner picks the bar");
  await dialog.getByRole("switch", { name: "Free Contest" }).click();
  await expect(dialog.getByLabel("Amount per week ($)")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Free");

  const contest = (await (await page.request.get(`/api/contests/${id}`)).json()) as Record<string, unknown>;
  expect(contest).toMatchObject({
    name: renamed,
    description: "Winner picks the bar",
    maxPicksPerPlayer: 3,
    isFree: true,
    betAmount: 0,
  });

  // The contest's page shows the new name.
  await page.goto(`/contests/${id}`);
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
});

test("a played week: the ledger, the line at pick time, View Results and a refused edit", async ({
  adminPage,
  browser,
}) => {
  const alice = await newPlayer(browser, "Lena", "Ledger");
  const bob = await newPlayer(browser, "Otis", "Owing");
  const name = uniqueName("Ledger Cup ");
  const id = await startContest(alice, bob, name);

  const games = (await (await alice.page.request.get("/api/games/week/1/season/2025")).json()) as {
    id: string;
    awayTeam: string;
    homeTeam: string;
  }[];
  const find = (away: string, home: string) =>
    games.find((game) => game.awayTeam === away && game.homeTeam === home)!;
  const ariNo = find("ARI", "NO");
  const houLa = find("HOU", "LA");

  // Week 1 is odd: Lena (player 1) picks first, then Otis the other sides.
  const pick = async (page: Page, picks: { gameId: string; market: string; side: string }[]) => {
    const response = await page.request.post("/api/picks/batch", {
      data: { contestId: id, week: 1, round: 1, picks },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await pick(alice.page, [
    { gameId: ariNo.id, market: "spread", side: "favorite" },
    { gameId: houLa.id, market: "total", side: "over" },
  ]);
  await pick(bob.page, [
    { gameId: ariNo.id, market: "spread", side: "underdog" },
    { gameId: houLa.id, market: "total", side: "under" },
  ]);

  // The line moves after the picks: ARI from -6 to -7. Picks keep their line and show both.
  const moved = await adminPage.request.patch(`/api/games/${ariNo.id}`, { data: { spread: "7" } });
  expect(moved.ok(), await moved.text()).toBeTruthy();

  await alice.page.goto(`/picks?contestId=${id}`);
  await expect(alice.page.getByText("Picks Complete", { exact: true })).toBeVisible();
  const mine = alice.page.getByRole("list", { name: "Your Week 1 picks" });
  await expect(mine).toContainText("ARI · Picked at -6 · now -7");
  await expect(mine).toContainText("Over 43.5");

  await alice.page.goto(`/contests/${id}`);
  await alice.page.getByRole("button", { name: /^Week 1 Pot/ }).click();
  const results = alice.page.getByRole("region", { name: "Weekly Results" });
  await expect(results).toContainText("Spread: ARI · Picked at -6 · now -7");
  await expect(results).toContainText("Spread: NO · Picked at +6 · now +7");
  await expect(results).toContainText("Total: Over 43.5");
  const ledger = alice.page.getByRole("region", { name: "Ledger" });
  await expect(ledger).toContainText("All square");
  await expect(ledger).toContainText("No week is settled yet");

  // Final scores: ARI by 10 covers the -6 it was picked at; 50 points go over 43.5. Lena 2, Otis 0.
  for (const [game, homeScore, awayScore] of [
    [ariNo, 17, 27],
    [houLa, 30, 20],
  ] as const) {
    const saved = await adminPage.request.patch(`/api/games/${game.id}`, {
      data: { homeScore, awayScore, status: "final", confirmFinalBeforeKickoff: true },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
    expect((await adminPage.request.post(`/api/games/${game.id}/score`)).ok()).toBeTruthy();
  }

  // View Results takes the admin to the contest's weekly results, the ledger beside them.
  await openRowMenu(adminPage, name);
  await adminPage.getByRole("menuitem", { name: "View Results" }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/contests/${id}#weekly-results$`));
  const adminResults = adminPage.getByRole("region", { name: "Weekly Results" });
  await expect(adminResults).toBeInViewport();
  await expect(adminResults).toContainText("Lena Ledger Won");
  const adminLedger = adminPage.getByRole("region", { name: "Ledger" });
  await expect(adminLedger.getByTestId("ledger-summary")).toContainText("Otis Owing owes Lena Ledger $10");
  await expect(adminLedger).toContainText("Weeks won: Lena Ledger 1 · Otis Owing 0");
  const week1 = adminLedger.getByRole("row").filter({ hasText: "Week 1" });
  await expect(week1.getByRole("cell")).toHaveText(["Week 1", "$10", "Lena Ledger", "Lena Ledger +$10"]);

  // Both players read the same ledger.
  await bob.page.goto(`/contests/${id}`);
  await expect(bob.page.getByRole("region", { name: "Ledger" })).toContainText(
    "Otis Owing owes Lena Ledger $10",
  );

  // Picks per week cannot drop below what a player already holds this week: the server says why.
  await openRowMenu(adminPage, name);
  await adminPage.getByRole("menuitem", { name: "Edit Contest" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Edit Contest" });
  await expect(dialog).toContainText("Applies from week 1 on; weeks already played keep their pots.");
  await dialog.getByLabel("Max Picks Per Player").fill("1");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  const refusal = "Picks per player cannot go below 2 this week: Lena Ledger already made 2 picks in week 1.";
  // In the dialog, beside the field, and in a toast (hidden from the accessibility tree under the modal).
  await expect(dialog.getByRole("alert")).toHaveText(refusal);
  await expect(adminPage.getByText(refusal, { exact: true }).last()).toBeVisible();
  await expect(dialog).toBeVisible();

  await alice.close();
  await bob.close();
});
