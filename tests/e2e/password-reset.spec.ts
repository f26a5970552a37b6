import type { APIRequestContext } from "@playwright/test";
import { expect, newPlayer, test } from "./fixtures";
import { checkView } from "./view-checks";

/*
 * A forgotten password: the Sign In tab's form, the mail (the e2e server has no SMTP_URL, so it is
 * kept in the outbox, read here through the admin's API), its link's page, the dashboard; every other
 * device signed out. And the admin's "Make a Reset Link" when no mail reaches the player. Each view is
 * checked with axe at desktop width and at 390 px, light and dark.
 *
 * With RESET_SCREENSHOTS=<folder> the views are photographed there, for a person to look at.
 */

const SHOTS = process.env.RESET_SCREENSHOTS;
const LANDING = /Go head to head/;
const SPENT = "This link has expired or was already used. Ask for a new one.";

/** The newest mail of a kind to an address, from the outbox (admins only). */
async function newestMail(admin: APIRequestContext, to: string, kind: string) {
  let found: { subject: string; body: string } | undefined;
  await expect(async () => {
    const response = await admin.get("/api/admin/outbox?limit=100");
    expect(response.ok()).toBeTruthy();
    const { entries } = (await response.json()) as {
      entries: { kind: string; toAddress: string; subject: string; body: string }[];
    };
    found = entries.find((entry) => entry.kind === kind && entry.toAddress === to);
    expect(found).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** The link's path and fragment, opened on the tests' own address (the mail names PUBLIC_URL's). */
const pathOfLink = (text: string) => {
  const link = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
};

test.describe.configure({ timeout: 120_000 });

test("Bea forgets her password, follows the mailed link, chooses a new one and her other browser is signed out", async ({
  adminPage,
  browser,
}) => {
  const bea = await newPlayer(browser, "Bea", "Forgetful");
  await bea.page.goto("/");
  await expect(bea.page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/signin");
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  await page.getByLabel("Email").fill(bea.email);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/signin\?tab=forgot$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  // What the sign-in form held comes along, and the cursor is in it.
  await expect(page.getByLabel("Email")).toHaveValue(bea.email);
  await expect(page.getByLabel("Email")).toBeFocused();
  await checkView(page, "forgot-form", SHOTS, async () => {
    await page.goto("/signin?tab=forgot");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  });

  const ask = async () => {
    await page.getByLabel("Email").fill(bea.email);
    await page.getByRole("button", { name: "Send Link" }).click();
    await expect(page.getByRole("status")).toContainText(
      "If an account uses that address, we have sent it a link to choose a new password. The link works once, for one hour.",
    );
  };
  await ask();
  await expect(page.getByRole("status")).toBeFocused();
  await checkView(page, "forgot-sent", SHOTS, async () => {
    await page.goto("/signin?tab=forgot");
    await ask();
  });

  const mail = await newestMail(adminPage.request, bea.email, "password-reset");
  expect(mail.subject).toBe("Choose a new Football Pool password");
  const link = pathOfLink(mail.body);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expect(
    page.getByText("At least 8 characters. Common passwords such as “password1” are refused."),
  ).toBeVisible();
  await checkView(page, "reset-page", SHOTS, async () => {
    await page.goto(link);
    await expect(page.getByLabel("New password")).toBeVisible();
  });

  await page.getByLabel("New password").fill("password1");
  await page.getByRole("button", { name: "Save and Sign In" }).click();
  await expect(
    page.getByText("This password is too common and easy to guess. Please choose another."),
  ).toBeVisible();
  await page.getByLabel("New password").fill("bea remembers this one");
  await page.getByRole("button", { name: "Save and Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");

  // Her other browser is signed out: the next page it opens is the landing page.
  await bea.page.reload();
  await expect(bea.page.getByRole("heading", { level: 1, name: LANDING })).toBeVisible();

  const changed = await newestMail(adminPage.request, bea.email, "password-changed");
  expect(changed.subject).toBe("Your Football Pool password was changed");

  // The link is spent: its page says so at once, and leads to the forgot form.
  await page.goto(link);
  await expect(page.getByText(SPENT)).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await checkView(page, "reset-page-spent", SHOTS, async () => {
    await page.goto(link);
    await expect(page.getByText(SPENT)).toBeVisible();
  });
  await page.getByRole("link", { name: "Ask for a New Link" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();

  await context.close();
  await bea.close();
});

test("an admin makes a reset link, shown once with a Copy button, and the player follows it", async ({
  adminPage,
  browser,
}) => {
  const cy = await newPlayer(browser, "Cy", "Nomail");
  await adminPage.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const open = async () => {
    await adminPage.goto("/admin/players");
    const row = adminPage.getByRole("row").filter({ hasText: cy.email });
    await row.getByRole("button", { name: "Actions for Cy Nomail" }).click();
    await adminPage.getByRole("menuitem", { name: "Make a Reset Link" }).click();
    await expect(adminPage.getByRole("dialog", { name: "Make a Reset Link" })).toBeVisible();
  };
  await open();
  const dialog = adminPage.getByRole("dialog", { name: "Make a Reset Link" });
  await expect(dialog).toContainText(cy.email);
  await checkView(adminPage, "admin-link-confirm", SHOTS, open);
  await dialog.getByRole("button", { name: "Make Link" }).click();
  const field = dialog.getByLabel("Reset link for Cy Nomail");
  await expect(field).toHaveValue(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);
  await expect(dialog).toContainText("It works once, for one hour");
  await expect(dialog).toContainText("Hand it over in person");
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  const link = pathOfLink(await field.inputValue());
  expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toContain(link);
  await checkView(adminPage, "admin-link-dialog", SHOTS, async () => {
    await open();
    await adminPage.getByRole("button", { name: "Make Link" }).click();
    await expect(adminPage.getByLabel("Reset link for Cy Nomail")).toBeVisible();
  });
  // Each photograph made a new link: the newest is the one that works.
  const newest = pathOfLink(await adminPage.getByLabel("Reset link for Cy Nomail").inputValue());
  await adminPage.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByText(SPENT)).toBeVisible();
  // Another link in the same tab: its fragment alone differs, and the page reads it.
  await page.goto(newest);
  await page.getByLabel("New password").fill("cy got a link by hand");
  await page.getByRole("button", { name: "Save and Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await context.close();
  await cy.close();
});
