import type { Page } from "@playwright/test";
import { expect, test, twoPlayerContest } from "./fixtures";

/*
 * Reminders as an admin sees them go out. The server's clock is fixed at 2025-09-04T12:00Z, eleven
 * hours before week 1's hand-over (Thursday 4:00 PM Pacific): the 24-hour reminder's time has
 * passed while its deadline has not, so it goes out at once, to the player on turn only. The e2e
 * server looks for reminders every 10 seconds; without SMTP_URL the mail is kept in the outbox.
 */

test.describe.configure({ timeout: 120_000 });

const outbox = (page: Page) => page.getByRole("region", { name: "Outbox" });
const reminderTo = (page: Page, contest: string, to: string) =>
  outbox(page)
    .getByRole("listitem")
    .filter({ hasText: `Reminder: your week 1 picks in “${contest}”` })
    .filter({ hasText: `To ${to}` });

/** Reloads Settings until the reminder is listed (the scheduler's next pass), up to 40 seconds. */
async function waitForReminder(page: Page, contest: string, to: string) {
  await expect(async () => {
    await page.goto("/settings");
    await expect(reminderTo(page, contest, to)).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 40_000, intervals: [2_000] });
}

test("the player on turn is reminded before the hand-over; once they pick, the opponent is told it is his turn, once", async ({
  adminPage,
  browser,
}) => {
  const {
    id,
    name,
    player1: alice,
    player2: bob,
    close,
  } = await twoPlayerContest(adminPage, browser, {
    name: "Reminded",
    players: [
      ["Alice", "Ahead"],
      ["Bob", "Behind"],
    ],
  });

  await waitForReminder(adminPage, name, alice.email);
  const mail = reminderTo(adminPage, name, alice.email);
  await expect(mail.getByText("Reminder", { exact: true })).toBeVisible();
  await mail.getByRole("button", { name: "Show message" }).click();
  await expect(mail.locator("pre")).toContainText("You have 2 picks to make for week 1");
  await expect(mail.locator("pre")).toContainText(`/picks?contestId=${id}&week=1`);
  await expect(mail.locator("pre")).toContainText("To stop reminder e-mails: ");
  // Bob waits for Alice: no reminder for him.
  await expect(reminderTo(adminPage, name, bob.email)).toHaveCount(0);

  // Alice picks: Bob is told it is his turn, and not reminded on top of it (his 24-hour reminder
  // was due already when she picked: it would repeat the notice). Alice gets no other reminder.
  const games = (await (await alice.page.request.get("/api/games/week/1/season/2025")).json()) as {
    id: string;
  }[];
  const picked = await alice.page.request.post("/api/picks/batch", {
    data: {
      contestId: id,
      week: 1,
      round: 1,
      picks: [0, 1].map((n) => ({ gameId: games[n]!.id, market: "spread", side: "favorite" })),
    },
  });
  expect(picked.status()).toBe(201);
  const yourTurn = outbox(adminPage)
    .getByRole("listitem")
    .filter({ hasText: `Your turn to pick: week 1 of “${name}”` })
    .filter({ hasText: `To ${bob.email}` });
  await adminPage.goto("/settings");
  await expect(yourTurn).toHaveCount(1);
  // A pass of the scheduler later (every 10 s here), still no reminder for either of them.
  await adminPage.waitForTimeout(11_000);
  await adminPage.goto("/settings");
  await expect(yourTurn).toHaveCount(1);
  await expect(reminderTo(adminPage, name, bob.email)).toHaveCount(0);
  await expect(reminderTo(adminPage, name, alice.email)).toHaveCount(1);
  await close();
});
