import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { ADMIN, expect, registerByApi, selectOption, test, uniqueEmail, CREATION_PASSWORD } from "./fixtures";

/** Letters only, unique per call: names must not collide between tests running side by side. */
let seq = 0;
function uniqueWord(prefix: string) {
  seq += 1;
  const letters = `${Date.now()}${process.pid}${seq}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  return `${prefix}${letters}`;
}

const statValue = async (page: Page, title: string) => {
  const card = page.getByRole("group", { name: title });
  await expect(card.getByText(/^\$?\d+$/)).toBeVisible();
  return Number((await card.getByText(/^\$?\d+$/).innerText()).replace("$", ""));
};

const toastWith = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

async function register(request: APIRequestContext, who: { firstName: string; lastName: string }) {
  const email = uniqueEmail("admin-spec");
  const response = await request.post("/api/auth/register", {
    data: { ...who, email, password: "a good password" },
  });
  expect(response.status()).toBe(201);
  return email;
}

async function createContest(page: Page, name: string, player2Email = uniqueEmail("opponent")) {
  const response = await page.request.post("/api/contests", {
    data: { name, description: "", player2Email, defaultBetAmount: 25, maxPicksPerPlayer: 2 },
  });
  expect(response.status()).toBe(201);
  return { ...((await response.json()) as { id: string }), player2Email };
}

const rowMenu = async (scope: Page | Locator, name: string) => {
  await scope.getByRole("button", { name: `Actions for ${name}` }).click();
};

test.describe("Admin Overview", () => {
  test("shows the figures, links to each area, and saves the contest creation password", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Overview", level: 1 })).toBeVisible();
    expect(await statValue(page, "Total Players")).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("group", { name: "Total Players" })).toContainText(/\d+ admins?/);
    await expect(page.getByRole("group", { name: "Active Contests" })).toContainText(/\d+ total/);
    await expect(page.getByRole("group", { name: "Total Bet Value" })).toContainText("$");
    await expect(page.getByRole("group", { name: "System Status" })).toContainText("Online");
    await expect(page.getByRole("region", { name: "Recent Activity" })).toBeVisible();
    const main = page.getByRole("main");
    const areas = [
      ["Player Management", "/admin/players"],
      ["Contest Management", "/admin/contests"],
      ["Betting Management", "/admin/betting"],
      ["Games Management", "/admin/games"],
    ] as const;
    for (const [area, href] of areas) {
      await expect(main.getByRole("link", { name: new RegExp(area) })).toHaveAttribute("href", href);
    }
    await expect(main.getByRole("link", { name: "View All Games" })).toHaveAttribute("href", "/admin/games");

    await page.getByRole("button", { name: "Configure" }).click();
    const dialog = page.getByRole("dialog", { name: "System Configuration" });
    const password = dialog.getByLabel("Contest Creation Password");
    await password.fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Password cannot be empty")).toBeVisible();

    // Every spec shares this server and this password: save the one they all use.
    const secret = CREATION_PASSWORD;
    await password.fill(secret);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastWith(page, "Configuration Updated")).toBeVisible();
    await expect(toastWith(page, "Contest creation password has been updated successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Configure" }).click();
    await expect(password).toHaveValue(secret);
    await expect(password).toHaveAttribute("type", "password");
    await dialog.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
  });

  test("the Weekly Games quick-add adds a game in a dialog, and refuses it twice", async ({
    adminPage: page,
  }) => {
    // Week 20 LV @ CIN is this test's own (admin-games.spec.ts lists who owns what): a retry
    // starts without the game the first attempt added.
    const week20 = async () =>
      (await (await page.request.get("/api/games/week/20/season/2025")).json()) as {
        id: string;
        awayTeam: string;
        homeTeam: string;
        spread: string | null;
        status: string;
      }[];
    for (const game of (await week20()).filter((g) => g.awayTeam === "LV" && g.homeTeam === "CIN")) {
      expect((await page.request.delete(`/api/games/${game.id}`)).status()).toBe(204);
    }

    await page.goto("/admin");
    const card = page
      .locator("[data-slot=card]")
      .filter({ has: page.getByRole("heading", { name: "Weekly Games" }) });
    await expect(card.getByRole("link", { name: "View All Games" })).toHaveAttribute("href", "/admin/games");
    await card.getByRole("button", { name: "Add Game" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Game" });
    // The server's calendar (its clock is on 2025-09-04) says week 1 of 2025.
    await expect(dialog.getByLabel("Week")).toHaveValue("1");
    await expect(dialog.getByLabel("Season")).toHaveValue("2025");
    await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveCount(0);

    const fill = async () => {
      await dialog.getByLabel("Week").fill("20");
      await selectOption(page, dialog.getByRole("combobox", { name: "Away team" }), "LV - Las Vegas Raiders");
      await selectOption(
        page,
        dialog.getByRole("combobox", { name: "Home team" }),
        "CIN - Cincinnati Bengals",
      );
      await selectOption(page, dialog.getByRole("combobox", { name: "Game time" }), "Sunday 1:00 PM ET");
      await dialog.getByLabel("Spread").fill("-3");
      await dialog.getByLabel("Over/Under").fill("45.5");
    };
    await fill();
    await dialog.getByLabel("Week").fill("23");
    await dialog.getByRole("button", { name: "Add Game" }).click();
    await expect(dialog.getByText("Week must be between 1 and 22")).toBeVisible();
    await dialog.getByLabel("Week").fill("20");
    await dialog.getByRole("button", { name: "Add Game" }).click();

    await expect(toastWith(page, "Game Added Successfully")).toBeVisible();
    await expect(toastWith(page, "LV @ CIN has been added to the Divisional round.")).toBeVisible();
    await expect(dialog).toBeHidden();
    const added = (await week20()).filter((g) => g.awayTeam === "LV" && g.homeTeam === "CIN");
    expect(added).toEqual([expect.objectContaining({ spread: "-3.0", status: "upcoming" })]);

    // The same game again: the server's message, and the dialog stays open to fix it.
    await card.getByRole("button", { name: "Add Game" }).click();
    await expect(dialog.getByLabel("Week")).toHaveValue("1");
    await fill();
    await dialog.getByRole("button", { name: "Add Game" }).click();
    // The open dialog hides the rest of the page from the accessibility tree, the toasts too (a
    // screen reader hears the toast through its live announcement): found here with the hidden.
    const toasts = page.getByRole("region", { name: /Notifications/, includeHidden: true });
    await expect(toasts.getByText("Error Adding Game", { exact: true })).toBeVisible();
    await expect(toasts.getByText("This game already exists: LV @ CIN in week 20 of 2025.")).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe("Player Management", () => {
  test("counts, searches, and lets the admin rename a player and grant admin access", async ({
    adminPage: page,
    request,
  }) => {
    const lastName = uniqueWord("Zed");
    const email = await register(request, { firstName: "Quincy", lastName });

    const usersBefore = (await (await page.request.get("/api/users")).json()) as unknown[];
    await page.goto("/admin/players");
    await expect(page.getByRole("heading", { name: "Player Management", level: 1 })).toBeVisible();
    const total = await statValue(page, "Total Players");
    const usersAfter = (await (await page.request.get("/api/users")).json()) as unknown[];
    expect(total).toBeGreaterThanOrEqual(usersBefore.length);
    expect(total).toBeLessThanOrEqual(usersAfter.length);
    expect(await statValue(page, "Administrators")).toBeGreaterThanOrEqual(1);
    expect(await statValue(page, "Active Players")).toBeLessThanOrEqual(total);

    const table = page.getByRole("table", { name: "Players" });
    const search = page.getByLabel("Search players");
    await search.fill(lastName.toUpperCase());
    const row = table.getByRole("row").filter({ hasText: lastName });
    await expect(row).toHaveCount(1);
    await expect(table.getByRole("row")).toHaveCount(2); // the header and the one match
    await expect(row).toContainText(email);
    await expect(row).toContainText("Player");
    await expect(row).toContainText("0 contests");
    await search.fill(email.slice(0, 24).toUpperCase());
    await expect(row).toHaveCount(1);
    await search.fill("no such player anywhere");
    await expect(table.getByText("No players match your search.")).toBeVisible();
    await search.fill(lastName);

    await rowMenu(table, `Quincy ${lastName}`);
    await page.getByRole("menuitem", { name: "Send Email" }).click();
    const emailDialog = page.getByRole("dialog", { name: "Send Email" });
    await expect(emailDialog).toContainText(email);
    await emailDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(emailDialog).toBeHidden();

    await rowMenu(table, `Quincy ${lastName}`);
    await page.getByRole("menuitem", { name: "Manage Player" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Player" });
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText("0-0");
    await expect(dialog.getByText("Only admins can edit other players.")).toHaveCount(0);
    const firstName = dialog.getByLabel("First name");
    await firstName.fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("First name is required")).toBeVisible();
    await firstName.fill("Quentin");
    const adminAccess = dialog.getByRole("switch", { name: "Admin Access" });
    await expect(adminAccess).not.toBeChecked();
    await adminAccess.click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastWith(page, "Player Updated")).toBeVisible();
    await expect(toastWith(page, "Player information has been updated successfully.")).toBeVisible();
    await expect(dialog).toBeHidden();

    const renamed = table.getByRole("row").filter({ hasText: `Quentin ${lastName}` });
    await expect(renamed).toContainText("Admin");
    await rowMenu(table, `Quentin ${lastName}`);
    await page.getByRole("menuitem", { name: "Manage Player" }).click();
    await expect(dialog.getByRole("switch", { name: "Admin Access" })).toBeChecked();
  });

  test("on a phone, the dialog of a player with a long e-mail fits the screen and shows it whole", async ({
    adminPage: page,
    request,
  }) => {
    const lastName = uniqueWord("Long");
    const email = `${uniqueWord("a-very-long-mailbox-name-").toLowerCase()}@subdomain.example.com`;
    const response = await request.post("/api/auth/register", {
      data: { firstName: "Lee", lastName, email, password: "a good password" },
    });
    expect(response.status()).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/players");
    await page.getByLabel("Search players").fill(lastName);
    const actions = page.getByRole("button", { name: `Actions for Lee ${lastName}` });
    await actions.scrollIntoViewIfNeeded();
    await actions.click();
    await page.getByRole("menuitem", { name: "Manage Player" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Player" });
    await expect(dialog.getByText(email, { exact: true })).toBeVisible();
    // Nothing in it is wider than the dialog, which stays inside the screen.
    const fits = await dialog.evaluate((element) => ({
      inside: element.scrollWidth <= element.clientWidth,
      right: element.getBoundingClientRect().right,
    }));
    expect(fits.inside).toBe(true);
    expect(fits.right).toBeLessThanOrEqual(390);
    for (const label of ["First name", "Last name"]) {
      const box = (await dialog.getByLabel(label).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(fits.right);
    }
  });

  test("the admin sees no Admin Access switch for themself", async ({ adminPage: page }) => {
    await page.goto("/admin/players");
    await page.getByLabel("Search players").fill(ADMIN.email);
    await rowMenu(page, `${ADMIN.firstName} ${ADMIN.lastName}`);
    await page.getByRole("menuitem", { name: "Manage Player" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Player" });
    await expect(dialog.getByLabel("First name")).toBeEnabled();
    await expect(dialog.getByRole("switch")).toHaveCount(0);
  });

  test("a player may view an opponent but edit only themself", async ({ adminPage, page }) => {
    const lastName = uniqueWord("Viewer");
    const email = uniqueEmail("viewer");
    await registerByApi(page.request, { email, firstName: "Vera", lastName });
    await createContest(adminPage, uniqueWord("Shared Cup "), email);

    await page.goto("/admin/players");
    const table = page.getByRole("table", { name: "Players" });
    await expect(table.getByRole("row").filter({ hasText: `Vera ${lastName}` })).toContainText("1 contest");

    await rowMenu(table, `${ADMIN.firstName} ${ADMIN.lastName}`);
    await page.getByRole("menuitem", { name: "Manage Player" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Player" });
    await expect(dialog.getByText("Only admins can edit other players.")).toBeVisible();
    await expect(dialog.getByLabel("First name")).toBeDisabled();
    await expect(dialog.getByLabel("Last name")).toBeDisabled();
    await expect(dialog.getByRole("switch")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();

    await rowMenu(table, `Vera ${lastName}`);
    await page.getByRole("menuitem", { name: "Manage Player" }).click();
    await expect(dialog.getByText("Only admins can edit other players.")).toHaveCount(0);
    await expect(dialog.getByRole("switch")).toHaveCount(0);
    await dialog.getByLabel("Last name").fill(`${lastName}son`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastWith(page, "Player Updated")).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: `Vera ${lastName}son` })).toHaveCount(1);
  });
});

test.describe("Contest Management", () => {
  test("lists and searches contests; Delete Contest archives one", async ({ adminPage: page }) => {
    const name = uniqueWord("Archive Cup ");
    const { id, player2Email } = await createContest(page, name);

    await page.goto("/admin/contests");
    await expect(page.getByRole("heading", { name: "Contest Management", level: 1 })).toBeVisible();
    expect(await statValue(page, "Total Contests")).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("group", { name: "Active Contests" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Completed" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Total Bet Value" })).toContainText(/\$\d/);

    const table = page.getByRole("table", { name: "Contests" });
    const row = table.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText(id.slice(0, 8));
    await expect(row).toContainText(`${ADMIN.firstName} ${ADMIN.lastName} vs ${player2Email}`);
    await expect(row).toContainText("pending");
    await expect(row).toContainText(/Starts in NFL week \d+ · \d+ weeks/);
    await expect(row).toContainText("$25/week");

    const search = page.getByLabel("Search contests");
    await search.fill(name.toUpperCase());
    await expect(table.getByRole("row")).toHaveCount(2);
    await search.fill(player2Email.slice(0, 20));
    await expect(row).toHaveCount(1);
    await search.fill("no contest is called this");
    await expect(table.getByText("No contests match your search.")).toBeVisible();
    await search.fill(name);

    await rowMenu(table, name);
    await page.getByRole("menuitem", { name: "Edit Contest" }).click();
    // Editing itself: contest-edit.spec.ts.
    const editDialog = page.getByRole("dialog", { name: "Edit Contest" });
    await expect(editDialog.getByLabel("Contest Name")).toHaveValue(name);
    await editDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(editDialog).toBeHidden();

    await rowMenu(table, name);
    await page.getByRole("menuitem", { name: "Delete Contest" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Contest" });
    await expect(confirm).toContainText("archives the contest");
    await expect(confirm).toContainText("no longer be active");
    await expect(confirm).toContainText("cannot be undone");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(1);

    await rowMenu(table, name);
    await page.getByRole("menuitem", { name: "Delete Contest" }).click();
    await confirm.getByRole("button", { name: "Delete Contest" }).click();
    await expect(toastWith(page, "Contest deleted")).toBeVisible();
    await expect(toastWith(page, "The contest has been archived successfully.")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(table.getByText("No contests match your search.")).toBeVisible();

    const listed = (await (await page.request.get("/api/contests")).json()) as { id: string }[];
    expect(listed.map((contest) => contest.id)).not.toContain(id);
  });

  test("View Results opens the contest; Create Contest opens the shared dialog", async ({
    adminPage: page,
  }) => {
    const name = uniqueWord("Results Cup ");
    const { id } = await createContest(page, name);
    await page.goto("/admin/contests");
    await rowMenu(page.getByRole("table", { name: "Contests" }), name);
    await page.getByRole("menuitem", { name: "View Results" }).click();
    await expect(page).toHaveURL(new RegExp(`/contests/${id}#weekly-results$`));

    await page.goto("/admin/contests");
    const created = uniqueWord("Dialog Cup ");
    await page.getByRole("button", { name: "Create Contest" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Contest" });
    await dialog.getByLabel("Contest Name").fill(created);
    await dialog.getByLabel("Opponent's Email").fill(uniqueEmail("dialog"));
    await dialog.getByRole("button", { name: "Create Contest" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("table", { name: "Contests" }).getByText(created)).toBeVisible();
  });

  test("works on a phone: the table scrolls sideways", async ({ adminPage: page }) => {
    const name = uniqueWord("Phone Cup ");
    await createContest(page, name);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/contests");
    const table = page.getByRole("table", { name: "Contests" });
    await page.getByLabel("Search contests").fill(name);
    await expect(table.getByText(name)).toBeVisible();
    // The page itself never scrolls sideways; the table's own container does.
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    const actions = table.getByRole("button", { name: `Actions for ${name}` });
    await actions.scrollIntoViewIfNeeded();
    await actions.click();
    await expect(page.getByRole("menuitem", { name: "Delete Contest" })).toBeVisible();
  });
});
