import type { Browser, Page } from "@playwright/test";
import { expect, newPlayer, startContest, test } from "./fixtures";

/*
 * Live updates: two players in browsers of their own, neither reloading. The server's clock is fixed
 * at 2025-09-04T12:00Z, week 1 of 2025 before the first kickoff (DAL @ PHI, PHI -8.5, total 47.5);
 * the contest's creator (player 1) picks first in week 1.
 */

test.describe.configure({ timeout: 120_000 });

async function activeContest(browser: Browser) {
  const zone = { timezoneId: "America/New_York" };
  const alice = await newPlayer(browser, "Alice", "Anders", zone);
  const bob = await newPlayer(browser, "Bob", "Brown", zone);
  const name = `Live ${Date.now()}`;
  const id = await startContest(alice, bob, name);
  return { id, name, alice, bob, close: () => Promise.all([alice.close(), bob.close()]) };
}

/** Opens a page and waits until its event stream is connected, then marks the document. */
async function openLive(page: Page, url: string) {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.goto(url);
  expect((await stream).headers()["content-type"]).toBe("text/event-stream; charset=utf-8");
  // A reload would lose this mark: the checks below prove the page changed in place.
  await page.evaluate(() => document.documentElement.setAttribute("data-live-test", "same page"));
}
const notReloaded = (page: Page) =>
  expect(page.locator("html")).toHaveAttribute("data-live-test", "same page");

const card = (page: Page, matchup: string) => page.getByRole("article", { name: matchup });
const side = (page: Page, matchup: string, label: string) =>
  card(page, matchup).getByRole("button", { name: label });

test("the second picker's page opens up as soon as the first picker submits", async ({ browser }) => {
  const { id, alice, bob, close } = await activeContest(browser);
  const url = `/picks?contestId=${id}`;
  const b = bob.page;
  await openLive(b, url);
  await expect(b.getByRole("alert").filter({ hasText: "Wait for" })).toContainText(
    "Wait for Alice Anders to make their picks first, then you can select 2 games.",
  );
  await expect(side(b, "DAL @ PHI", "DAL +8.5")).toBeDisabled();

  // Alice picks in her own browser.
  const a = alice.page;
  await a.goto(url);
  await side(a, "DAL @ PHI", "PHI -8.5").click();
  await side(a, "KC @ LAC", "Over 47.5").click();
  await a.getByRole("button", { name: "Submit Picks" }).click();
  await a
    .getByRole("alertdialog", { name: "Confirm Your Picks" })
    .getByRole("button", { name: "Confirm Submit" })
    .click();
  await expect(a.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();

  // Bob's page, untouched, now shows her picks and lets him pick.
  await expect(b.getByRole("alert").filter({ hasText: "more games" })).toContainText(
    "Select 2 more games to complete your picks.",
  );
  await expect(b.getByRole("alert").filter({ hasText: "Wait for" })).toHaveCount(0);
  const taken = side(b, "DAL @ PHI", "PHI -8.5");
  await expect(taken).toBeDisabled();
  await expect(taken).toContainText("Opp");
  await expect(card(b, "DAL @ PHI")).toContainText("Alice Anders picked");
  await expect(card(b, "KC @ LAC")).toContainText("Alice Anders picked");
  await expect(side(b, "DAL @ PHI", "DAL +8.5")).toBeEnabled();
  await notReloaded(b);
  await close();
});

test("both players see a final score and the week's wins without reloading", async ({
  adminPage,
  browser,
}) => {
  const { id, alice, bob, close } = await activeContest(browser);
  const games = (await (await alice.page.request.get("/api/games/week/1/season/2025")).json()) as {
    id: string;
    homeTeam: string;
  }[];
  // Games no other spec picks or scores: specs share one server and run side by side.
  const den = games.find((game) => game.homeTeam === "DEN")!;
  const gb = games.find((game) => game.homeTeam === "GB")!;
  const pick = (page: Page, picks: object[]) =>
    page.request.post("/api/picks/batch", { data: { contestId: id, week: 1, round: 1, picks } });
  expect(
    (
      await pick(alice.page, [
        { gameId: den.id, market: "spread", side: "favorite" },
        { gameId: gb.id, market: "total", side: "over" },
      ])
    ).status(),
  ).toBe(201);
  expect(
    (
      await pick(bob.page, [
        { gameId: den.id, market: "spread", side: "underdog" },
        { gameId: gb.id, market: "total", side: "under" },
      ])
    ).status(),
  ).toBe(201);

  const weekRow = (page: Page) =>
    page.getByRole("region", { name: "Weekly Results" }).getByRole("button", { name: /^Week 1/ });
  for (const page of [alice.page, bob.page]) {
    await openLive(page, `/contests/${id}`);
    await expect(weekRow(page)).toContainText("Alice Anders: 0");
    await expect(weekRow(page)).toContainText("Bob Brown: 0");
  }

  // The admin enters TEN @ DEN's final score (DEN by 20 covers 8.5) and scores it.
  const final = await adminPage.request.patch(`/api/games/${den.id}`, {
    data: { homeScore: 30, awayScore: 10, status: "final", confirmFinalBeforeKickoff: true },
  });
  expect(final.ok()).toBe(true);
  expect((await adminPage.request.post(`/api/games/${den.id}/score`)).ok()).toBe(true);

  for (const page of [alice.page, bob.page]) {
    await expect(weekRow(page)).toContainText("Alice Anders: 1");
    await expect(weekRow(page)).toContainText("Bob Brown: 0");
    await weekRow(page).click();
    const results = page.getByRole("region", { name: "Weekly Results" });
    await expect(results.getByText("Win", { exact: true })).toHaveCount(1);
    await expect(results.getByText("Loss", { exact: true })).toHaveCount(1);
    await notReloaded(page);
  }
  await close();
});
