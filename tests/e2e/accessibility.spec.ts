import type { Browser, Page } from "@playwright/test";
import { ADMIN_STATE, expect, test, twoPlayerContest } from "./fixtures";
import { axeFindings } from "./view-checks";

/*
 * Keyboard and screen readers: axe-core finds nothing on any screen, in the light theme and in the
 * dark; the skip link; pick buttons that name their game; focus on the result of a submission.
 * The server's clock is fixed at 2025-09-04T12:00Z: week 1 of 2025, before its first kickoff
 * (DAL @ PHI, PHI -8.5, total 47.5). The contest's creator picks first in week 1.
 *
 * With A11Y_SCREENSHOTS=<folder> the skip link and the focus ring are photographed there
 * (desktop and 390 px wide, light and dark), for a person to look at.
 */

// Each test visits many screens twice (light, dark) and runs axe on each: more than 30 seconds.
test.describe.configure({ timeout: 180_000 });

type Theme = "light" | "dark";
const THEMES: Theme[] = ["light", "dark"];
/** Where the app keeps the theme (docs/rules.md, Interface). */
const THEME_KEY = "football-pool-theme";

interface Screen {
  name: string;
  path: string;
  /** The screen's h1. */
  heading: string | RegExp;
  /** What shows once the screen's data is in, beyond the heading. */
  ready?: (page: Page) => Promise<void>;
}

/** The theme a returning visitor chose: read by the next page load (public/theme-init.js). */
async function chooseTheme(page: Page, theme: Theme) {
  if (!page.url().startsWith("http")) await page.goto("/api/health");
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: THEME_KEY, value: theme });
}

async function open(page: Page, screen: Screen, theme: Theme) {
  await page.goto(screen.path);
  await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
  await screen.ready?.(page);
  // Every placeholder has given way to its data.
  await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
}

/** Every screen in both themes, each theme chosen once; every screen's findings are reported. */
async function expectNoViolations(page: Page, screens: Screen[]) {
  // No animation half-way (fade-ins) when axe measures colours.
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    for (const screen of screens) {
      await open(page, screen, theme);
      expect.soft(await axeFindings(page), `${screen.name} (${theme})`).toEqual([]);
    }
  }
}

const card = (page: Page, matchup: string) => page.getByRole("article", { name: matchup });

/** A contest Alice (first picker in week 1) and Bob play, seen from Alice's browser. */
async function aliceAndBob(adminPage: Page, browser: Browser) {
  const { player1: alice, ...contest } = await twoPlayerContest(adminPage, browser, {
    name: "Access",
    players: [
      ["Alice", "Access"],
      ["Bob", "Braille"],
    ],
  });
  return { ...contest, alice };
}

test("signed out: the landing and sign-in pages have no axe violations, light and dark", async ({ page }) => {
  await expectNoViolations(page, [
    { name: "Landing", path: "/", heading: /Go head to head/ },
    { name: "Sign in", path: "/api/login", heading: "Welcome" },
    {
      name: "Create account",
      path: "/api/login?tab=create",
      heading: "Welcome",
      ready: (p) => expect(p.getByLabel("First name")).toBeVisible(),
    },
  ]);
});

test("a player's screens have no axe violations, light and dark", async ({ adminPage, browser }) => {
  const { id, name, alice, close } = await aliceAndBob(adminPage, browser);
  const page = alice.page;
  await expectNoViolations(page, [
    {
      name: "Dashboard",
      path: "/",
      heading: "Dashboard",
      ready: (p) => expect(p.getByText(name).first()).toBeVisible(),
    },
    {
      name: "My Contests",
      path: "/contests",
      heading: "My Contests",
      ready: (p) => expect(p.getByRole("article", { name })).toBeVisible(),
    },
    {
      name: "Contest details",
      path: `/contests/${id}`,
      heading: name,
      ready: (p) => expect(p.getByRole("region", { name: "Weekly Results" })).toBeVisible(),
    },
    {
      name: "Make Picks, picking",
      path: `/picks?contestId=${id}`,
      heading: `Week 1 Picks - ${name}`,
      ready: async (p) => {
        // A selected side too: its colours are measured as well.
        const side = card(p, "DAL @ PHI").getByRole("button", { name: "PHI -8.5, DAL at PHI" });
        await side.click();
        await expect(side).toHaveAttribute("aria-pressed", "true");
      },
    },
    {
      name: "Games & Lines",
      path: "/games",
      heading: "NFL Games & Lines",
      ready: (p) => expect(card(p, "DAL @ PHI")).toBeVisible(),
    },
    {
      name: "Standings",
      path: `/standings?contestId=${id}`,
      heading: "Standings",
      ready: (p) => expect(p.getByText(name).first()).toBeVisible(),
    },
    { name: "Not found", path: "/no/such/page", heading: "404 Page Not Found" },
  ]);
  await close();
});

test("the admin's screens have no axe violations, light and dark", async ({ adminPage, browser }) => {
  const { id, name, close } = await aliceAndBob(adminPage, browser);
  const row = (text: string) => (p: Page) =>
    expect(p.getByRole("row").filter({ hasText: text }).first()).toBeVisible();
  await expectNoViolations(adminPage, [
    {
      name: "Admin Overview",
      path: "/admin",
      heading: "Admin Overview",
      ready: (p) => expect(p.getByRole("region", { name: "Recent Activity" })).toBeVisible(),
    },
    {
      name: "Player Management",
      path: "/admin/players",
      heading: "Player Management",
      ready: row("Ada Admin"),
    },
    { name: "Contest Management", path: "/admin/contests", heading: "Contest Management", ready: row(name) },
    {
      name: "Betting Management",
      path: "/admin/betting",
      heading: "Betting Management",
      ready: (p) => expect(p.getByText(name).first()).toBeVisible(),
    },
    {
      name: "First Picker Management",
      path: `/admin/first-picker?contestId=${id}`,
      heading: "Manage First Pickers",
      ready: (p) => expect(p.getByRole("group", { name: "Week 1", exact: true })).toBeVisible(),
    },
    {
      name: "Games Management",
      path: "/admin/games",
      heading: "Games Management",
      ready: (p) => expect(p.getByRole("listitem", { name: "DAL @ PHI, week 1" })).toBeVisible(),
    },
    {
      name: "Score Entry",
      path: "/score-entry",
      heading: "Score Entry",
      ready: (p) => expect(p.getByText("DAL @ PHI").first()).toBeVisible(),
    },
    { name: "Settings", path: "/settings", heading: "Settings" },
  ]);
  await close();
});

test("pick buttons name their game; a submission takes focus to Picks Complete, which has no axe violations", async ({
  adminPage,
  browser,
}) => {
  const { id, alice, close } = await aliceAndBob(adminPage, browser);
  const page = alice.page;
  await page.goto(`/picks?contestId=${id}`);

  // Out of its card, a button says which game it is on (the label first, as it is shown).
  const phi = page.getByRole("button", { name: "PHI -8.5, DAL at PHI", exact: true });
  const over = page.getByRole("button", { name: "Over 47.5, DAL at PHI", exact: true });
  await expect(phi).toBeVisible();
  await expect(page.getByRole("button", { name: "DAL +8.5, DAL at PHI", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Under 47.5, DAL at PHI", exact: true })).toBeVisible();

  // By keyboard: two sides, Submit Picks, Confirm Submit.
  await phi.focus();
  await page.keyboard.press("Enter");
  await over.focus();
  await page.keyboard.press("Space");
  await expect(over).toHaveAttribute("aria-pressed", "true");
  // The selection full, another game's side is off and says why, after its game.
  await expect(
    page.getByRole("button", { name: /^TB -1\.5, TB at ATL: You have selected all 2 picks/ }),
  ).toBeDisabled();
  await page.getByRole("button", { name: "Submit Picks" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Confirm Your Picks" });
  await dialog.getByRole("button", { name: "Confirm Submit" }).focus();
  await page.keyboard.press("Enter");

  // The result has the focus and is in sight: a region named "Picks Complete", described by its text.
  const result = page.getByRole("region", { name: "Picks Complete" });
  await expect(result).toBeFocused();
  await expect(result).toBeInViewport();
  await expect(result).toHaveAccessibleDescription(/You have already made all 2 picks for Week 1\./);

  // Picks Complete (with the proposals panel below it) in both themes.
  await expectNoViolations(page, [
    {
      name: "Make Picks, Picks Complete",
      path: `/picks?contestId=${id}`,
      heading: "Picks Complete",
      ready: (p) => expect(p.getByRole("region", { name: /Additional Game Proposals/ })).toBeVisible(),
    },
  ]);
  // Reached again later, the card does not take the focus.
  await expect(page.getByRole("region", { name: "Picks Complete" })).not.toBeFocused();
  await close();
});

/** Tab from the page's load reaches the skip link first; Enter moves focus to <main>. */
async function expectSkipLink(page: Page) {
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).not.toBeInViewport();

  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  await page.keyboard.press("Enter");
  const main = page.getByRole("main");
  await expect(main).toBeFocused();
  await expect(skip).not.toBeInViewport();
  // The next Tab goes on inside the main content, past the header and the sidebar.
  await page.keyboard.press("Tab");
  expect(await main.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

test("signed in, the skip link is the first Tab stop and moves focus to the main content", async ({
  adminPage: page,
}) => {
  await page.goto("/contests");
  await expect(page.getByRole("heading", { level: 1, name: "My Contests" })).toBeVisible();
  await expectSkipLink(page);
});

test("signed out, the skip link is the first Tab stop and moves focus to the main content", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /Go head to head/ })).toBeVisible();
  await expectSkipLink(page);
});

/** A close-up of the focused element and its surroundings. */
async function shootFocused(page: Page, path: string) {
  const box = await page.evaluate(() => {
    const rect = document.activeElement?.getBoundingClientRect();
    return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
  });
  if (!box) throw new Error("Nothing has the focus");
  const pad = 16;
  const x = Math.max(0, box.x - pad);
  const y = Math.max(0, box.y - pad);
  await page.screenshot({ path, clip: { x, y, width: box.width + 2 * pad, height: box.height + 2 * pad } });
}

test("screenshots of the skip link and the focus ring (A11Y_SCREENSHOTS only)", async ({ browser }) => {
  const folder = process.env.A11Y_SCREENSHOTS;
  test.skip(!folder, "set A11Y_SCREENSHOTS=<folder> to take them");
  for (const [size, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["390", { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ storageState: ADMIN_STATE, viewport, deviceScaleFactor: 2 });
    const page = await context.newPage();
    for (const theme of THEMES) {
      await chooseTheme(page, theme);
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await page.keyboard.press("Tab");
      await page.screenshot({ path: `${folder}/skip-link-${size}-${theme}.png` });
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.screenshot({ path: `${folder}/focus-ring-${size}-${theme}.png` });
      await shootFocused(page, `${folder}/focus-ring-link-${size}-${theme}.png`);
      // A button in the header, a primary button and a text field.
      await page.getByRole("button", { name: "Toggle theme" }).focus();
      await shootFocused(page, `${folder}/focus-ring-header-${size}-${theme}.png`);
      await page.goto("/contests");
      await page.getByRole("button", { name: "Create Contest" }).first().focus();
      await shootFocused(page, `${folder}/focus-ring-button-${size}-${theme}.png`);
      await page.getByRole("button", { name: "Create Contest" }).first().press("Enter");
      await page.getByRole("dialog").getByRole("textbox").first().focus();
      await shootFocused(page, `${folder}/focus-ring-input-${size}-${theme}.png`);
      if (size === "desktop") {
        await page.keyboard.press("Escape");
        await page.getByRole("link", { name: "Games & Lines" }).focus();
        await shootFocused(page, `${folder}/focus-ring-sidebar-${size}-${theme}.png`);
      }
    }
    await context.close();
  }
});
