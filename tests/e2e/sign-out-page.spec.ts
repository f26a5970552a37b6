import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, newPlayer, test } from "./fixtures";

/*
 * /api/logout is a page, not a sign-out: opening it (or another site's link or image pointing at it)
 * signs nobody out; its Sign Out button does, and lands on the sign-in page. Both of its views are
 * checked with axe at desktop width and at 390 px, light and dark.
 *
 * With SIGN_OUT_SCREENSHOTS=<folder> the views are photographed there, for a person to look at.
 */

const THEME_KEY = "football-pool-theme";
const SHOTS = process.env.SIGN_OUT_SCREENSHOTS;

async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(" "))
        .join(" | ")}`,
  );
}

/** The page in both themes (the app's saved choice) and both widths: no axe findings, photographed when asked. */
async function checkView(page: Page, name: string, heading: string) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: THEME_KEY,
      value: theme,
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto("/api/logout");
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      expect.soft(await axeFindings(page), `${name} (${theme}, ${width}px)`).toEqual([]);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${theme}.png`) });
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
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
  await checkView(page, "sign-out", "Sign out?");

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
  await checkView(page, "signed-out", "You are signed out");
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await sol.close();
});
