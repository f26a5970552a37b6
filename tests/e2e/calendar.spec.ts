import type { Page } from "@playwright/test";
import { expect, newPlayer, startContest, test } from "./fixtures";

// Screenshots of the Calendar card, when asked for (SCREENSHOTS=.tmp/calendar).
const shots = process.env.SCREENSHOTS;
const THEME_KEY = "football-pool-theme";

async function shoot(page: Page, name: string) {
  if (!shots) return;
  const card = page.getByRole("region", { name: "Calendar", exact: true });
  for (const theme of ["light", "dark"]) {
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
    await page.reload();
    await expect(card.getByRole("textbox")).toHaveValue(/\.ics$/);
    await card.screenshot({ path: `${shots}/${name}-${theme}-desktop.png` });
    await page.screenshot({ path: `${shots}/${name}-${theme}-desktop-page.png`, fullPage: true });
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await card.screenshot({ path: `${shots}/${name}-${theme}-390.png` });
    await page.screenshot({ path: `${shots}/${name}-${theme}-390-page.png`, fullPage: true });
    if (size) await page.setViewportSize(size);
  }
  await page.evaluate((key) => localStorage.removeItem(key), THEME_KEY);
}

test("Settings shows the calendar link: copy it, open it, reset it", async ({ browser }) => {
  // A contest (the creation password is set in global setup) gives the feed its events.
  const cal = await newPlayer(browser, "Cal", "Endar");
  const rival = await newPlayer(browser, "Rita", "Rival");
  await startContest(cal, rival, `Calendar ${Date.now()}`);
  const { page } = cal;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/settings");

  const card = page.getByRole("region", { name: "Calendar", exact: true });
  await expect(card).toContainText(
    "Add your pick deadlines and the kickoffs of your picks to your calendar.",
  );
  const link = card.getByRole("textbox", { name: "Your calendar link" });
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[\w-]{43}\.ics$/);
  await expect(link).toHaveAttribute("readonly", "");
  const url = await link.inputValue();
  await expect(card.getByRole("link", { name: "Open in calendar" })).toHaveAttribute(
    "href",
    url.replace(/^http:/, "webcal:"),
  );

  // The feed itself, as a calendar program reads it (no session needed).
  const feed = await page.request.get(url, { headers: { cookie: "" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const body = await feed.text();
  expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(body).toContain("SUMMARY:Pick deadline: Calendar");

  await card.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Link copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  await shoot(page, "calendar-card");

  // Reset: asked first; cancel keeps the link.
  await card.getByRole("button", { name: "Reset link" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reset your calendar link?" });
  await expect(dialog).toContainText("The old link stops working");
  if (shots) {
    await page.waitForTimeout(500); // the dialog's opening animation
    await page.screenshot({ path: `${shots}/reset-dialog.png` });
  }
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(link).toHaveValue(url);

  await card.getByRole("button", { name: "Reset link" }).click();
  await dialog.getByRole("button", { name: "Reset link" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Calendar link reset", { exact: true })).toBeVisible();
  await expect(link).not.toHaveValue(url);
  await expect(link).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  const fresh = await link.inputValue();
  expect((await page.request.get(url)).status()).toBe(404);
  expect((await page.request.get(fresh)).status()).toBe(200);
  // The new link is the one the page shows after a reload too.
  await page.reload();
  await expect(link).toHaveValue(fresh);

  await cal.close();
  await rival.close();
});
