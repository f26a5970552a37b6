import { expect, test, uniqueEmail } from "./fixtures";

test.describe("Activity log", () => {
  test("a new contest shows in Recent Activity and in the admin's View Activity", async ({
    adminPage: page,
  }) => {
    const name = `Activity Cup ${Date.now()}`;
    const created = await page.request.post("/api/contests", {
      data: {
        name,
        description: "",
        player2Email: uniqueEmail(),
        defaultBetAmount: 25,
        maxPicksPerPlayer: 2,
      },
    });
    expect(created.status()).toBe(201);
    const sentence = new RegExp(`^Ada Admin created the contest “${name}” and challenged `);

    await page.goto("/admin");
    const recent = page.getByRole("region", { name: "Recent Activity" });
    const line = recent.getByRole("listitem").filter({ hasText: sentence });
    await expect(line).toBeVisible();
    await expect(line.locator("time")).toHaveText(/ago$/);
    await expect(line.locator("time")).toHaveAttribute("title", /\d/);
    await expect(recent.getByText("No recent activity yet.")).toBeHidden();
    expect(await recent.getByRole("listitem").count()).toBeLessThanOrEqual(8);

    await page.goto("/admin/players");
    await page.getByRole("button", { name: "Actions for Ada Admin" }).click();
    await page.getByRole("menuitem", { name: "View Activity" }).click();
    const dialog = page.getByRole("dialog", { name: "Activity: Ada Admin" });
    await expect(dialog.getByRole("listitem").filter({ hasText: sentence })).toBeVisible();
    await expect(page.getByText("Feature Coming Soon")).toBeHidden();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});
