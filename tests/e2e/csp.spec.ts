import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The built app under its own content security policy (docs/reliability.md, "Accounts"): every screen loads
 * with no console error, no uncaught exception and no CSP violation, signed out and as an admin.
 */
const SCREENS = [
  "/",
  "/contests",
  "/picks",
  "/games",
  "/standings",
  "/settings",
  "/admin",
  "/admin/players",
  "/admin/contests",
  "/admin/betting",
  "/admin/first-picker",
  "/admin/games",
  "/score-entry",
  "/no-such-page",
];

function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // Signed out, the app asks who is signed in and is told 401: expected, not a fault.
    if (/status of 401/.test(text) && /\/api\/auth\/user/.test(message.location().url ?? "")) return;
    problems.push(`${page.url()}: ${text}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: uncaught ${error.message}`));
  return problems;
}

test("signed out: the landing and sign-in pages load clean under the CSP", async ({ page }) => {
  const problems = watch(page);
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("link", { name: /Sign In/i }).first()).toBeVisible();
  await page.goto("/api/login");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  // The landing page written into index.html at build is left out of the sign-in page's HTML.
  await expect(page.getByText("Head-to-Head Contests")).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("signed in: every screen loads clean under the CSP", async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  const problems = watch(page);
  for (const screen of SCREENS) {
    const response = await page.goto(screen);
    expect(response?.headers()["content-security-policy"], screen).toContain("default-src 'self'");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");
  }
  expect(problems).toEqual([]);
});
