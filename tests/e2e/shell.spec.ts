import {
  ADMIN_STATE,
  createAccount,
  expect,
  registerByApi,
  signIn,
  test,
  twoPlayerContest,
  uniqueEmail,
} from "./fixtures";

test.describe("signed out", () => {
  for (const path of ["/", "/contests/some-deep/path"]) {
    test(`shows the landing page on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: /Go head to head/ })).toBeVisible();
      for (const promise of [
        "Head-to-Head Contests",
        "Picks with Order and Deadlines",
        "Flexible Betting",
        "Additional Games",
        "Live Standings",
        "Admin Tools",
      ]) {
        await expect(page.getByRole("heading", { name: promise })).toBeVisible();
      }
      await page.getByRole("link", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
    });
  }

  test("Get Started goes to the sign-in page, on Create Account", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started" }).first().click();
    await expect(page).toHaveURL(/\/signin\?tab=create$/);
    await expect(page.getByRole("tab", { name: "Create Account" })).toHaveAttribute("aria-selected", "true");
  });

  test("a wrong password shows one message", async ({ page }) => {
    await page.goto("/api/login");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid email or password.");
  });
});

test.describe("signed in", () => {
  test("a new account is a player: the Football Pool group, no Admin group", async ({ page }) => {
    await createAccount(page, { email: uniqueEmail(), firstName: "Pat", lastName: "Player" });
    const nav = page.getByRole("navigation").or(page.locator("[data-slot=sidebar]"));
    for (const entry of [
      "Dashboard",
      "My Contests",
      "Make Picks",
      "Games & Lines",
      "Standings",
      "Settings",
    ]) {
      await expect(nav.getByRole("link", { name: entry })).toBeVisible();
    }
    await expect(page.getByText("Admin Overview")).toHaveCount(0);
    await page.getByRole("link", { name: "Games & Lines" }).click();
    await expect(page).toHaveURL(/\/games$/);
    await expect(page.getByRole("heading", { name: "NFL Games & Lines" })).toBeVisible();
  });

  test("the admin sees both groups and every admin entry leads to its screen", async ({
    adminPage: page,
  }) => {
    await page.goto("/");
    // Settings is every player's, in the Football Pool group: an admin sees it once.
    await expect(page.getByRole("link", { name: "Settings", exact: true })).toHaveCount(1);
    const screens: [string, string][] = [
      ["Admin Overview", "Admin Overview"],
      ["Player Management", "Player Management"],
      ["Contest Management", "Contest Management"],
      ["Betting Management", "Betting Management"],
      ["First Picker Management", "Manage First Pickers"],
      ["Games Management", "Games Management"],
      ["Score Entry", "Score Entry"],
      ["Settings", "Settings"],
    ];
    for (const [entry, heading] of screens) {
      await page.getByRole("link", { name: entry, exact: true }).click();
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    }
  });

  test("routes match case-insensitively with an optional trailing slash; others are 404", async ({
    adminPage: page,
  }) => {
    await page.goto("/CONTESTS/");
    await expect(page.getByRole("heading", { name: "My Contests" })).toBeVisible();
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });

  test("the theme switch persists across a reload", async ({ adminPage: page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Toggle theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Toggle theme" }).click();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("a phone in dark mode opens the app dark, without a flash of light: the theme follows the system", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      storageState: ADMIN_STATE,
      colorScheme: "dark",
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    // Dark already when the document is parsed, before the app's script has run.
    await page.goto("/settings", { waitUntil: "domcontentloaded" });
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expect(
      page.getByRole("radiogroup", { name: "Theme" }).getByRole("radio", { name: "System" }),
    ).toHaveAttribute("aria-checked", "true");
    // The system turns light: so does the app.
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await context.close();
  });

  test("the sidebar collapses with Ctrl+B and remembers it in a cookie", async ({ adminPage: page }) => {
    await page.goto("/");
    const sidebar = page.locator("[data-slot=sidebar][data-state]").first();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "sidebar_state")?.value).toBe("false");
    await page.reload();
    await expect(page.locator("[data-slot=sidebar][data-state]").first()).toHaveAttribute(
      "data-state",
      "collapsed",
    );
    await page.keyboard.press("Control+b");
  });

  test("on a phone the sidebar is a slide-in sheet", async ({ browser }) => {
    const context = await browser.newContext({
      storageState: ADMIN_STATE,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "My Contests" })).toHaveCount(0);
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "My Contests" }).click();
    await expect(page.getByRole("heading", { name: "My Contests" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await context.close();
  });

  test("a player's page comes with what every screen starts from: it asks for none of it again", async ({
    page,
  }) => {
    await registerByApi(page.request, {
      email: uniqueEmail(),
      firstName: "Carrie",
      lastName: "Data",
    });
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    for (const path of ["/", "/picks", "/standings"]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Sign Out (Carrie)" })).toBeVisible();
    }
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    const starting = ["/api/auth/user", "/api/contests", "/api/season", "/api/users"];
    expect(asked.filter((path) => starting.includes(path))).toEqual([]);
    await page.getByRole("button", { name: /Sign Out/ }).click();
    await expect(page.getByRole("heading", { name: /Go head to head/ })).toBeVisible();
  });

  test("a player's screen comes with its own first answers: Make Picks, the standings and the dashboard ask for none of them", async ({
    adminPage,
    browser,
  }) => {
    test.setTimeout(120_000);
    const contest = await twoPlayerContest(adminPage, browser, {
      name: "Carried",
      players: [
        ["Cara", "Carried"],
        ["Dell", "Data"],
      ],
    });
    const { page } = contest.player1;
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
    });
    await page.goto("/picks");
    await expect(
      page.getByRole("heading", { name: `Week 1 Picks - ${contest.name}`, level: 1 }),
    ).toBeVisible();
    await expect(page.getByText("DAL").first()).toBeVisible();
    await page.goto("/standings");
    await expect(page.getByRole("heading", { name: "Standings", level: 1 })).toBeVisible();
    await expect(page.getByText(contest.name).first()).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Your Turn").first()).toBeVisible();
    // What the three screens show first (decision 054): turns, Make Picks' week, weekly results.
    const screens =
      /\/(turn|first-picker|current-round|proposals|availability|picks\/player|weekly-results)\b|\/api\/games\/week\//;
    expect(asked.filter((url) => screens.test(url))).toEqual([]);
    await contest.close();
  });

  test("signing in lands on the dashboard; signing out returns to the landing page", async ({
    page,
    request,
  }) => {
    const who = { email: uniqueEmail(), password: "a good password", firstName: "Sam", lastName: "Out" };
    await registerByApi(request, who);
    await signIn(page, who);
    await page.getByRole("button", { name: /Sign Out/ }).click();
    await expect(page.getByRole("heading", { name: /Go head to head/ })).toBeVisible();
  });
});
