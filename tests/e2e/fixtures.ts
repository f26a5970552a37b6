import { test as base, expect, type Locator, type Page } from "@playwright/test";

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
