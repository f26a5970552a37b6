import type { Browser, Page } from "@playwright/test";
import { expect, registerByApi, test, twoPlayerContest, uniqueEmail } from "./fixtures";

/*
 * The server's clock is fixed at 2025-09-04T12:00Z: week 1 of 2025, before the first kickoff
 * (DAL @ PHI, PHI -8.5, total 47.5, at 00:20Z on the 5th) and before the hand-over deadline
 * (Thursday 4:00 PM Pacific, 23:00Z). The contest's creator is player 1: the first picker in week 1.
 */

// Two players sign up in browsers of their own and play a week: more than the default 30 seconds.
test.describe.configure({ timeout: 120_000 });

/** An admin opens contest creation; Alice challenges Bob; Bob accepts. */
async function activeContest(adminPage: Page, browser: Browser) {
  const {
    player1: alice,
    player2: bob,
    ...contest
  } = await twoPlayerContest(adminPage, browser, {
    name: "Rivalry",
    players: [
      ["Alice", "Anders"],
      ["Bob", "Brown"],
    ],
    // Kickoffs and weekdays as a player on the East Coast sees them.
    timezoneId: "America/New_York",
  });
  return { ...contest, alice, bob };
}

const card = (page: Page, matchup: string) => page.getByRole("article", { name: matchup });
const side = (page: Page, matchup: string, label: string) =>
  card(page, matchup).getByRole("button", { name: label });
const stat = (page: Page, label: string) =>
  page.locator("dl > div").filter({ has: page.locator("dt", { hasText: label }) });
const submitButton = (page: Page) => page.getByRole("button", { name: "Submit Picks" });

test("two players make their week 1 picks in turn", async ({ adminPage, browser }) => {
  const { id, name, alice, bob, close } = await activeContest(adminPage, browser);
  const url = `/picks?contestId=${id}`;

  // Bob picks second: he waits for Alice, his buttons are off.
  await bob.page.goto(url);
  await expect(bob.page.getByRole("heading", { name: `Week 1 Picks - ${name}`, level: 1 })).toBeVisible();
  await expect(bob.page.getByText("Bob Brown vs Alice Anders")).toBeVisible();
  await expect(bob.page.getByText("Second Picker", { exact: true })).toBeVisible();
  await expect(bob.page.getByRole("alert").filter({ hasText: "Wait for" })).toContainText(
    "Wait for Alice Anders to make their picks first, then you can select 2 games.",
  );
  await expect(side(bob.page, "DAL @ PHI", "PHI -8.5")).toBeDisabled();
  await expect(side(bob.page, "DAL @ PHI", "PHI -8.5")).toHaveAttribute(
    "title",
    "Wait for Alice Anders to make their picks first",
  );
  await expect(side(bob.page, "DAL @ PHI", "Over 47.5")).toBeDisabled();
  await expect(submitButton(bob.page)).toBeDisabled();

  // Alice picks first.
  const a = alice.page;
  await a.goto(url);
  await expect(a.getByText("First Picker", { exact: true })).toBeVisible();
  await expect(a.getByRole("alert").filter({ hasText: "pick first" })).toContainText(
    "You pick first this week! Select 2 more games to complete your picks.",
  );
  // Due by the hand-over (Thursday 4:00 PM Pacific), shown in her zone.
  await expect(stat(a, "Deadline")).toContainText("Thu 7:00 PM ET");
  await expect(stat(a, "Picks Remaining")).toContainText("2");
  await expect(stat(a, "Selected")).toContainText("0/2");
  await expect(stat(a, "Games Available")).toContainText("16");
  // The page's outline: the days in the league's order, then the proposals panel.
  const sections = a.getByRole("heading", { level: 2 });
  await expect(sections).toHaveText([
    "Thursday",
    "Friday",
    "Sunday",
    "Monday",
    "Additional Game Proposals - Week 1",
  ]);
  await expect(a.getByRole("region", { name: "Sunday" })).toContainText("13 games");
  await expect(a.getByRole("region", { name: "Thursday" })).toContainText("1 game");
  await expect(submitButton(a)).toBeDisabled();

  // A selected side deselects on a second click; the other side of the market replaces it.
  const phi = side(a, "DAL @ PHI", "PHI -8.5");
  const dal = side(a, "DAL @ PHI", "DAL +8.5");
  await phi.click();
  await expect(phi).toHaveAttribute("aria-pressed", "true");
  await expect(stat(a, "Selected")).toContainText("1/2");
  await phi.click();
  await expect(phi).toHaveAttribute("aria-pressed", "false");
  await expect(stat(a, "Selected")).toContainText("0/2");
  await phi.click();
  await dal.click();
  await expect(phi).toHaveAttribute("aria-pressed", "false");
  await expect(dal).toHaveAttribute("aria-pressed", "true");
  await expect(stat(a, "Selected")).toContainText("1/2");
  await phi.click();
  await expect(submitButton(a)).toBeDisabled();

  await side(a, "KC @ LAC", "Over 47.5").click();
  await expect(stat(a, "Selected")).toContainText("2/2");
  await expect(submitButton(a)).toBeEnabled();
  // Full: the other games wait until a pick is deselected.
  await expect(side(a, "TB @ ATL", "TB -1.5")).toBeDisabled();
  await expect(side(a, "TB @ ATL", "TB -1.5")).toHaveAttribute("title", /deselect one/);

  // The confirmation lists the picks; Cancel keeps them.
  await submitButton(a).click();
  let dialog = a.getByRole("alertdialog", { name: "Confirm Your Picks" });
  await expect(dialog).toContainText(
    "Are you sure you want to submit your picks for Week 1? This action cannot be undone.",
  );
  await expect(dialog).toContainText("DAL @ PHI - Spread: PHI");
  await expect(dialog).toContainText("KC @ LAC - Total: Over 47.5");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(stat(a, "Selected")).toContainText("2/2");

  await submitButton(a).click();
  dialog = a.getByRole("alertdialog", { name: "Confirm Your Picks" });
  await dialog.getByRole("button", { name: "Confirm Submit" }).click();
  await expect(a.getByText("Picks Submitted", { exact: true })).toBeVisible();
  await expect(a.getByText("Successfully submitted 2 picks!", { exact: true })).toBeVisible();
  await expect(a.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();
  await expect(a.getByText("You have already made all 2 picks for Week 1.")).toBeVisible();
  await expect(a.getByRole("link", { name: "Back to Contest Details" })).toHaveAttribute(
    "href",
    `/contests/${id}`,
  );

  // Bob's turn: his picks are due by the week's first kickoff now, on his card and on Make Picks.
  const b = bob.page;
  await b.goto("/contests");
  await expect(b.getByRole("article", { name })).toContainText("Thu 8:20pm ET");
  // Alice's sides are closed and marked, the opposite sides open.
  await b.goto(url);
  await expect(stat(b, "Deadline")).toContainText("Thu 8:20 PM ET");
  await expect(b.getByRole("alert").filter({ hasText: "more games" })).toContainText(
    "Select 2 more games to complete your picks.",
  );
  const taken = side(b, "DAL @ PHI", "PHI -8.5");
  await expect(taken).toBeDisabled();
  await expect(taken).toContainText("Opp");
  await expect(taken).toHaveAttribute("title", "Alice Anders already took this side");
  await expect(side(b, "KC @ LAC", "Over 47.5")).toBeDisabled();
  await expect(side(b, "KC @ LAC", "Over 47.5")).toContainText("Opp");
  await expect(card(b, "DAL @ PHI")).toContainText("Alice Anders picked");
  await expect(card(b, "DAL @ PHI")).toContainText("PHI -8.5");
  await expect(card(b, "KC @ LAC")).toContainText("Alice Anders picked");

  await side(b, "DAL @ PHI", "DAL +8.5").click();
  await side(b, "TB @ ATL", "TB -1.5").click();
  await expect(stat(b, "Selected")).toContainText("2/2");
  await submitButton(b).click();
  dialog = b.getByRole("alertdialog", { name: "Confirm Your Picks" });
  await expect(dialog).toContainText("DAL @ PHI - Spread: Underdog");
  await expect(dialog).toContainText("TB @ ATL - Spread: TB");
  await dialog.getByRole("button", { name: "Confirm Submit" }).click();
  await expect(b.getByText("Successfully submitted 2 picks!", { exact: true })).toBeVisible();
  await expect(b.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();
  await expect(b.getByText("DAL +8.5", { exact: true })).toBeVisible();
  await b.goto("/contests");
  await expect(b.getByRole("article", { name })).toContainText("All week 1 picks are in");

  await close();
});

test("a refused submission shows the server's reason and the page catches up", async ({
  adminPage,
  browser,
}) => {
  const { id, alice, close } = await activeContest(adminPage, browser);
  const a = alice.page;
  // A page that missed the live update (its event stream cut): the server still has the last word.
  await a.route("**/api/events", (route) => route.abort());
  await a.goto(`/picks?contestId=${id}`);
  await side(a, "DAL @ PHI", "PHI -8.5").click();
  await side(a, "KC @ LAC", "Under 47.5").click();
  await submitButton(a).click();

  // Meanwhile the same player submits from another tab.
  const games = (await (await a.request.get("/api/games/week/1/season/2025")).json()) as {
    id: string;
    homeTeam: string;
  }[];
  const atl = games.find((game) => game.homeTeam === "ATL")!;
  const nyj = games.find((game) => game.homeTeam === "NYJ")!;
  const elsewhere = await a.request.post("/api/picks/batch", {
    data: {
      contestId: id,
      week: 1,
      round: 1,
      picks: [
        { gameId: atl.id, market: "spread", side: "favorite" },
        { gameId: nyj.id, market: "total", side: "under" },
      ],
    },
  });
  expect(elsewhere.status()).toBe(201);

  await a
    .getByRole("alertdialog", { name: "Confirm Your Picks" })
    .getByRole("button", { name: "Confirm Submit" })
    .click();
  await expect(a.getByText("Error", { exact: true })).toBeVisible();
  await expect(
    a.getByText("You may make 2 picks in week 1; you have 0 left.", { exact: true }),
  ).toBeVisible();
  await expect(a.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();
  await close();
});

test("another week than the open one is read-only", async ({ adminPage, browser }) => {
  const { id, alice, close } = await activeContest(adminPage, browser);
  await alice.page.goto(`/picks?contestId=${id}&week=2`);
  await expect(alice.page.getByRole("heading", { name: /^Week 2 Picks - /, level: 1 })).toBeVisible();
  await expect(alice.page.getByText("Picks are open for week 1 only.")).toBeVisible();
  await expect(alice.page.getByRole("button", { name: /Over/ }).first()).toBeDisabled();
  await alice.page.getByRole("link", { name: "Go to Week 1" }).click();
  await expect(alice.page.getByRole("heading", { name: /^Week 1 Picks - /, level: 1 })).toBeVisible();
  await close();
});

test("a new player without a contest sees No Active Contest", async ({ page }) => {
  await registerByApi(page.request, { email: uniqueEmail(), firstName: "Nora", lastName: "New" });
  await page.goto("/picks");
  await expect(page.getByRole("heading", { name: "No Active Contest", level: 1 })).toBeVisible();
  await expect(page.getByText("You need to have an active contest to make picks.")).toBeVisible();
});

test("an unknown contest id shows Contest Not Found", async ({ page }) => {
  await registerByApi(page.request, { email: uniqueEmail(), firstName: "Uma", lastName: "Unknown" });
  await page.goto("/picks?contestId=no-such-contest");
  await expect(page.getByRole("heading", { name: "Contest Not Found", level: 1 })).toBeVisible();
  await expect(
    page.getByText("The contest with ID no-such-contest was not found or you don't have access to it."),
  ).toBeVisible();
});
