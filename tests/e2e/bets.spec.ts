import type { Browser, Page } from "@playwright/test";
import { expect, test, twoPlayerContest } from "./fixtures";

/*
 * The server's clock is fixed in week 1 of 2025. Alice challenges Bob to a $10 contest; both play
 * in browsers of their own.
 */

test.describe.configure({ timeout: 120_000 });

/** Alice challenges Bob, who accepts. */
async function activeContest(adminPage: Page, browser: Browser) {
  const {
    player1: alice,
    player2: bob,
    ...contest
  } = await twoPlayerContest(adminPage, browser, {
    name: "Bets",
    players: [
      ["Alice", "Anders"],
      ["Bob", "Brown"],
    ],
  });
  return { ...contest, alice, bob };
}

/** Alice (week 1's first picker) makes her picks, so week 1 shows in the Weekly Results. */
async function firstPicks(page: Page, contestId: string) {
  const games = (await (await page.request.get("/api/games/week/1/season/2025")).json()) as {
    id: string;
    spread: string | null;
    overUnder: string | null;
  }[];
  const [a, b] = games.filter((game) => game.spread !== null && game.overUnder !== null);
  const picked = await page.request.post("/api/picks/batch", {
    data: {
      contestId,
      week: 1,
      round: 1,
      picks: [
        { gameId: a!.id, market: "spread", side: "favorite" },
        { gameId: b!.id, market: "total", side: "over" },
      ],
    },
  });
  expect(picked.status()).toBe(201);
}

const betSection = (page: Page) => page.getByRole("region", { name: "Weekly Bet" });
const overviewBet = (page: Page) =>
  page.locator("dl > div").filter({ has: page.locator("dt", { hasText: "Bet" }) });

test("a player proposes a bet change, the opponent approves it, and the week's pot follows", async ({
  adminPage,
  browser,
}) => {
  const { id, name, alice, bob, close } = await activeContest(adminPage, browser);
  await firstPicks(alice.page, id);

  const a = alice.page;
  await a.goto(`/contests/${id}`);
  await expect(a.getByText("Pot: $10 (In Progress)")).toBeVisible();
  await betSection(a).getByRole("button", { name: "Propose Weekly Change" }).click();
  const dialog = a.getByRole("dialog", { name: "Propose Bet Amount Change" });
  await expect(dialog).toContainText("Both players must agree");
  const week = dialog.getByLabel("Week");
  await expect(week).toHaveValue("1");
  await expect(week).toHaveAttribute("min", "1");
  await expect(week).toHaveAttribute("max", "18");
  // It starts from the amount in force: this contest's $10.
  const amount = dialog.getByLabel("New Amount ($)");
  await expect(amount).toHaveValue("10");
  await expect(amount).toHaveAttribute("step", "5");
  // Off the $5 steps: the form says so and sends nothing.
  await amount.fill("12");
  await dialog.getByRole("button", { name: "Send Proposal" }).click();
  await expect(dialog).toContainText("Bet amount must be 0 or greater, in steps of $5");
  await amount.fill("30");
  await dialog.getByRole("button", { name: "Send Proposal" }).click();
  await expect(a.getByText("Proposal Sent", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const waiting = betSection(a).getByRole("status", { name: "Pending bet change" });
  await expect(waiting).toContainText("Alice Anders proposed $30/week from week 1");
  await expect(waiting).toContainText("Waiting for Bob Brown to respond to your proposal.");
  await expect(waiting.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The admin sees it waiting on Betting Management.
  await adminPage.goto("/admin/betting");
  const pendingCard = adminPage.getByRole("region", { name: "Pending Bet Changes" });
  await expect(pendingCard).toContainText(name);
  await expect(pendingCard).toContainText("Alice Anders proposed $30/week from week 1");
  await expect(pendingCard).toContainText("Waiting for Bob Brown to respond.");

  // Bob approves it from his own browser.
  const b = bob.page;
  await b.goto(`/contests/${id}`);
  const banner = betSection(b).getByRole("status", { name: "Pending bet change" });
  await expect(banner).toContainText("Alice Anders proposed $30/week from week 1");
  await banner.getByRole("button", { name: "Approve" }).click();
  await expect(b.getByText("Bet Change Approved", { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(overviewBet(b)).toContainText("$30/week");
  await expect(b.getByText("Pot: $30 (In Progress)")).toBeVisible();

  // Alice sees the new pot and the history.
  await a.reload();
  await expect(a.getByText("Pot: $30 (In Progress)")).toBeVisible();
  await expect(overviewBet(a)).toContainText("$30/week");
  await betSection(a)
    .getByRole("button", { name: /Bet history/ })
    .click();
  const history = betSection(a).getByRole("list", { name: "Bet history" });
  await expect(history).toContainText("$30/week from week 1");
  await expect(history).toContainText("Proposed by Alice Anders");
  await expect(history).toContainText("Approved");

  await close();
});

test("the admin's inline editor sets the bet and Free from the current week on", async ({
  adminPage,
  browser,
}) => {
  const { name, close } = await activeContest(adminPage, browser);
  await adminPage.goto("/admin/betting");
  await expect(adminPage.getByRole("heading", { name: "Betting Management", level: 1 })).toBeVisible();
  await expect(adminPage.getByText("Feature Coming Soon")).toHaveCount(0);
  await adminPage.getByLabel("Search betting contests").fill(name);
  const item = adminPage.getByRole("listitem", { name });
  await expect(item).toContainText("$10/week");
  // The admin does not play in it: proposing is for its players.
  await expect(item.getByRole("button", { name: "Propose Weekly Change" })).toHaveCount(0);

  await item.getByRole("button", { name: `Edit bet of ${name}` }).click();
  const editor = item.getByRole("form", { name: `Edit bet of ${name}` });
  const amount = editor.getByLabel("Amount per week");
  await expect(amount).toHaveValue("10");
  await expect(amount).toHaveAttribute("step", "5");
  await amount.fill("45");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(adminPage.getByText("Bet Updated", { exact: true })).toBeVisible();
  await expect(adminPage.getByText(`${name} is now $45/week from week 1 on.`, { exact: true })).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect(item).toContainText("$45/week");
  const row = adminPage
    .getByRole("table", { name: "Betting details" })
    .getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("$45/week");
  await expect(row).toContainText("Contest week 1 of 18");

  // Cancel leaves it as it was; Free makes it free.
  await item.getByRole("button", { name: `Edit bet of ${name}` }).click();
  await editor.getByLabel("Amount per week").fill("50");
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(item).toContainText("$45/week");
  await item.getByRole("button", { name: `Edit bet of ${name}` }).click();
  await editor.getByRole("switch", { name: "Free Contest" }).click();
  await expect(editor.getByLabel("Amount per week")).toBeDisabled();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(adminPage.getByText(`${name} is now Free from week 1 on.`, { exact: true })).toBeVisible();
  await expect(row).toContainText("Free");

  // The history records both settings as the admin's.
  await item.getByRole("button", { name: "History" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Betting History" });
  const history = dialog.getByRole("list", { name: "Bet history" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText("Free from week 1");
  await expect(history.getByRole("listitem").last()).toContainText("$45/week from week 1");
  await expect(history).toContainText("Set by Ada Admin");
  await expect(history).toContainText("Set by admin");

  await close();
});
