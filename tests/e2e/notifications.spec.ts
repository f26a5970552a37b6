import { expect, newPlayer, selectOption, test } from "./fixtures";
import { axeFindings } from "./view-checks";

/**
 * The Notifications screen (docs/rules.md, "Notifications"). Subscribing this browser to push needs a push
 * service, which headless Chromium has not: the device card is checked for its status and button only;
 * delivery to a push service is tests/api/push-delivery.test.ts.
 */
test("the Notifications screen saves each change, and sends a test", async ({ browser }) => {
  const player = await newPlayer(browser, "Nina", "Notify");
  const { page } = player;
  await page.goto("/settings");
  await page.getByRole("link", { name: "Notification settings" }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This device" })).toBeVisible();
  await expect(page.getByTestId("push-status")).toHaveText(
    /Push is (off|on) for this device\.|not available in this browser|blocked for this site/,
  );
  await expect(page.getByRole("heading", { name: "What to send" })).toBeVisible();
  for (const kind of [
    "Your turn",
    "Reminders",
    "Opponent's picks",
    "Challenges",
    "Week results",
    "Week recap",
  ]) {
    await expect(page.getByRole("switch", { name: `${kind} by push` })).toBeChecked();
  }
  // The opponent's picks go by push only.
  await expect(page.getByRole("switch", { name: "Opponent's picks by e-mail" })).toHaveCount(0);

  // A switch saves at once, and a reload keeps it.
  const weekByMail = page.getByRole("switch", { name: "Week results by e-mail" });
  await expect(weekByMail).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/me/notifications") && r.request().method() === "PUT",
  );
  await weekByMail.click();
  expect((await saved).status()).toBe(200);
  await expect(weekByMail).not.toBeChecked();

  // Reminders: 24 h and 2 h before by default; remove one, add another.
  const reminders = page.getByRole("list", { name: "Reminder times" });
  await expect(reminders.getByRole("listitem")).toHaveText(["24 hours before", "2 hours before"]);
  const removed = page.waitForResponse(
    (r) => r.url().endsWith("/api/me/notifications") && r.request().method() === "PUT",
  );
  await page.getByRole("button", { name: "Remove 2 hours before" }).click();
  await removed;
  await expect(reminders.getByRole("listitem")).toHaveText(["24 hours before"]);
  await selectOption(page, page.getByRole("combobox", { name: "Reminder time to add" }), "30 minutes before");
  const added = page.waitForResponse(
    (r) => r.url().endsWith("/api/me/notifications") && r.request().method() === "PUT",
  );
  await page.getByRole("button", { name: "Add reminder" }).click();
  expect((await added).status()).toBe(200);
  await expect(reminders.getByRole("listitem")).toHaveText(["24 hours before", "30 minutes before"]);

  await page.reload();
  await expect(page.getByRole("switch", { name: "Week results by e-mail" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Your turn by e-mail" })).toBeChecked();
  await expect(page.getByRole("list", { name: "Reminder times" }).getByRole("listitem")).toHaveText([
    "24 hours before",
    "30 minutes before",
  ]);

  // The test notification goes by e-mail (no device has push here).
  await page.getByRole("button", { name: "Send a test notification" }).click();
  await expect(page.getByText("Test notification sent", { exact: true })).toBeVisible();
  await expect(page.getByText("By e-mail.", { exact: true })).toBeVisible();

  // Screenshots for review: desktop and phone, light and dark.
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => localStorage.setItem("football-pool-theme", value), theme);
    for (const [label, size] of [
      ["desktop", { width: 1280, height: 900 }],
      ["390", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(page.getByRole("switch", { name: "Your turn by e-mail" })).toBeVisible();
      await page.screenshot({ path: `.tmp/notifications-${label}-${theme}.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);
    }
  }
  await page.evaluate(() => localStorage.setItem("football-pool-theme", "light"));
  await page.setViewportSize({ width: 1280, height: 900 });

  // Everything off, and no device: nothing to send, and the screen says so.
  await page.reload();
  for (const kind of ["Your turn", "Reminders", "Challenges", "Week results", "Week recap", "Proposals"]) {
    const toggle = page.getByRole("switch", { name: `${kind} by e-mail` });
    if ((await toggle.getAttribute("aria-checked")) === "true") {
      const off = page.waitForResponse(
        (r) => r.url().endsWith("/api/me/notifications") && r.request().method() === "PUT",
      );
      await toggle.click();
      await off;
    }
  }
  const refused = page.waitForResponse((r) => r.url().endsWith("/api/me/notifications/test"));
  await page.getByRole("button", { name: "Send a test notification" }).click();
  expect((await refused).status()).toBe(409);
  await expect(page.getByText("No test sent", { exact: true })).toBeVisible();
  await expect(page.locator("[data-slot=toast-description]").getByText(/Nothing to send/)).toBeVisible();
  await player.close();
});
