import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from "@playwright/test";

export const ADMIN = {
  email: "admin@example.com",
  password: "admin password 1",
  firstName: "Ada",
  lastName: "Admin",
};
// One per server port, so several runs can go on side by side.
export const ADMIN_STATE = `.tmp/e2e-admin-${process.env.E2E_PORT ?? 5055}.json`;

/** The contest creation password every spec uses (set once in global setup; specs may set it again). */
export const CREATION_PASSWORD = "letmein";

let counter = 0;
export function uniqueEmail(prefix = "player") {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** Creates an account through the sign-in page, as a new user would, and lands on the dashboard. */
export async function createAccount(
  page: Page,
  who: { email: string; password?: string; firstName: string; lastName: string },
) {
  await page.goto("/api/login");
  await page.getByRole("tab", { name: "Create Account" }).click();
  await page.getByLabel("First name").fill(who.firstName);
  await page.getByLabel("Last name").fill(who.lastName);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password ?? "a good password");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/**
 * Creates an account through the API: setup for a test about something else (the sign-in page has
 * tests of its own). The session lands where `request` keeps cookies: a page's `request` shares its
 * browser context's, so that page is then signed in; the `request` fixture keeps its own.
 */
export async function registerByApi(
  request: APIRequestContext,
  who: { email: string; password?: string; firstName: string; lastName: string },
) {
  const response = await request.post("/api/auth/register", {
    data: { ...who, password: who.password ?? "a good password" },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ browser }, use) => {
    const context = await browser.newContext({ storageState: ADMIN_STATE });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export { expect };

/**
 * Picks an option of a Radix select. A long list places itself after it opens; a click that lands
 * while it moves selects nothing and leaves it open, so the pick is tried again until it closes.
 */
export async function selectOption(page: Page, trigger: Locator, option: string | RegExp) {
  await expect(async () => {
    if (!(await page.getByRole("listbox").isVisible())) await trigger.click({ timeout: 2_000 });
    await page
      .getByRole("option", { name: option, exact: typeof option === "string" })
      .click({ timeout: 2_000 });
    await expect(page.getByRole("listbox")).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

export interface Player {
  page: Page;
  email: string;
  name: string;
  close: () => Promise<void>;
}

/**
 * A player signed up in a browser of their own (cookies apart), optionally in a time zone or with a
 * given e-mail. Through the API, leaving the page blank for the test to open what it needs; or, with
 * `throughSignUpPage`, on the sign-in page as a new user would, landing on the dashboard.
 */
export async function newPlayer(
  browser: Browser,
  firstName: string,
  lastName: string,
  options: { timezoneId?: string; email?: string; throughSignUpPage?: boolean } = {},
): Promise<Player> {
  const context = await browser.newContext({ timezoneId: options.timezoneId });
  const page = await context.newPage();
  const email = options.email ?? uniqueEmail(firstName.toLowerCase());
  if (options.throughSignUpPage) await createAccount(page, { email, firstName, lastName });
  else await registerByApi(page.request, { email, firstName, lastName });
  return { page, email, name: `${firstName} ${lastName}`, close: () => context.close() };
}

/** A contest player 1 creates (the creation password set) and player 2 accepts, through the API. */
export async function startContest(player1: Player, player2: Player, name: string): Promise<string> {
  const created = await player1.page.request.post("/api/contests", {
    data: {
      name,
      description: "",
      player2Email: player2.email,
      defaultBetAmount: 10,
      maxPicksPerPlayer: 2,
      contestCreationPassword: CREATION_PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const accepted = await player2.page.request.patch(`/api/contests/${id}`, { data: { status: "active" } });
  expect(accepted.ok()).toBeTruthy();
  return id;
}

/**
 * The admin opens contest creation; player 1 challenges player 2 ($10 a week, 2 picks each), who
 * accepts: player 1 picks first in week 1. The contest's name is `name` made unique.
 */
export async function twoPlayerContest(
  adminPage: Page,
  browser: Browser,
  options: {
    name: string;
    players: [first: [string, string], second: [string, string]];
    timezoneId?: string;
  },
) {
  const opened = await adminPage.request.put("/api/system-config/contest_creation_password", {
    data: { value: CREATION_PASSWORD },
  });
  expect(opened.ok()).toBeTruthy();
  const zone = { timezoneId: options.timezoneId };
  const player1 = await newPlayer(browser, ...options.players[0], zone);
  const player2 = await newPlayer(browser, ...options.players[1], zone);
  const name = `${options.name} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
  const id = await startContest(player1, player2, name);
  return {
    id,
    name,
    player1,
    player2,
    close: () => Promise.all([player1.close(), player2.close()]).then(() => undefined),
  };
}
