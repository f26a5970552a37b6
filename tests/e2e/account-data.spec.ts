import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Download, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { accountExport, PICKS_CSV_COLUMNS } from "../../src/contracts/account-data";
import {
  ADMIN_STATE,
  CREATION_PASSWORD,
  expect,
  newPlayer,
  startContest,
  test,
  type Player,
} from "./fixtures";
import { axeFindings } from "./view-checks";

/*
 * A player's data and leaving, from Settings: Bea downloads her data (a JSON file and her picks as
 * CSV) and reads in them what her screens show; Dee deletes his account, and his opponent's
 * Standings and ledger read the same after, with "Former player" as his name. The server's clock is
 * fixed at 2025-09-04T12:00Z, week 1 of 2025, before its first kickoff.
 *
 * With ACCOUNT_DATA_SCREENSHOTS=<folder> the cards and the dialog are photographed there (desktop
 * and 390 px wide, light and dark), for a person to look at.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = "a good password";
const THEME_KEY = "football-pool-theme";
const shots = process.env.ACCOUNT_DATA_SCREENSHOTS;

interface Game {
  id: string;
  homeTeam: string;
  awayTeam: string;
  overUnder: string;
}

/**
 * MIA @ IND (IND favoured by 1.5, total 47.5) and SF @ SEA (SF by 2.5, total 43.5) of week 1, which
 * no other test touches: the first player of each contest takes IND and the over, the second MIA
 * and the under. Then IND 30, MIA 10 and SEA 40, SF 30: the first player wins the week's $10 pot.
 * SF @ SEA is put back before its kickoff once the file's tests are done: the proposals' test offers it.
 */
async function playWeekOne(admin: Page, contests: { id: string; first: Player; second: Player }[]) {
  const week = (await (await admin.request.get("/api/games/week/1/season/2025")).json()) as Game[];
  const find = (away: string, home: string) => week.find((g) => g.awayTeam === away && g.homeTeam === home)!;
  const games = [find("MIA", "IND"), find("SF", "SEA")] as const;
  // A retry finds them final from the first try: they are put back before their kickoff.
  for (const game of games) {
    const reset = await admin.request.patch(`/api/games/${game.id}`, {
      data: { homeScore: null, awayScore: null, status: "upcoming" },
    });
    expect(reset.ok(), await reset.text()).toBeTruthy();
  }
  const submit = async (who: Player, contestId: string, sides: [string, string]) => {
    const response = await who.page.request.post("/api/picks/batch", {
      data: {
        contestId,
        week: 1,
        round: 1,
        picks: [
          { gameId: games[0].id, market: "spread", side: sides[0] },
          { gameId: games[1].id, market: "total", side: sides[1] },
        ],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  for (const { id, first, second } of contests) {
    await submit(first, id, ["favorite", "over"]);
    await submit(second, id, ["underdog", "under"]);
  }
  for (const [game, homeScore, awayScore] of [
    [games[0], 30, 10],
    [games[1], 40, 30],
  ] as const) {
    const saved = await admin.request.patch(`/api/games/${game.id}`, {
      data: { homeScore, awayScore, status: "final", confirmFinalBeforeKickoff: true },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
    expect((await admin.request.post(`/api/games/${game.id}/score`)).ok()).toBeTruthy();
  }
  return games;
}

async function openSettings(page: Page) {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your data" })).toBeVisible();
}

/** Clicks a download link and reads the saved file. */
async function download(page: Page, name: string): Promise<{ file: Download; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("region", { name: "Your data" }).getByRole("link", { name }).click(),
  ]);
  expect(await file.failure()).toBeNull();
  return { file, text: await readFile((await file.path())!, "utf8") };
}

/** What Eve's screens say of her contest with Dee: the standings' leaders and week, the contest's ledger. */
async function eveSees(page: Page, contestId: string) {
  await page.goto(`/standings?contestId=${contestId}`);
  const leaders = page.getByRole("region", { name: "Contest Leaders" });
  await expect(leaders.getByRole("listitem")).toHaveCount(2);
  await expect(leaders).toContainText("owes");
  const weekly = page.getByRole("region", { name: "Weekly Standings" });
  await expect(weekly).toContainText("Lost");
  const standings = { leaders: await leaders.innerText(), weekly: await weekly.innerText() };
  await page.goto(`/contests/${contestId}`);
  const ledger = page.getByRole("region", { name: "Ledger" });
  await expect(ledger).toContainText("owes");
  return { ...standings, ledger: await ledger.innerText() };
}

// Both contests play the same two games in one go: once final, they cannot be picked again.
test.describe("after a played week", () => {
  test.describe.configure({ mode: "serial" });
  let admin: BrowserContext;
  let bea: Player;
  let cy: Player;
  let dee: Player;
  let eve: Player;
  let beaContest: { id: string; name: string };
  let deeContest: string;
  let miaInd: Game;
  let sfSea: Game;

  test.beforeAll(async ({ browser }) => {
    admin = await browser.newContext({ storageState: ADMIN_STATE });
    [bea, cy, dee, eve] = await Promise.all([
      newPlayer(browser, "Bea", "Brown"),
      newPlayer(browser, "Cy", "Carter"),
      newPlayer(browser, "Dee", "Dixon"),
      newPlayer(browser, "Eve", "Evans"),
    ]);
    const name = `Bea and Cy ${Date.now()}`;
    beaContest = { id: await startContest(bea, cy, name), name };
    deeContest = await startContest(dee, eve, `Dee and Eve ${Date.now()}`);
    [miaInd, sfSea] = await playWeekOne(await admin.newPage(), [
      { id: beaContest.id, first: bea, second: cy },
      { id: deeContest, first: dee, second: eve },
    ]);
  });

  test.afterAll(async () => {
    // SF @ SEA back before its kickoff: the proposals' test offers it (MIA @ IND is this file's alone).
    if (sfSea) {
      const reset = await admin.request.patch(`/api/games/${sfSea.id}`, {
        data: { homeScore: null, awayScore: null, status: "upcoming" },
      });
      expect(reset.ok(), await reset.text()).toBeTruthy();
    }
    await Promise.all([bea, cy, dee, eve].map((player) => player?.close()));
    await admin?.close();
  });

  test("Bea downloads her data and her picks as CSV, and reads in them what her screens show", async () => {
    const { id, name } = beaContest;
    await openSettings(bea.page);
    const json = await download(bea.page, "Download my data");
    expect(json.file.suggestedFilename()).toBe("football-pool-bea-brown-2025-09-04.json");
    const data = accountExport.parse(JSON.parse(json.text));
    expect(data.profile).toMatchObject({
      firstName: "Bea",
      lastName: "Brown",
      email: bea.email,
      isAdmin: false,
    });
    expect(data.contests).toHaveLength(1);
    const contest = data.contests[0]!;
    expect(contest).toMatchObject({
      id,
      name,
      opponent: "Cy Carter",
      status: "active",
      betAmount: 10,
      standing: { you: { wins: 2, losses: 0, runningTotal: 10 }, opponent: { wins: 0, losses: 2 } },
      ledger: {
        summary: "Cy Carter owes you $10",
        balance: 10,
        weeks: [{ week: 1, pot: 10, winner: "you" }],
      },
    });
    expect(contest.picks.map((pick) => pick.pick).sort()).toEqual(["IND -1.5", "Over 43.5"]);
    expect(contest.picks.every((pick) => pick.result === "win")).toBe(true);
    expect(contest.picks.find((pick) => pick.market === "spread")).toMatchObject({
      lineSpread: expect.any(String),
      lineFavorite: "IND",
      game: { homeTeam: miaInd.homeTeam, awayTeam: miaInd.awayTeam, week: 1, season: 2025 },
    });

    // What her Standings screen says of the same contest.
    await bea.page.goto(`/standings?contestId=${id}`);
    await expect(bea.page.getByRole("region", { name: "Contest Leaders" })).toContainText(
      "Cy Carter owes Bea Brown $10.",
    );

    await openSettings(bea.page);
    const csv = await download(bea.page, "Download picks as CSV");
    expect(csv.file.suggestedFilename()).toBe("football-pool-bea-brown-2025-09-04.csv");
    const header = (parse(csv.text, { bom: true, to: 1 }) as string[][])[0];
    expect(header).toEqual([...PICKS_CSV_COLUMNS]);
    const rows = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({ Contest: name, Opponent: "Cy Carter", Week: "1", "Week result": "Won" });
    expect(rows.map((row) => row.Pick).sort()).toEqual(["IND -1.5", "Over 43.5"]);
  });

  test("Dee deletes his account: Eve's Standings and ledger read the same, with Former player as his name", async () => {
    const before = await eveSees(eve.page, deeContest);
    expect(before.leaders).toContain("Eve Evans owes Dee Dixon $10.");

    // The dialog says what happens to the paid contest under way before asking for his password.
    await openSettings(dee.page);
    await dee.page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = dee.page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(dialog).toContainText("against Eve Evans — money is at stake: settle what you owe first.");
    await dialog.getByLabel("Your password").fill("not my password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("That password is not right.", { exact: false })).toBeVisible();
    await dialog.getByLabel("Your password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    // Signed out, on the landing page.
    await expect(dee.page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await expect(dee.page.getByRole("heading", { level: 1, name: /Go head to head/ })).toBeVisible();
    expect((await dee.page.request.get("/api/auth/user")).status()).toBe(401);
    const login = await dee.page.request.post("/api/auth/login", {
      data: { email: dee.email, password: PASSWORD },
    });
    expect(login.status()).toBe(401);

    // Eve's screens: the same figures, the same ledger, with "Former player" where Dee's name was
    // (his first name, in the table's heading, reads "Former"; his initials "FP").
    const after = await eveSees(eve.page, deeContest);
    const renamed = (text: string) =>
      text
        .replaceAll("Dee Dixon", "Former player")
        .replaceAll(/\bDee\b/g, "Former")
        .replaceAll(/\bDD\b/g, "FP");
    expect(after).toEqual({
      leaders: renamed(before.leaders),
      weekly: renamed(before.weekly),
      ledger: renamed(before.ledger),
    });
    expect(after.leaders).toContain("Eve Evans owes Former player $10.");
  });
});

type Theme = "light" | "dark";

async function chooseTheme(page: Page, theme: Theme) {
  if (!page.url().startsWith("http")) await page.goto("/api/health");
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: THEME_KEY, value: theme });
}

/** A player with a paid contest under way and a challenge waiting, in a browser of the given width. */
async function playerWithContests(browser: Browser, width: number) {
  const fay = await newPlayer(browser, "Fay", "Fisher");
  const gus = await newPlayer(browser, "Gus", "Green");
  await startContest(fay, gus, `Fay and Gus ${Date.now()}`);
  const challenge = await fay.page.request.post("/api/contests", {
    data: {
      name: `Fay's rematch ${Date.now()}`,
      description: "",
      player2Email: gus.email,
      defaultBetAmount: 0,
      maxPicksPerPlayer: 2,
      contestCreationPassword: CREATION_PASSWORD,
    },
  });
  expect(challenge.status()).toBe(201);
  await fay.page.setViewportSize({ width, height: 900 });
  return { fay, close: () => Promise.all([fay.close(), gus.close()]) };
}

for (const [size, width] of [
  ["desktop", 1280],
  ["390px", 390],
] as const) {
  test(`the cards and the dialog have no axe violations and fit the screen, ${size}, light and dark`, async ({
    browser,
  }) => {
    const { fay, close } = await playerWithContests(browser, width);
    const page = fay.page;
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const theme of ["light", "dark"] as const) {
      await chooseTheme(page, theme);
      await openSettings(page);
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      const cards = page.getByRole("region", { name: "Your data" });
      await cards.scrollIntoViewIfNeeded();
      expect.soft(await axeFindings(page), `Settings (${size}, ${theme})`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `Settings (${size}, ${theme}) is wider than the screen`).toBeLessThanOrEqual(0);
      if (shots) {
        const both = page.getByRole("region", { name: "Delete account" });
        await both.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/cards-${size}-${theme}.png`, fullPage: true });
      }
      await page.getByRole("button", { name: "Delete my account" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
      await expect(dialog).toContainText("money is at stake");
      await expect(dialog).toContainText("This challenge is declined:");
      await expect(dialog.getByLabel("Your password")).toBeVisible();
      expect.soft(await axeFindings(page), `Delete dialog (${size}, ${theme})`).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/dialog-${size}-${theme}.png` });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    }
    await close();
  });
}

test("the only administrator is told why they cannot delete their account", async ({ browser }) => {
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  const page = await context.newPage();
  const check = await (await page.request.get("/api/account/deletion-check")).json();
  // Another test may have made a second admin: then the dialog asks for the password instead.
  test.skip(!check.lastAdmin, "another admin exists");
  await openSettings(page);
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("You are the last administrator");
  await expect(dialog.getByLabel("Your password")).toHaveCount(0);
  expect.soft(await axeFindings(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/dialog-last-admin-desktop-light.png` });
  await dialog.getByRole("button", { name: "Close" }).click();
  await context.close();
});
