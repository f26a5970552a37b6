import type { Browser, Page } from "@playwright/test";
import { expect, registerByApi, test, twoPlayerContest, uniqueEmail } from "./fixtures";

// Two players in browsers of their own play a week: more than the default 30 seconds.
test.describe.configure({ timeout: 120_000 });

interface Game {
  id: string;
  homeTeam: string;
  awayTeam: string;
  status: string;
  gameDate: string;
}

/** An admin opens contest creation; A challenges B ($10 a week, 2 picks); B accepts. */
async function activeContest(
  adminPage: Page,
  browser: Browser,
  names: { a: [string, string]; b: [string, string] },
) {
  const { id, name, player1, player2 } = await twoPlayerContest(adminPage, browser, {
    name: "Standings",
    players: [names.a, names.b],
  });
  return { a: player1, b: player2, contestId: id, contestName: name };
}

async function weekOneGames(page: Page): Promise<Game[]> {
  const response = await page.request.get("/api/games/week/1/season/2025");
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as Game[];
}

const game = (games: Game[], away: string, home: string) => {
  const found = games.find((candidate) => candidate.awayTeam === away && candidate.homeTeam === home);
  if (!found) throw new Error(`No ${away} @ ${home} in week 1`);
  return found;
};

async function submitPicks(
  page: Page,
  contestId: string,
  picks: { gameId: string; market: "spread" | "total"; side: string }[],
) {
  const response = await page.request.post("/api/picks/batch", {
    data: { contestId, week: 1, round: 1, picks },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function finalScore(adminPage: Page, gameId: string, homeScore: number, awayScore: number) {
  const saved = await adminPage.request.patch(`/api/games/${gameId}`, {
    data: { homeScore, awayScore, status: "final", confirmFinalBeforeKickoff: true },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const scored = await adminPage.request.post(`/api/games/${gameId}/score`);
  expect(scored.ok(), await scored.text()).toBeTruthy();
}

const stat = (page: Page, title: string) => page.getByRole("group", { name: title });
const region = (page: Page, title: string) => page.getByRole("region", { name: title });
const weekRow = (page: Page, week: number) =>
  region(page, "Weekly Standings")
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: new RegExp(`^Week ${week}\\b`) }) });

test("standings show the real figures of graded picks, from each player's side", async ({
  adminPage,
  browser,
}) => {
  const { a, b, contestId, contestName } = await activeContest(adminPage, browser, {
    a: ["Alma", "Archer"],
    b: ["Boris", "Baker"],
  });
  // The last games of week 1 (Sunday and Monday night), which other tests leave alone:
  // BAL @ BUF (BAL favoured by 1.5, total 50.5) and MIN @ CHI (MIN favoured by 1.5, total 43.5).
  const games = await weekOneGames(a.page);
  const balBuf = game(games, "BAL", "BUF");
  const minChi = game(games, "MIN", "CHI");

  // Week 1: A (player 1) picks first, then B.
  await submitPicks(a.page, contestId, [
    { gameId: balBuf.id, market: "spread", side: "favorite" },
    { gameId: minChi.id, market: "spread", side: "favorite" },
  ]);
  await submitPicks(b.page, contestId, [
    { gameId: balBuf.id, market: "total", side: "over" },
    { gameId: minChi.id, market: "spread", side: "underdog" },
  ]);

  // Before any score: the week is in progress and nothing is won yet.
  await a.page.goto("/standings");
  await expect(a.page.getByRole("heading", { name: "Standings", level: 1 })).toBeVisible();
  await expect(a.page.getByRole("combobox", { name: "Contest" })).toHaveText(contestName);
  await expect(stat(a.page, "Total Wins")).toContainText("0");
  await expect(stat(a.page, "Win Rate")).toContainText("—");
  await expect(stat(a.page, "Best Week")).toContainText("—");
  await expect(stat(a.page, "Weeks Played")).toContainText("0");
  await expect(weekRow(a.page, 1)).toContainText("In Progress");
  await expect(weekRow(a.page, 1)).toContainText("Current");
  // Nothing graded yet: a note rather than empty axes.
  await expect(region(a.page, "Week by Week")).toContainText("The charts fill in as picks are graded.");
  await expect(region(a.page, "Week by Week").locator("svg.recharts-surface")).toHaveCount(0);

  // The favourites win by plenty and both totals go over: A 2 of 2, B 1 of 2; A takes the $10 pot.
  await finalScore(adminPage, balBuf.id, 3, 60);
  await finalScore(adminPage, minChi.id, 3, 60);

  await a.page.goto(`/standings?contestId=${contestId}`);
  await expect(stat(a.page, "Total Wins")).toContainText("2");
  await expect(stat(a.page, "Win Rate")).toContainText("100%");
  await expect(stat(a.page, "Best Week")).toContainText("Week 1 (2 wins)");
  await expect(stat(a.page, "Weeks Played")).toContainText("1");
  const aWeek = weekRow(a.page, 1);
  await expect(aWeek).toContainText("Won");
  await expect(aWeek).toContainText("Current");
  await expect(aWeek).toContainText("$10");
  await expect(aWeek.getByRole("cell").nth(2)).toHaveText("2");
  await expect(aWeek.getByRole("cell").nth(3)).toHaveText("1");

  const leaders = region(a.page, "Contest Leaders");
  await expect(leaders.getByRole("listitem")).toHaveCount(2);
  await expect(leaders.getByRole("listitem").first()).toContainText(a.name);
  await expect(leaders.getByRole("listitem").first()).toContainText("(You)");
  await expect(leaders.getByRole("listitem").first()).toContainText("+$10");
  await expect(leaders.getByRole("listitem").nth(1)).toContainText(b.name);
  await expect(leaders.getByRole("listitem").nth(1)).toContainText("-$10");
  await expect(leaders).toContainText(`${b.name} owes ${a.name} $10.`);

  const recent = region(a.page, "Recent Performance");
  await expect(recent.getByRole("listitem", { name: "Week 1" })).toContainText("Won");
  await expect(recent.getByRole("listitem", { name: "Week 1" })).toContainText("+$10");

  // The chart (loaded with this screen): both balances and both players' correct picks by week,
  // and the same figures as a table for screen readers.
  const chart = region(a.page, "Week by Week");
  await expect(chart.locator('svg[aria-label="Running balance by week"]')).toBeVisible();
  await expect(chart.locator('svg[aria-label="Correct picks by week"]')).toBeVisible();
  await expect(chart.locator('svg[aria-label="Correct picks by week"] .recharts-bar-rectangle')).toHaveCount(
    2,
  );
  const chartTable = chart.getByRole("table", { name: "Week by week" });
  await expect(chartTable.getByRole("row", { name: /Week 1/ })).toHaveText(/Week 1\s*21\+\$10-\$10/);
  await expect(chart).toContainText("Balance: You +$10, Boris -$10.");

  // B sees the same contest from the other side.
  await b.page.goto(`/standings?contestId=${contestId}`);
  await expect(stat(b.page, "Total Wins")).toContainText("1");
  await expect(stat(b.page, "Win Rate")).toContainText("50%");
  await expect(stat(b.page, "Best Week")).toContainText("Week 1 (1 win)");
  await expect(stat(b.page, "Weeks Played")).toContainText("1");
  await expect(weekRow(b.page, 1)).toContainText("Lost");
  await expect(region(b.page, "Recent Performance")).toContainText("-$10");
  await expect(region(b.page, "Contest Leaders").getByRole("listitem").first()).toContainText(a.name);

  // An admin who does not play sees player 1's side, labelled.
  await adminPage.goto(`/standings?contestId=${contestId}`);
  await expect(adminPage.getByText(`showing Player 1's standings (${a.name})`)).toBeVisible();
  await expect(stat(adminPage, "Total Wins")).toContainText("2");
  await expect(region(adminPage, "Contest Leaders")).toContainText(`${b.name} owes ${a.name} $10.`);

  await a.close();
  await b.close();
});

test("a player without contests sees a friendly empty state; an unknown contest is said so", async ({
  page,
}) => {
  await registerByApi(page.request, { email: uniqueEmail("lonely"), firstName: "Lou", lastName: "Lonely" });
  await page.goto("/standings");
  await expect(page.getByRole("heading", { name: "Standings", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Standings Yet", level: 2 })).toBeVisible();
  await page.getByRole("link", { name: "View My Contests" }).click();
  await expect(page.getByRole("heading", { name: "My Contests", level: 1 })).toBeVisible();

  await page.goto("/standings?contestId=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("alert").filter({ hasText: "Contest Not Found" })).toBeVisible();
});

test("the admin changes a week's first picker; a saved week with picks is refused", async ({
  adminPage,
  browser,
}) => {
  const { a, b, contestId, contestName } = await activeContest(adminPage, browser, {
    a: ["Fern", "First"],
    b: ["Sid", "Second"],
  });

  await adminPage.goto("/admin/first-picker");
  await expect(adminPage.getByRole("heading", { name: "Manage First Pickers", level: 1 })).toBeVisible();
  await adminPage.getByRole("combobox", { name: "Contest" }).click();
  await adminPage.getByRole("option", { name: contestName }).click();
  await expect(adminPage.getByRole("heading", { name: "Weekly First Pickers", level: 2 })).toBeVisible();

  const week = (n: number) => adminPage.getByRole("group", { name: `Week ${n}`, exact: true });
  await expect(adminPage.getByRole("group", { name: /^Week \d+$/ })).toHaveCount(18);
  await expect(week(1)).toContainText(`Current: ${a.name}`);
  await expect(week(2)).toContainText(`Current: ${b.name}`);
  await expect(week(2).getByText("Manual Override")).toHaveCount(0);
  const save = week(2).getByRole("button", { name: "Save Week 2" });
  await expect(save).toBeDisabled();

  // Choosing the stored picker again keeps Save off; choosing the other turns it on.
  await week(2).getByRole("combobox", { name: "First picker for Week 2" }).click();
  await adminPage.getByRole("option", { name: `${a.name} (Player 1)` }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(adminPage.getByText("First Picker Updated", { exact: true })).toBeVisible();
  await expect(
    adminPage.getByText("The first picker assignment has been updated successfully.", { exact: true }),
  ).toBeVisible();
  await expect(week(2)).toContainText(`Current: ${a.name}`);
  await expect(week(2).getByText("Manual Override")).toBeVisible();
  await expect(save).toBeDisabled();

  // Kept after a reload.
  await adminPage.reload();
  await expect(week(2).getByText("Manual Override")).toBeVisible();
  await expect(week(2)).toContainText(`Current: ${a.name}`);

  // Once week 1 has picks its first picker cannot change: the server says why.
  const upcoming = (await weekOneGames(a.page)).filter(
    (candidate) =>
      candidate.status === "upcoming" &&
      new Date(candidate.gameDate) > new Date("2025-09-04T12:00:00Z") &&
      !["BUF", "CHI"].includes(candidate.homeTeam),
  );
  await submitPicks(a.page, contestId, [
    { gameId: upcoming[0]!.id, market: "total", side: "over" },
    { gameId: upcoming[1]!.id, market: "total", side: "under" },
  ]);
  await week(1).getByRole("combobox", { name: "First picker for Week 1" }).click();
  await adminPage.getByRole("option", { name: `${b.name} (Player 2)` }).click();
  await week(1).getByRole("button", { name: "Save Week 1" }).click();
  await expect(adminPage.getByText("Update Failed", { exact: true })).toBeVisible();
  await expect(
    adminPage.getByText("Picks have been made in week 1: its first picker can no longer change.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(week(1)).toContainText(`Current: ${a.name}`);
  await expect(week(1).getByText("Manual Override")).toHaveCount(0);

  await a.close();
  await b.close();
});

test("a player is told the first-picker page needs an admin, and nothing is fetched", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("first-picker-assignments")) asked.push(request.url());
  });
  await registerByApi(page.request, { email: uniqueEmail("nofp"), firstName: "Nat", lastName: "Player" });
  await page.goto("/admin/first-picker");
  await expect(page.getByRole("heading", { name: "Manage First Pickers", level: 1 })).toBeVisible();
  await expect(page.getByText("Admin access required")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Contest" })).toHaveCount(0);
  expect(asked).toEqual([]);
});
