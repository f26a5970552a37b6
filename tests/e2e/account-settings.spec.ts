import type { APIRequestContext, Browser, Page } from "@playwright/test";
import type { OutboxPage } from "../../src/contracts/outbox";
import { expect, registerByApi, test, uniqueEmail } from "./fixtures";
import { axeFindings } from "./view-checks";

/*
 * A player's own account from Settings, which every player's sidebar shows: the e-mail address
 * (confirmed by the link the new address gets), the password, and the signed-in devices. The
 * e2e server has no SMTP: mail is kept in the outbox, where the admin's API reads the link.
 *
 * With ACCOUNT_SCREENSHOTS=<folder> Settings and the confirmation page are photographed there
 * (desktop and 390 px wide, light and dark), for a person to look at.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = "a good password";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const THEME_KEY = "football-pool-theme";
const shots = process.env.ACCOUNT_SCREENSHOTS;

type Theme = "light" | "dark";

/** Another device of the player: a browser of its own, signed in through the API. */
async function anotherDevice(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ userAgent: IPHONE });
  const signedIn = await context.request.post("/api/auth/login", { data: { email, password } });
  expect(signedIn.status()).toBe(200);
  return context;
}

const isSignedIn = async (request: APIRequestContext) =>
  (await request.get("/api/auth/user")).status() === 200;

/** The link of the latest e-mail change mailed to `to`, as the admin's outbox keeps it. */
async function confirmationLink(adminRequest: APIRequestContext, to: string): Promise<string> {
  const page = (await (await adminRequest.get("/api/admin/outbox?limit=100")).json()) as OutboxPage;
  const mail = page.entries.find((entry) => entry.kind === "email-change" && entry.toAddress === to);
  expect(mail, `no confirmation mail to ${to}`).toBeDefined();
  // Only the new address gets the link.
  expect(page.entries.filter((entry) => entry.body.includes("/confirm-email#token="))).toHaveLength(
    page.entries.filter((entry) => entry.kind === "email-change").length,
  );
  return /https?:\/\/\S+\/confirm-email#token=[\w-]+/.exec(mail!.body)![0];
}

async function chooseTheme(page: Page, theme: Theme) {
  if (!page.url().startsWith("http")) await page.goto("/api/health");
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: THEME_KEY, value: theme });
}

/** Settings with its account cards, drawn and loaded. */
async function openSettings(page: Page) {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Signed-in devices" }).getByRole("listitem")).not.toHaveCount(
    0,
  );
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
}

/** Each page in both themes: axe finds nothing, and nothing is wider than the screen. */
async function checkPages(page: Page, size: string, pages: { name: string; open: () => Promise<void> }[]) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of ["light", "dark"] as const) {
    await chooseTheme(page, theme);
    for (const { name, open } of pages) {
      await open();
      // Buttons enabled as their data comes fade in: axe measures them once they have.
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      expect.soft(await axeFindings(page), `${name} (${size}, ${theme})`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${name} (${size}, ${theme}) is wider than the screen`).toBeLessThanOrEqual(0);
      if (shots) {
        await page.screenshot({ path: `${shots}/${name}-${size}-${theme}.png`, fullPage: true });
        for (const region of ["Email", "Change password", "Signed-in devices"]) {
          const card = page.getByRole("region", { name: region, exact: true });
          if ((await card.count()) === 1) {
            await card.screenshot({
              path: `${shots}/${name}-${size}-${theme}-${region.replace(/\W+/g, "-")}.png`,
            });
          }
        }
      }
    }
  }
}

test("Cal changes his e-mail and his password from Settings and signs out another device", async ({
  browser,
  adminPage,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = uniqueEmail("cal");
  await registerByApi(page.request, { email, firstName: "Cal", lastName: "Changer" });
  const phone = await anotherDevice(browser, email, PASSWORD);

  // Settings, from his sidebar.
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  // The devices: this one, and the phone, which he signs out.
  const devices = page.getByRole("region", { name: "Signed-in devices" });
  const rows = devices.getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("This device");
  const phoneRow = rows.filter({ hasText: "Safari 17 on iPhone · iOS 17.5" });
  await expect(phoneRow).toContainText(/Signed in \w{3} \d{1,2}, \d{4}/);
  await phoneRow.getByRole("button", { name: /^Sign out Safari 17 on iPhone/ }).click();
  await expect(
    page.getByText("Safari 17 on iPhone · iOS 17.5 is signed out.", { exact: true }),
  ).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect(await isSignedIn(phone.request)).toBe(false);
  await expect(devices.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();

  // The e-mail: a wrong password is said at its field; then the link goes to the new address.
  const emailCard = page.getByRole("region", { name: "Email" });
  await expect(emailCard).toContainText(`You sign in as ${email}.`);
  await emailCard.getByRole("button", { name: "Change email" }).click();
  const newEmail = uniqueEmail("cal-new");
  await emailCard.getByLabel("New email").fill(newEmail);
  await emailCard.getByLabel("Current password").fill("not my password");
  await emailCard.getByRole("button", { name: "Send link" }).click();
  await expect(emailCard.getByText("Your current password is not correct.")).toBeVisible();
  await emailCard.getByLabel("Current password").fill(PASSWORD);
  await emailCard.getByRole("button", { name: "Send link" }).click();
  const sent = `We sent a link to ${newEmail}. Your address changes when you open it.`;
  await expect(emailCard.getByRole("status")).toHaveText(sent);
  await expect(emailCard).toContainText(`You sign in as ${email}.`);

  // He opens the link on another browser, signed out.
  const link = await confirmationLink(adminPage.request, newEmail);
  const elsewhere = await browser.newContext();
  const confirmPage = await elsewhere.newPage();
  await confirmPage.goto(link);
  await expect(confirmPage.getByRole("status")).toHaveText(`Your email is now ${newEmail}.`);
  // The token is out of the address once read.
  expect(new URL(confirmPage.url()).hash).toBe("");
  await expect(confirmPage.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute("href", "/");
  expect(await axeFindings(confirmPage)).toEqual([]);
  // Opened again (a page load, not a move within the page), the link is spent.
  await confirmPage.goto("about:blank");
  await confirmPage.goto(link);
  await expect(confirmPage.getByRole("alert")).toContainText("This link has expired or was already used.");
  await expect(confirmPage.getByRole("link", { name: "Go to Settings" })).toHaveAttribute(
    "href",
    "/settings",
  );
  await elsewhere.close();

  await page.reload();
  await expect(emailCard).toContainText(`You sign in as ${newEmail}.`);
  await expect(emailCard.getByRole("status")).toHaveCount(0);

  // The password: the rules shown before any error; the other devices signed out.
  const tablet = await anotherDevice(browser, newEmail, PASSWORD);
  await page.reload();
  await expect(rows).toHaveCount(2);
  const passwordCard = page.getByRole("region", { name: "Change password" });
  await expect(passwordCard).toContainText(
    "At least 8 characters. Common passwords such as “password1” are refused.",
  );
  await passwordCard.getByLabel("Current password").fill(PASSWORD);
  await passwordCard.getByLabel("New password", { exact: true }).fill("password1");
  await passwordCard.getByLabel("Confirm new password").fill("password1");
  await passwordCard.getByRole("button", { name: "Change password" }).click();
  await expect(
    passwordCard.getByText("This password is too common and easy to guess.", { exact: false }),
  ).toBeVisible();
  await passwordCard.getByLabel("New password", { exact: true }).fill("cal's longer phrase");
  await passwordCard.getByLabel("Confirm new password").fill("cal's longer phrase");
  await passwordCard.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed", { exact: true })).toBeVisible();
  await expect(page.getByText("Your other devices are signed out.", { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect(await isSignedIn(tablet.request)).toBe(false);
  expect(await isSignedIn(page.request)).toBe(true);
  const signIn = await browser.newContext();
  expect(
    (
      await signIn.request.post("/api/auth/login", {
        data: { email: newEmail, password: "cal's longer phrase" },
      })
    ).status(),
  ).toBe(200);
  await Promise.all([signIn.close(), tablet.close(), phone.close(), context.close()]);
});

test("Settings' account cards and the confirmation page: desktop and 390 px, light and dark, axe clean", async ({
  browser,
  adminPage,
}) => {
  for (const [size, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["390", { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: shots ? 2 : 1 });
    const page = await context.newPage();
    const email = uniqueEmail("dee");
    await registerByApi(page.request, { email, firstName: "Dee", lastName: "Devices" });
    const phone = await anotherDevice(browser, email, PASSWORD);
    await page.goto("/");
    if (size === "390") {
      // On a phone the sidebar is a sheet, Settings in it.
      await page.getByRole("button", { name: "Toggle Sidebar" }).click();
      await page.getByRole("dialog").getByRole("link", { name: "Settings" }).click();
      await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    }
    // An e-mail change waiting for its link, so its line shows.
    const asked = await page.request.post("/api/account/email", {
      data: { newEmail: uniqueEmail("dee-new"), currentPassword: PASSWORD },
    });
    expect(asked.status()).toBe(202);
    const link = await confirmationLink(adminPage.request, (await asked.json()).pendingEmail);
    const opened = await context.newPage();
    await checkPages(page, size, [
      {
        name: "settings",
        open: async () => {
          await openSettings(page);
          await page
            .getByRole("region", { name: "Email" })
            .getByRole("button", { name: "Change email" })
            .click();
        },
      },
    ]);
    await checkPages(opened, size, [
      {
        name: "confirm-email",
        open: async () => {
          // The first visit spends the link; the later ones show the refusal.
          await opened.goto("about:blank");
          await opened.goto(link);
          await expect(opened.getByRole("status").or(opened.getByRole("alert"))).not.toContainText(
            "Confirming",
          );
        },
      },
    ]);
    await Promise.all([phone.close(), context.close()]);
  }
});
