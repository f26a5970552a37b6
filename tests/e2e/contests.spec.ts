import type { Page } from "@playwright/test";
import { expect, newPlayer, test, uniqueEmail } from "./fixtures";

const PASSWORD = "letmein";

// Several players each sign up in a browser of their own: more than the default 30 seconds.
test.describe.configure({ timeout: 120_000 });

/** Non-admins may create contests only once an admin has set the contest creation password. */
async function openContestCreation(adminPage: Page) {
  const response = await adminPage.request.put("/api/system-config/contest_creation_password", {
    data: { value: PASSWORD },
  });
  expect(response.ok()).toBeTruthy();
}

/** Creates a contest through the API as the page's user and returns its id. */
async function createContestByApi(
  page: Page,
  body: { name: string; player2Email: string; defaultBetAmount?: number; maxPicksPerPlayer?: number },
) {
  const response = await page.request.post("/api/contests", {
    data: {
      description: "",
      defaultBetAmount: 25,
      currentWeek: 1,
      status: "pending",
      contestCreationPassword: PASSWORD,
      ...body,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

async function fillCreateDialog(
  page: Page,
  fields: { name: string; email: string; password?: string; bet?: string; maxPicks?: string },
) {
  const dialog = page.getByRole("dialog", { name: "Create New Contest" });
  await dialog.getByLabel("Contest Name").fill(fields.name);
  await dialog.getByLabel("Opponent's Email").fill(fields.email);
  if (fields.bet !== undefined) await dialog.getByLabel(/Default Bet Amount/).fill(fields.bet);
  if (fields.maxPicks !== undefined) await dialog.getByLabel("Max Picks Per Player").fill(fields.maxPicks);
  if (fields.password !== undefined)
    await dialog.getByLabel("Contest Creation Password").fill(fields.password);
  return dialog;
}

test("an invitation to someone without an account: they sign up, accept, and both see it active", async ({
  adminPage,
  browser,
}) => {
  await openContestCreation(adminPage);
  const alice = await newPlayer(browser, "Alice", "Anders");
  const bobEmail = uniqueEmail("bob");
  const contestName = `Showdown ${Date.now()}`;

  // Alice challenges Bob's e-mail through the dialog.
  await alice.page.goto("/contests");
  await expect(alice.page.getByRole("heading", { name: "My Contests", level: 1 })).toBeVisible();
  await alice.page.getByRole("button", { name: "Create Contest", exact: true }).click();
  const dialog = await fillCreateDialog(alice.page, {
    name: contestName,
    email: bobEmail,
    password: PASSWORD,
  });
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(
    alice.page.getByText("Your contest has been created successfully!", { exact: true }),
  ).toBeVisible();
  await expect(alice.page.getByRole("dialog", { name: "Create New Contest" })).toHaveCount(0);

  // She lands on the new contest, which waits for Bob.
  await expect(alice.page).toHaveURL(/\/contests\/[0-9a-f-]{36}$/);
  await expect(alice.page.getByRole("heading", { name: contestName, level: 1 })).toBeVisible();
  await expect(alice.page.getByRole("region", { name: "Invitation" })).toContainText(
    `Waiting for ${bobEmail} to accept`,
  );

  await alice.page.goto("/contests");
  await alice.page.getByRole("tab", { name: /Pending/ }).click();
  await expect(alice.page.getByRole("tab", { name: "Pending (1)" })).toBeVisible();
  const aliceCard = card(alice.page, contestName);
  await expect(aliceCard).toContainText(`Waiting for ${bobEmail} to accept`);
  await expect(aliceCard).toContainText("Alice Anders");
  // A pending contest has no record, money or deadline yet (docs/rules.md, "Screens"); it states its length.
  await expect(aliceCard).toContainText("Starts in NFL week 1 · 18 weeks");
  await expect(aliceCard).toContainText("$10/week");
  await expect(aliceCard).not.toContainText("Thu 4pm PT");
  await expect(aliceCard).not.toContainText("Running Total");
  await expect(aliceCard).not.toContainText("0-0");
  await expect(aliceCard.getByRole("button", { name: "Accept" })).toHaveCount(0);

  // Bob signs up later with that e-mail, on the sign-in page: the invitation waits for him.
  const bob = await newPlayer(browser, "Bob", "Brown", { email: bobEmail, throughSignUpPage: true });
  await bob.page.goto("/contests");
  await bob.page.getByRole("tab", { name: /Pending/ }).click();
  const bobCard = card(bob.page, contestName);
  await expect(bobCard.getByRole("button", { name: "Accept" })).toBeVisible();
  await expect(bobCard.getByRole("button", { name: "Decline" })).toBeVisible();
  await expect(bobCard).toContainText("Alice Anders");

  // Alice now sees Bob by name.
  await alice.page.reload();
  await alice.page.getByRole("tab", { name: /Pending/ }).click();
  await expect(card(alice.page, contestName)).toContainText("Waiting for Bob Brown to accept");

  await bobCard.getByRole("button", { name: "Accept" }).click();
  await expect(bob.page.getByText("Contest Accepted!", { exact: true })).toBeVisible();
  await expect(bob.page.getByText("You've successfully joined the contest.", { exact: true })).toBeVisible();
  await expect(bob.page.getByRole("tab", { name: "Pending (0)" })).toBeVisible();
  await expect(bob.page.getByRole("heading", { name: "No Pending Contests" })).toBeVisible();
  await bob.page.getByRole("tab", { name: /Active/ }).click();
  await expect(card(bob.page, contestName)).toContainText("Active");

  for (const page of [alice.page, bob.page]) {
    await page.goto("/contests");
    await expect(page.getByRole("tab", { name: "Active (1)" })).toBeVisible();
    const activeCard = card(page, contestName);
    await expect(activeCard.getByRole("link", { name: "View Details" })).toBeVisible();
    await expect(activeCard.getByRole("link", { name: "Make Picks" })).toHaveAttribute(
      "href",
      /\/picks\?contestId=[0-9a-f-]{36}&week=1$/,
    );
    await expect(activeCard).toContainText("Alice Anders");
    await expect(activeCard).toContainText("Bob Brown");
  }

  // Both dashboards count and list it.
  await alice.page.goto("/");
  const summary = alice.page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("Active Contests1");
  await expect(summary).toContainText("Current Week1");
  await expect(card(alice.page, contestName)).toBeVisible();

  await alice.close();
  await bob.close();
});

test("the invited player can reject; the creator cannot answer their own invitation", async ({
  adminPage,
  browser,
}) => {
  await openContestCreation(adminPage);
  const carol = await newPlayer(browser, "Carol", "Cruz");
  const dave = await newPlayer(browser, "Dave", "Diaz");
  const contestName = `Maybe Not ${Date.now()}`;
  await createContestByApi(carol.page, { name: contestName, player2Email: dave.email.toUpperCase() });

  // The creator waits; only the invited player may answer.
  await carol.page.goto("/contests");
  await carol.page.getByRole("tab", { name: /Pending/ }).click();
  const carolCard = card(carol.page, contestName);
  await expect(carolCard).toContainText("Waiting for Dave Diaz to accept");
  await expect(carolCard.getByRole("button", { name: "Decline" })).toHaveCount(0);

  // Dave's e-mail was given in upper case: he is matched all the same.
  await dave.page.goto("/contests");
  await dave.page.getByRole("tab", { name: /Pending/ }).click();
  await card(dave.page, contestName).getByRole("button", { name: "Decline" }).click();
  await expect(dave.page.getByText("Contest Rejected", { exact: true })).toBeVisible();
  await expect(dave.page.getByText("You've declined the contest invitation.", { exact: true })).toBeVisible();
  await expect(card(dave.page, contestName)).toHaveCount(0);
  await expect(dave.page.getByRole("tab", { name: "Pending (0)" })).toBeVisible();

  // A rejected contest is in none of the creator's tabs.
  await carol.page.reload();
  await expect(carol.page.getByRole("tab", { name: "Pending (0)" })).toBeVisible();
  await expect(carol.page.getByRole("tab", { name: "Active (0)" })).toBeVisible();
  await carol.close();
  await dave.close();
});

test("the dialog validates, the Free switch hides the bet, the password is required", async ({
  adminPage,
  browser,
}) => {
  await openContestCreation(adminPage);
  const erin = await newPlayer(browser, "Erin", "Evans");
  const page = erin.page;
  await page.goto("/contests");
  // No contests yet: the empty state offers to create one.
  await expect(page.getByRole("heading", { name: "No Active Contests" })).toBeVisible();
  await page.getByRole("button", { name: "Create Your First Contest" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Contest" });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText("Create a head-to-head football pool contest with another player."),
  ).toBeVisible();

  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(dialog.getByText("Contest name must be at least 3 characters")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(dialog.getByText("Contest creation password is required")).toBeVisible();

  // A first contest's bet starts at $10.
  const bet = dialog.getByLabel(/Default Bet Amount/);
  await expect(bet).toHaveValue("10");
  await expect(bet).toHaveAttribute("min", "1");
  await expect(bet).toHaveAttribute("step", "1");
  await bet.fill("-5");
  await dialog.getByLabel("Max Picks Per Player").fill("0");
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(dialog.getByText("Bet amount must be 0 or greater")).toBeVisible();
  await expect(dialog.getByText("Max picks must be at least 1")).toBeVisible();

  // Free on: no bet input; off again: back to 10.
  const free = dialog.getByRole("switch", { name: "Free Contest" });
  await free.click();
  await expect(free).toBeChecked();
  await expect(dialog.getByLabel(/Default Bet Amount/)).toHaveCount(0);
  await free.click();
  await expect(dialog.getByLabel(/Default Bet Amount/)).toHaveValue("10");

  // Custom rounds: on, the rounds editor stands in for Max Picks; off again, Max Picks is back.
  const rounds = dialog.getByRole("switch", { name: "Custom Rounds" });
  await expect(rounds).not.toBeChecked();
  await rounds.click();
  await expect(dialog.getByLabel("Max Picks Per Player")).toHaveCount(0);
  await expect(dialog.getByRole("listitem", { name: "Round 1" })).toBeVisible();
  await rounds.click();
  await expect(dialog.getByRole("listitem", { name: "Round 1" })).toHaveCount(0);
  await expect(dialog.getByLabel("Max Picks Per Player")).toBeVisible();

  // A wrong password: the server's message in an error toast, the dialog stays open.
  await fillCreateDialog(page, {
    name: "Wrong Door",
    email: uniqueEmail("opponent"),
    password: "not it",
    maxPicks: "3",
  });
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(page.getByText("The contest creation password is incorrect.", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();

  // Challenging yourself is refused too, at the e-mail field.
  await fillCreateDialog(page, { name: "Mirror Match", email: erin.email, password: PASSWORD });
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(dialog.getByText("You cannot challenge yourself.", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Opponent's Email")).toHaveAttribute("aria-invalid", "true");

  // A free contest with the right password.
  await fillCreateDialog(page, { name: "Just for Fun", email: uniqueEmail("friend"), password: PASSWORD });
  await free.click();
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(page.getByText("Contest Created", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Just for Fun", level: 1 })).toBeVisible();
  await page.goto("/contests");
  await page.getByRole("tab", { name: /Pending/ }).click();
  const freeCard = card(page, "Just for Fun");
  await expect(freeCard).toContainText("Free");
  await expect(freeCard).not.toContainText("Running Total");

  // Reopened, the form starts afresh.
  await page.getByRole("button", { name: "Create Contest", exact: true }).click();
  await expect(page.getByRole("dialog").getByLabel("Contest Name")).toHaveValue("");
  await erin.close();
});

test("the admin creates contests without a password", async ({ adminPage: page }) => {
  await page.goto("/contests");
  await page.getByRole("button", { name: "Create Contest", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Contest" });
  await expect(dialog.getByLabel("Contest Name")).toBeVisible();
  await expect(dialog.getByLabel("Contest Creation Password")).toHaveCount(0);
  const name = `Admin Cup ${Date.now()}`;
  await fillCreateDialog(page, { name, email: uniqueEmail("rival"), bet: "40" });
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(page.getByText("Contest Created", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await page.goto("/contests");
  await page.getByRole("tab", { name: /Pending/ }).click();
  await expect(card(page, name)).toContainText("$40/week");
});

test("contest details for a participant; Contest Not Found for an outsider", async ({
  adminPage,
  browser,
}) => {
  await openContestCreation(adminPage);
  const frank = await newPlayer(browser, "Frank", "Foster");
  const gina = await newPlayer(browser, "Gina", "Gold");
  const outsider = await newPlayer(browser, "Olga", "Outsider");
  const contestName = `Details ${Date.now()}`;
  const id = await createContestByApi(frank.page, {
    name: contestName,
    player2Email: gina.email,
    defaultBetAmount: 10,
    maxPicksPerPlayer: 3,
  });
  expect((await gina.page.request.patch(`/api/contests/${id}`, { data: { status: "active" } })).ok()).toBe(
    true,
  );

  const page = gina.page;
  await page.goto("/contests");
  await card(page, contestName).getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${id}$`));
  await expect(page.getByRole("heading", { name: contestName, level: 1 })).toBeVisible();

  const overview = page.getByRole("region", { name: "Overview" });
  await expect(overview.getByText("ACTIVE", { exact: true })).toBeVisible();
  await expect(overview).toContainText("Contest week 1 of 18");
  await expect(overview).toContainText("$10/week");
  await expect(overview).toContainText("Player 1");
  await expect(overview).toContainText("Frank Foster");
  await expect(overview).toContainText("FF");
  await expect(overview).toContainText("Player 2");
  await expect(overview).toContainText("Gina Gold");

  const rules = page.getByRole("region", { name: "Contest Rules" });
  await expect(rules).toContainText("3 picks");
  await expect(rules).toContainText("18 weeks");
  await expect(rules).toContainText("Spread and Over/Under");
  await expect(rules).toContainText("most correct picks");

  const actions = page.getByRole("region", { name: "Quick Actions" });
  await expect(actions.getByRole("link", { name: "Make Picks" })).toHaveAttribute(
    "href",
    `/picks?contestId=${id}&week=1`,
  );
  await expect(actions.getByRole("link", { name: "View Standings" })).toHaveAttribute(
    "href",
    `/standings?contestId=${id}`,
  );
  await expect(page.getByRole("region", { name: "Weekly Results" })).toContainText(
    "No picks have been made yet.",
  );

  await page.getByRole("link", { name: "Back to My Contests" }).click();
  await expect(page.getByRole("heading", { name: "My Contests", level: 1 })).toBeVisible();

  await outsider.page.goto(`/contests/${id}`);
  await expect(outsider.page.getByRole("heading", { name: "Contest Not Found" })).toBeVisible();
  await expect(
    outsider.page.getByText("The contest you're looking for doesn't exist or you don't have access to it."),
  ).toBeVisible();
  await outsider.page.getByRole("link", { name: "Back to My Contests" }).click();
  await expect(outsider.page).toHaveURL(/\/contests$/);

  await frank.close();
  await gina.close();
  await outsider.close();
});

test("once a player has made all their picks, details say so and list them by week", async ({
  adminPage,
  browser,
}) => {
  await openContestCreation(adminPage);
  const ivan = await newPlayer(browser, "Ivan", "Ito");
  const june = await newPlayer(browser, "June", "Jones");
  const contestName = `Picks ${Date.now()}`;
  const id = await createContestByApi(ivan.page, { name: contestName, player2Email: june.email });
  expect((await june.page.request.patch(`/api/contests/${id}`, { data: { status: "active" } })).ok()).toBe(
    true,
  );

  // Week 1 of 2025, before the first kickoff: Ivan (player 1) picks first.
  const games = (await (await ivan.page.request.get("/api/games/week/1/season/2025")).json()) as {
    id: string;
    homeTeam: string;
    awayTeam: string;
  }[];
  const [first, second] = games;
  const submitted = await ivan.page.request.post("/api/picks/batch", {
    data: {
      contestId: id,
      week: 1,
      round: 1,
      picks: [
        { gameId: first!.id, market: "spread", side: "favorite" },
        { gameId: second!.id, market: "total", side: "over" },
      ],
    },
  });
  expect(submitted.status()).toBe(201);

  const page = ivan.page;
  await page.goto(`/contests/${id}`);
  const actions = page.getByRole("region", { name: "Quick Actions" });
  await expect(actions.getByRole("button", { name: "Picks Complete for Week 1" })).toBeDisabled();
  await expect(actions).toContainText("You have made all 2 picks for this week.");
  await expect(actions.getByRole("link", { name: "Make Picks" })).toHaveCount(0);

  const results = page.getByRole("region", { name: "Weekly Results" });
  const week = results.getByRole("button", { name: /^Week 1/ });
  await expect(week).toContainText("Pot: $25 (In Progress)");
  await expect(week).toContainText("Ivan Ito: 0");
  await week.click();
  await expect(results).toContainText(`${first!.awayTeam} @ ${first!.homeTeam}`);
  await expect(results).toContainText(`${second!.awayTeam} @ ${second!.homeTeam}`);
  await expect(results).toContainText("Total: Over");
  await expect(results.getByText("Pending", { exact: true })).toHaveCount(2);
  await expect(results).toContainText("No picks this week.");

  // June has not picked yet: her Make Picks button still leads to the picks page.
  await june.page.goto(`/contests/${id}`);
  await expect(
    june.page.getByRole("region", { name: "Quick Actions" }).getByRole("link", { name: "Make Picks" }),
  ).toBeVisible();
  await ivan.close();
  await june.close();
});

test("a new player's dashboard: stat cards, the empty list, and the quick actions", async ({ browser }) => {
  const hank = await newPlayer(browser, "Hank", "Hill");
  const page = hank.page;
  await page.goto("/");
  // A new account is welcomed, not welcomed back.
  await expect(page.getByText("Welcome, Hank!")).toBeVisible();
  const summary = page.getByRole("region", { name: "Summary" });
  for (const stat of ["Active Contests", "Total Contests", "Completed", "Current Week"]) {
    await expect(summary.getByText(stat, { exact: true })).toBeVisible();
  }
  await expect(summary).toContainText("Total Contests0");
  await expect(page.getByRole("heading", { name: "Your Active Contests" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Active Contests" })).toBeVisible();
  await expect(page.getByText("You don't have any active contests right now.")).toBeVisible();

  const main = page.getByRole("main");
  await main.getByRole("link", { name: /View All Contests/ }).click();
  await expect(page).toHaveURL(/\/contests$/);
  await page.goBack();
  await main.getByRole("link", { name: /View Standings/ }).click();
  await expect(page).toHaveURL(/\/standings$/);
  await page.goBack();
  await main.getByRole("link", { name: /Make Picks/ }).click();
  await expect(page).toHaveURL(/\/picks$/);
  await hank.close();
});
