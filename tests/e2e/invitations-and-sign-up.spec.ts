import type { Page } from "@playwright/test";
import { CREATION_PASSWORD, expect, newPlayer, test, uniqueEmail } from "./fixtures";

// Two friends, one season: the invitation, and signing up (docs/rules.md, "Contests" and "Accounts").

// Several players each in a browser of their own: more than the default 30 seconds.
test.describe.configure({ timeout: 120_000 });

const PASSWORD_RULES = "At least 8 characters. Common passwords such as “password1” are refused.";
const TOO_COMMON = "This password is too common and easy to guess. Please choose another.";

async function openContestCreation(adminPage: Page) {
  const response = await adminPage.request.put("/api/system-config/contest_creation_password", {
    data: { value: CREATION_PASSWORD },
  });
  expect(response.ok()).toBeTruthy();
}

const invitations = (page: Page) => page.getByRole("region", { name: "Invitations" });
const top = async (page: Page, name: string) =>
  (await page.getByRole("heading", { name, exact: true }).boundingBox())!.y;

test("signing up: Get Started opens Create Account, the rules show first, a common password is refused, a newcomer is welcomed", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail("nina");

  await page.goto("/");
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect(page).toHaveURL(/\/signin\?tab=create$/);
  await expect(page.getByRole("tab", { name: "Create Account" })).toHaveAttribute("aria-selected", "true");
  // The password's rules are there before any mistake.
  await expect(page.getByText(PASSWORD_RULES, { exact: true })).toBeVisible();

  await page.getByLabel("First name").fill("Nina");
  await page.getByLabel("Last name").fill("Novak");
  await page.getByLabel("Email").fill(email);
  const password = page.getByLabel("Password");
  await password.fill("short");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password must be at least 8 characters", { exact: true })).toBeVisible();

  // One of the commonest passwords: the server refuses it, and says so at the field.
  await password.fill("Password1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(TOO_COMMON, { exact: true })).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page).toHaveURL(/\/signin\?tab=create$/);

  await password.fill("nina's own passphrase");
  await expect(page.getByText(TOO_COMMON, { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Welcome, Nina! Here's what's happening in your contests.")).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);

  // Still her first day (the app's clock is fixed here): welcome, not welcome back.
  await page.reload();
  await expect(page.getByText("Welcome, Nina! Here's what's happening in your contests.")).toBeVisible();

  // The Sign In link still opens Sign In; the chosen tab is kept in the address.
  await context.clearCookies();
  await page.goto("/api/login");
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/api\/login\?tab=create$/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Create Account" })).toHaveAttribute("aria-selected", "true");
  await context.close();
});

test("challenging yourself is refused at the e-mail field, and by the server", async ({
  adminPage,
  browser,
}) => {
  await openContestCreation(adminPage);
  const olga = await newPlayer(browser, "Olga", "Ortiz");
  const page = olga.page;
  await page.goto("/contests");
  await page.getByRole("button", { name: "Create Contest", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Contest" });
  await dialog.getByLabel("Contest Name").fill("Mirror Match");
  await dialog.getByLabel("Opponent's Email").fill(olga.email.toUpperCase());
  await dialog.getByLabel("Contest Creation Password").fill(CREATION_PASSWORD);
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(dialog.getByText("You cannot challenge yourself.", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Opponent's Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Contest Created", { exact: true })).toHaveCount(0);

  const refused = await page.request.post("/api/contests", {
    data: {
      name: "Mirror Match",
      player2Email: olga.email,
      defaultBetAmount: 10,
      contestCreationPassword: CREATION_PASSWORD,
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ message: "You cannot challenge yourself." });
  await olga.close();
});

test("an invitation comes first for the invited player, on the dashboard and in My Contests; the creator lands on the contest", async ({
  adminPage,
  browser,
}) => {
  await openContestCreation(adminPage);
  const alice = await newPlayer(browser, "Alice", "Archer");
  const bob = await newPlayer(browser, "Bob", "Bishop");
  const name = `Season Duel ${Date.now()}`;
  // Bob has a challenge of his own out, sent before Alice's.
  const ownName = `Bob's Own ${Date.now()}`;
  const own = await bob.page.request.post("/api/contests", {
    data: {
      name: ownName,
      player2Email: uniqueEmail("zed"),
      defaultBetAmount: 5,
      contestCreationPassword: CREATION_PASSWORD,
    },
  });
  expect(own.status()).toBe(201);

  // Alice challenges Bob and lands on the new contest, which waits for him.
  await alice.page.goto("/contests");
  await alice.page.getByRole("button", { name: "Create Contest", exact: true }).click();
  const dialog = alice.page.getByRole("dialog", { name: "Create New Contest" });
  await dialog.getByLabel("Contest Name").fill(name);
  await dialog.getByLabel("Opponent's Email").fill(bob.email);
  await dialog.getByLabel("Contest Creation Password").fill(CREATION_PASSWORD);
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(alice.page).toHaveURL(/\/contests\/[0-9a-f-]{36}$/);
  await expect(alice.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const waiting = alice.page.getByRole("region", { name: "Invitation" });
  await expect(waiting).toContainText("Waiting for Bob Bishop to accept");
  await expect(waiting).toContainText(bob.email);
  await expect(waiting.getByRole("button")).toHaveCount(0);
  const contestUrl = alice.page.url();

  // Her dashboard shows the challenge she sent, first.
  await alice.page.goto("/");
  const sent = invitations(alice.page).getByRole("article", { name });
  await expect(sent).toContainText("You challenged Bob Bishop");
  await expect(sent).toContainText("Waiting for Bob Bishop to accept");
  await expect(sent.getByRole("button", { name: "Accept" })).toHaveCount(0);

  // Bob's dashboard: the invitation first, above everything else, with Accept and Decline.
  await bob.page.goto("/");
  const received = invitations(bob.page).getByRole("article", { name });
  await expect(received).toContainText("Alice Archer challenged you");
  await expect(received).toContainText("$10/week · 2 picks a week");
  await expect(received.getByRole("button", { name: "Accept" })).toBeVisible();
  await expect(received.getByRole("button", { name: "Decline" })).toBeVisible();
  // What he must answer comes before what he waits for.
  await expect(invitations(bob.page).getByRole("article").first()).toHaveAccessibleName(name);
  await expect(invitations(bob.page).getByRole("article", { name: ownName })).toContainText(
    "Waiting for zed-",
  );
  expect(await top(bob.page, "Invitations")).toBeLessThan(await top(bob.page, "Your Active Contests"));
  expect(await top(bob.page, "Invitations")).toBeLessThan(
    (await bob.page.getByRole("region", { name: "Summary" }).boundingBox())!.y,
  );

  // My Contests opens on Pending while an invitation waits for his answer, the invitation first.
  await bob.page.goto("/contests");
  await expect(bob.page.getByRole("tab", { name: "Pending (2)" })).toHaveAttribute("aria-selected", "true");
  const listed = bob.page.getByRole("tabpanel").getByRole("article").first();
  await expect(listed).toHaveAccessibleName(name);
  await expect(listed.getByRole("button", { name: "Accept" })).toBeVisible();
  await expect(listed.getByRole("button", { name: "Decline" })).toBeVisible();

  // He accepts from the dashboard: the contest is his to play.
  await bob.page.goto("/");
  await invitations(bob.page).getByRole("article", { name }).getByRole("button", { name: "Accept" }).click();
  await expect(bob.page.getByText("Contest Accepted!", { exact: true })).toBeVisible();
  await expect(invitations(bob.page).getByRole("article", { name })).toHaveCount(0);
  const active = bob.page.getByRole("article", { name });
  await expect(active).toContainText("Active");
  await expect(active.getByRole("link", { name: "Make Picks" })).toBeVisible();

  // Alice's contest is active: nothing waits any more.
  await alice.page.goto(contestUrl);
  await expect(alice.page.getByRole("region", { name: "Overview" }).getByText("ACTIVE")).toBeVisible();
  await expect(alice.page.getByRole("region", { name: "Invitation" })).toHaveCount(0);
  await alice.page.goto("/");
  await expect(invitations(alice.page)).toHaveCount(0);
  await alice.close();
  await bob.close();
});

test("the invited player can answer on the contest's page too: Decline leads back to My Contests", async ({
  adminPage,
  browser,
}) => {
  await openContestCreation(adminPage);
  const carol = await newPlayer(browser, "Carol", "Cole");
  const dave = await newPlayer(browser, "Dave", "Dunn");
  const name = `Not This Year ${Date.now()}`;
  const created = await carol.page.request.post("/api/contests", {
    data: {
      name,
      player2Email: dave.email,
      defaultBetAmount: 0,
      maxPicksPerPlayer: 3,
      contestCreationPassword: CREATION_PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await dave.page.goto(`/contests/${id}`);
  const notice = dave.page.getByRole("region", { name: "Invitation" });
  await expect(notice).toContainText("Carol Cole challenged you to this contest");
  await notice.getByRole("button", { name: "Decline" }).click();
  await expect(dave.page.getByText("Contest Rejected", { exact: true })).toBeVisible();
  await expect(dave.page).toHaveURL(/\/contests$/);
  await expect(invitations(dave.page)).toHaveCount(0);
  await expect(dave.page.getByRole("tab", { name: "Pending (0)" })).toBeVisible();

  // Carol's dashboard no longer shows it waiting.
  await carol.page.goto("/");
  await expect(carol.page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(invitations(carol.page)).toHaveCount(0);
  await carol.close();
  await dave.close();
});
