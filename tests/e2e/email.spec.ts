import type { Page } from "@playwright/test";
import { ADMIN, expect, registerByApi, test, uniqueEmail } from "./fixtures";

// The e2e server runs without SMTP_URL: every mail is kept in the outbox, where admins read it.
const outbox = (page: Page) => page.getByRole("region", { name: "Outbox" });
const mailTo = (page: Page, subject: string | RegExp, to: string) =>
  outbox(page)
    .getByRole("listitem")
    .filter({ hasText: subject })
    .filter({ hasText: `To ${to}` });

test.describe("E-mail", () => {
  test("a new contest's invitation shows in the admin's outbox under Settings", async ({
    adminPage: page,
  }) => {
    const name = `Mail Bowl ${Date.now()}`;
    const invitee = uniqueEmail("invitee");
    await page.goto("/contests");
    await page.getByRole("button", { name: "Create Contest", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Contest" });
    await dialog.getByLabel("Contest Name").fill(name);
    await dialog.getByLabel("Opponent's Email").fill(invitee);
    await dialog.getByRole("button", { name: "Create Contest" }).click();
    await expect(
      page.getByText("Your contest has been created successfully!", { exact: true }),
    ).toBeVisible();

    // Settings is the Football Pool group's last entry, for every player.
    await page.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(outbox(page)).toContainText("No mail server is configured (SMTP_URL)");
    const mail = mailTo(page, `${ADMIN.firstName} ${ADMIN.lastName} challenged you to “${name}”`, invitee);
    await expect(mail).toHaveCount(1);
    await expect(mail.getByText("Kept", { exact: true })).toBeVisible();
    await expect(mail.getByText("Invitation", { exact: true })).toBeVisible();

    await mail.getByRole("button", { name: "Show message" }).click();
    await expect(mail.locator("pre")).toContainText(`has challenged you to “${name}”`);
    await expect(mail.locator("pre")).toContainText(/http:\/\/localhost:\d+\/api\/login/);
    await mail.getByRole("button", { name: "Hide message" }).click();
    await expect(mail.locator("pre")).toBeHidden();

    // The System Configuration form is here too.
    const config = page.getByRole("region", { name: "System Configuration" });
    await expect(config.getByLabel("Contest Creation Password")).toBeVisible();
  });

  test("an admin sends an e-mail from Player Management and finds it in the outbox", async ({
    adminPage: page,
    request,
  }) => {
    const lastName = `Mailer${Date.now()}`;
    const email = uniqueEmail("reader");
    await registerByApi(request, { email, firstName: "Rita", lastName });

    await page.goto("/admin/players");
    await page.getByLabel("Search players").fill(lastName);
    await page.getByRole("button", { name: `Actions for Rita ${lastName}` }).click();
    await page.getByRole("menuitem", { name: "Send Email" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Email" });
    await expect(dialog).toContainText(email);

    // Both fields are required.
    await dialog.getByRole("button", { name: "Send Email" }).click();
    await expect(dialog.getByText("Subject is required")).toBeVisible();
    await expect(dialog.getByText("Message is required")).toBeVisible();

    const subject = `Lines for week 2 (${Date.now()})`;
    await dialog.getByLabel("Subject").fill(subject);
    await dialog.getByLabel("Message").fill("Hi Rita,\n\nThe week 2 lines are up.");
    await dialog.getByRole("button", { name: "Send Email" }).click();
    await expect(page.getByText("Email Saved to Outbox", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Feature Coming Soon")).toHaveCount(0);

    await page.goto("/settings");
    const mail = mailTo(page, subject, email);
    await expect(mail).toHaveCount(1);
    await expect(mail.getByText("Message", { exact: true })).toBeVisible();
    await mail.getByRole("button", { name: "Show message" }).click();
    await expect(mail.locator("pre")).toContainText("The week 2 lines are up.");
    await expect(mail.locator("pre")).toContainText(`Sent by ${ADMIN.firstName} ${ADMIN.lastName}`);

    // The activity log has it too.
    await page.goto("/admin");
    await expect(
      page
        .getByRole("region", { name: "Recent Activity" })
        .getByText(`${ADMIN.firstName} ${ADMIN.lastName} sent an e-mail to Rita ${lastName}: “${subject}”`),
    ).toBeVisible();
  });

  test("a player's Settings has their profile and theme, and no outbox", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const lastName = `Settler${Date.now()}`;
    await registerByApi(page.request, { email: uniqueEmail(), firstName: "Sam", lastName });
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(outbox(page)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "System Configuration" })).toHaveCount(0);

    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByLabel("First name").fill("Samantha");
    await profile.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Your name has been updated.", { exact: true })).toBeVisible();
    const me = (await (await page.request.get("/api/auth/user")).json()) as { firstName: string };
    expect(me.firstName).toBe("Samantha");

    const theme = page.getByRole("radiogroup", { name: "Theme" });
    await theme.getByRole("radio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(theme.getByRole("radio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
    expect(await page.evaluate(() => localStorage.getItem("football-pool-theme"))).toBe("dark");
    await context.close();
  });
});
