import { chromium, expect, type FullConfig } from "@playwright/test";
import { ADMIN, ADMIN_STATE, createAccount, CREATION_PASSWORD } from "./fixtures";

/**
 * The very first account of the fresh database, created through the sign-in page: it must be an
 * admin and see the whole sidebar. Its session is kept for the tests that act as the admin.
 */
export default async function globalSetup(config: FullConfig) {
  const use = config.projects[0]!.use;
  const browser = await chromium.launch(use.launchOptions);
  const page = await browser.newPage({ baseURL: use.baseURL });
  await createAccount(page, ADMIN);
  await expect(page.getByText("Admin Overview")).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });
  const saved = await page.request.put("/api/system-config/contest_creation_password", {
    data: { value: CREATION_PASSWORD },
  });
  expect(saved.ok()).toBe(true);
  await browser.close();
}
