import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, newPlayer, startContest, test } from "./fixtures";

// The other specs block the service worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: "allow" });

/**
 * The installable app (docs/rules.md, "Installable app"; decision 025): the web app manifest, the icons and
 * the iOS tags; the service worker that opens the app offline with the last data it had, says so, and offers
 * a new version without ever reloading by itself.
 */

const THEME_KEY = "football-pool-theme";
const SCREENS = [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "390", size: { width: 390, height: 844 } },
];

/** Waits until the service worker controls the page (it claims the pages it finds on its first start). */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** Screenshots of the page in light and dark, on a desktop and a 390 px wide phone, into .tmp/. */
async function screenshots(page: Page, prefix: string, visible: () => Promise<void>) {
  for (const theme of ["light", "dark"]) {
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
    await page.reload();
    await visible();
    for (const { name, size } of SCREENS) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `.tmp/${prefix}-${name}-${theme}.png` });
    }
  }
  await page.setViewportSize(SCREENS[0]!.size);
}

test("the app is installable: manifest, icons, iOS tags, and Chrome's own check", async ({
  page,
  playwright,
  launchOptions,
  baseURL,
}) => {
  const manifestResponse = await page.request.get("/manifest.webmanifest");
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Football Pool",
    short_name: "Football Pool",
    start_url: "/",
    display: "standalone",
    theme_color: "#ffffff",
    background_color: "#ffffff",
  });
  const icons = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`);
  expect(icons).toEqual(["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"]);

  for (const src of [
    ...manifest.icons.map((icon) => icon.src),
    "/icons/apple-touch-icon-180.png",
    "/icons/badge-96.png",
  ]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"], src).toBe("image/png");
    expect((await icon.body()).subarray(1, 4).toString(), src).toBe("PNG");
  }

  // The worker is looked at on every visit (no-cache); the hashed assets it lists stay cached for good.
  const worker = await page.request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  const asset = /"(assets\/[^"]+\.js)"/.exec(await worker.text())?.[1];
  expect(asset).toBeDefined();
  expect((await page.request.get(`/${asset}`)).headers()["cache-control"]).toContain("immutable");

  const response = await page.goto("/");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
  const head = page.locator("head");
  await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    "/icons/apple-touch-icon-180.png",
  );
  await expect(head.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  await expect(head.locator('meta[name="mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  await expect(head.locator('meta[name="apple-mobile-web-app-status-bar-style"]')).toHaveAttribute(
    "content",
    "default",
  );
  await expect(head.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute(
    "content",
    "Football Pool",
  );
  await expect(head.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);
  await expect(head.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveCount(
    1,
  );

  // What Chrome itself requires before it offers to install the app (Lighthouse's old audit). Not
  // in a test's usual context, which Chrome counts as incognito, where it never offers it.
  const profile = mkdtempSync(path.join(tmpdir(), "football-pool-install-"));
  const profiled = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const installed = profiled.pages()[0] ?? (await profiled.newPage());
    await installed.goto("/");
    await controlledByServiceWorker(installed);
    const cdp = await profiled.newCDPSession(installed);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[] };
    expect(errors).toEqual([]);
  } finally {
    await profiled.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("offline, the app opens with the last data it had and says so", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const player1 = await newPlayer(browser, "Olive", "Offline");
  const player2 = await newPlayer(browser, "Owen", "Online");
  const first = `Offline Cup ${Date.now()}`;
  await startContest(player1, player2, first);
  const { page: app } = player1;
  const problems: string[] = [];
  app.on("pageerror", (error) => problems.push(error.message));

  await app.goto("/");
  await expect(app.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await controlledByServiceWorker(app);
  // Read once more now that the worker is in the way, which keeps the answers.
  await app.reload();
  await expect(app.getByText(first).first()).toBeVisible();
  await expect(app.getByText("You are offline")).toHaveCount(0);

  await app.context().setOffline(true);
  // Meanwhile the server moves on: a second contest, which the offline page cannot know of.
  const second = `Second Cup ${Date.now()}`;
  const created = await request.post("/api/auth/login", {
    data: { email: player2.email, password: "a good password" },
  });
  expect(created.ok()).toBeTruthy();
  const contest = await request.post("/api/contests", {
    data: {
      name: second,
      description: "",
      player2Email: player1.email,
      defaultBetAmount: 5,
      maxPicksPerPlayer: 2,
      contestCreationPassword: "letmein",
    },
  });
  expect(contest.status()).toBe(201);

  await app.reload();
  await expect(app.getByText("You are offline")).toBeVisible();
  // The signed-in shell (not the landing page, not the sign-in page) with the data it had.
  await expect(app.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(app.getByRole("button", { name: "Sign Out (Olive)" })).toBeVisible();
  await expect(app.getByText(first).first()).toBeVisible();
  await expect(app.getByText(second)).toHaveCount(0);
  await screenshots(app, "offline-notice", async () => {
    await expect(app.getByText("You are offline")).toBeVisible();
    await expect(app.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(app.getByText(first).first()).toBeVisible();
  });

  await app.context().setOffline(false);
  await expect(app.getByText("You are offline")).toBeHidden();
  await app.reload();
  await expect(app.getByText(second).first()).toBeVisible();
  expect(problems).toEqual([]);
  await Promise.all([player1.close(), player2.close()]);
});

test("the landing page says so too when offline", async ({ page }) => {
  await page.goto("/");
  await controlledByServiceWorker(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: /Go head to head/ })).toBeVisible();
  await expect(page.getByText("You are offline")).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText("You are offline")).toBeHidden();
});

test("sign-out drops what the worker kept: offline, the next visitor sees no one's data", async ({
  browser,
}) => {
  const player = await newPlayer(browser, "Sam", "Signout");
  const { page } = player;
  await page.goto("/");
  await controlledByServiceWorker(page);
  await page.reload();
  await expect(page.getByText("Welcome, Sam!")).toBeVisible();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  expect(await page.evaluate(() => caches.match("/api/auth/user").then((kept) => kept?.status ?? null))).toBe(
    null,
  );
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText("You are offline")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Go head to head/ })).toBeVisible();
  await expect(page.getByText("Welcome, Sam!")).toHaveCount(0);
  await player.close();
});

test("a new version is offered with a reload prompt, and only the player's Reload reloads", async ({
  browser,
}) => {
  const player = await newPlayer(browser, "Una", "Update");
  const app = player.page;
  await app.goto("/");
  await expect(app.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await controlledByServiceWorker(app);

  // The next deployment, as the browser sees one: a worker script other than the one running (a
  // script at another URL is installed even when its bytes are the same).
  await app.evaluate(() => navigator.serviceWorker.register("/sw.js?next-version", { scope: "/" }));
  const prompt = app.getByText("A new version of Football Pool is available.");
  await expect(prompt).toBeVisible();
  // A reload of its own accord does not take the new version: it still waits, and is offered again.
  await screenshots(app, "update-prompt", async () => {
    await expect(prompt).toBeVisible();
    await expect(app.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });

  // Never by itself: the page is the same one a while later.
  await app.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await app.waitForTimeout(1_000);
  expect(await app.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

  await app.getByRole("button", { name: "Reload" }).click();
  await app.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined);
  await expect(app.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await player.close();
});
