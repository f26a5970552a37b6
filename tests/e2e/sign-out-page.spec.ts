import type { Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, newPlayer, test } from "./fixtures";
import { checkView } from "./view-checks";

/*
 * /api/logout is a page, not a sign-out: opening it (or another site's link or image pointing at it)
 * signs nobody out; its Sign Out button does, and lands on the sign-in page. Both of its views are
 * checked with axe at desktop width and at 390 px, light and dark.
 *
 * With SIGN_OUT_SCREENSHOTS=<folder> the views are photographed there, for a person to look at.
 */

const SHOTS = process.env.SIGN_OUT_SCREENSHOTS;

/** /api/logout, as it reads now (its heading says which view). */
async function openSignOutPage(page: Page, heading: string) {
  await page.goto("/api/logout");
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test.describe.configure({ timeout: 120_000 });

test("Sol opens /api/logout and stays signed in, then signs out with its button", async ({ browser }) => {
  const sol = await newPlayer(browser, "Sol", "Leaving");
  const { page } = sol;

  // Another site's image and link pointing at it: nothing happens to the session.
  await page.setContent(`<img src="${baseURL}/api/logout" alt=""><a href="${baseURL}/api/logout">out</a>`);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.goto("/api/logout");
  await expect(page.getByRole("heading", { level: 1, name: "Sign out?" })).toBeVisible();
  await expect(
    page.getByText(`You are signed in as Sol Leaving (${sol.email}) on this device.`),
  ).toBeVisible();
  await checkView(page, "sign-out", SHOTS, () => openSignOutPage(page, "Sign out?"));

  // Back to the app: still signed in.
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.goto("/api/logout");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);

  // Signed out, the page says so, with the way back in.
  await page.goto("/api/logout");
  await expect(page.getByRole("heading", { level: 1, name: "You are signed out" })).toBeVisible();
  await checkView(page, "signed-out", SHOTS, () => openSignOutPage(page, "You are signed out"));
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await sol.close();
});
