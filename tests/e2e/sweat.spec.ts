import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { EspnStandIn, recorded, vary, type EspnEvent } from "../feed-stand-in";
import { CREATION_PASSWORD, expect, test } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { checkView } from "./view-checks";

/*
 * The sweat (docs/rules.md, "The sweat"): while games are live, each pick says how it stands against
 * its line, and the week says how it would end now; both move with each live score, on pages left
 * open, with no request. An app of its own: on Sunday of week 12 of 2025 before the 1 PM games
 * (2025-11-23T17:00Z) Alice and Bob pick; started again at 19:00Z with the data feed on a stand-in
 * of ESPN serving the week (tests/fixtures/espn/2025-week-12-before-kickoff.json), live. The
 * admin's Sync now brings each score in.
 *
 * The picks, at the shipped lines: Alice KC -3.5 (IND @ KC) and Over 41.5 (MIN @ GB), one of her 3
 * picks still to make; Bob IND +3.5, DET -14 (NYG @ DET) and PHI +3 (PHI @ DAL, not started).
 */

test.describe.configure({ timeout: 300_000 });

// Screenshots of the views, when asked for (SWEAT_SCREENSHOTS=/tmp/sweat-shots).
const shots = process.env.SWEAT_SCREENSHOTS;

const standIn = new EspnStandIn();
test.beforeAll(() => standIn.start().then(() => undefined));
test.afterAll(() => standIn.stop());

const week12 = recorded("2025-week-12-before-kickoff.json");
const eventOf = (shortName: string): EspnEvent =>
  week12.events.find((event: EspnEvent) => event.shortName === shortName);

/** The scores as the source has them now; the admin's Sync now brings them in. */
async function serveAndSync(admin: APIRequestContext, scores: () => void) {
  scores();
  standIn.setWeek(2025, 12, week12);
  await ok(await admin.post("/api/admin/feed/sync", { data: { season: 2025, week: 12 } }));
}

type WeekGame = { id: string; awayTeam: string; homeTeam: string };

async function pick(request: APIRequestContext, contestId: string, picks: object[]) {
  await ok(await request.post("/api/picks/batch", { data: { contestId, week: 12, round: 1, picks } }));
}

/** Opens a page and waits until its event stream is connected, then marks the document. */
async function openLive(page: Page, url: string) {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.goto(url);
  await stream;
  // A reload would lose this mark: the checks below prove the page changed in place.
  await page.evaluate(() => document.documentElement.setAttribute("data-live-test", "same page"));
}
const notReloaded = (page: Page) =>
  expect(page.locator("html")).toHaveAttribute("data-live-test", "same page");

/** The API requests a page makes from now on, but its event stream. */
function requestsFrom(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/") && pathname !== "/api/events") seen.push(pathname);
  });
  return seen;
}

const card = (page: Page, matchup: string) => page.getByRole("article", { name: matchup });

/** A photograph of one part of a view, beside checkView's of the whole page, when asked for. */
async function closeUp(page: Page, part: Locator, name: string) {
  if (!shots) return;
  const theme = (await page.locator("html").evaluate((html) => html.classList.contains("dark")))
    ? "dark"
    : "light";
  const width = page.viewportSize()?.width ?? 0;
  // In the middle of the window: clear of the sticky header and of Make Picks' submit bar.
  await part.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await part.screenshot({
    path: path.join(shots, `${name}-close-${width}-${theme}.png`),
    animations: "disabled",
  });
  // The whole page's photograph follows: from the top, as it opens.
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe("the sweat", () => {
  const app = ownApp("sweat");

  test("each live score moves the picks against their lines and the week's outcome on open pages", async ({
    browser,
  }) => {
    app.clear();
    await app.start("2025-11-23T17:00:00Z");
    const { ada, aliceWho, bobWho, admin, alice, bob } = await app.adaAliceAndBob(browser);
    const created = await ok(
      await alice.request.post("/api/contests", {
        data: {
          name: `Sweat ${Date.now()}`,
          description: "",
          player2Email: bobWho.email,
          defaultBetAmount: 10,
          maxPicksPerPlayer: 3,
          contestCreationPassword: CREATION_PASSWORD,
        },
      }),
    );
    const { id } = (await created.json()) as { id: string };
    await ok(await bob.request.patch(`/api/contests/${id}`, { data: { status: "active" } }));
    const games = (await (await alice.request.get("/api/games/week/12/season/2025")).json()) as WeekGame[];
    const gameId = (matchup: string) =>
      games.find((game) => `${game.awayTeam} @ ${game.homeTeam}` === matchup)!.id;
    await pick(bob.request, id, [
      { gameId: gameId("IND @ KC"), market: "spread", side: "underdog" },
      { gameId: gameId("NYG @ DET"), market: "spread", side: "favorite" },
      { gameId: gameId("PHI @ DAL"), market: "spread", side: "underdog" },
    ]);
    await pick(alice.request, id, [
      { gameId: gameId("IND @ KC"), market: "spread", side: "favorite" },
      { gameId: gameId("MIN @ GB"), market: "total", side: "over" },
    ]);
    await Promise.all([admin.close(), alice.close(), bob.close()]);
    await app.stop();

    // Sunday afternoon, the feed on: the 1 PM games are in the third quarter.
    await app.start("2025-11-23T19:00:00Z", { FEED_URL: standIn.url, FEED_LIVE_INTERVAL_S: "3600" });
    const ada2 = await app.person(browser, ada);
    const a = await app.person(browser, aliceWho);
    const b = await app.person(browser, bobWho);
    const aliceDashboard = await a.page.context().newPage();
    const bobResults = await b.page.context().newPage();
    try {
      // The feed's first sync after the start (the whole season, nothing served yet) is done first:
      // the syncs below are then the only changes, and each a score update.
      await expect
        .poll(async () => {
          const status = (await (await ada2.request.get("/api/admin/feed")).json()) as {
            recent: { kind: string }[];
          };
          return status.recent.some((sync) => sync.kind === "season");
        })
        .toBe(true);
      await serveAndSync(ada2.request, () => {
        vary.live(eventOf("IND @ KC"), 14, 21, 3, "9:12");
        vary.live(eventOf("MIN @ GB"), 10, 17, 3, "9:12");
        vary.live(eventOf("NYG @ DET"), 7, 24, 3, "9:12");
      });

      // Alice's Make Picks (a pick still to make): her own picks on the live games' cards.
      await openLive(a.page, `/picks?contestId=${id}`);
      await expect(card(a.page, "IND @ KC")).toContainText("Covering by 3.5 with 9:12 left in Q3");
      await expect(card(a.page, "MIN @ GB")).toContainText("Under by 14.5 with 9:12 left in Q3");
      // Bob's pick on her card is his to sweat: hers alone are told.
      await expect(card(a.page, "IND @ KC").getByTestId("pick-sweat")).toHaveCount(1);
      // Bob's Make Picks (his picks complete): his live picks; the game not started says nothing new.
      await openLive(b.page, `/picks?contestId=${id}`);
      const bobPicks = b.page.getByRole("list", { name: "Your Week 12 picks" });
      await expect(bobPicks).toContainText("Not covering by 3.5 with 9:12 left in Q3");
      await expect(bobPicks).toContainText("Covering by 3 with 9:12 left in Q3");
      await expect(bobPicks.getByTestId("pick-sweat")).toHaveCount(2);
      // Bob's weekly results: the week as it would end now, each pick against its line.
      await openLive(bobResults, `/contests/${id}`);
      const weekRow = bobResults
        .getByRole("region", { name: "Weekly Results" })
        .getByRole("listitem")
        .first();
      await expect(weekRow.getByTestId("week-sweat")).toHaveText("If it ended now: 1–1, a push");
      await weekRow.getByRole("button", { name: /^Week 12/ }).click();
      await expect(weekRow).toContainText("Under by 14.5 with 9:12 left in Q3");
      // Alice's dashboard: the contest's line in Live Now.
      await openLive(aliceDashboard, "/");
      const live = aliceDashboard.getByRole("region", { name: "Live Now" });
      await expect(live.getByTestId("week-sweat")).toHaveText("If it ended now: 1–1, a push");
      await expect(live).toContainText("KC -3.5 (IND @ KC): Covering by 3.5 with 9:12 left in Q3");

      // The scores move: the texts follow on every open page, with no reload and no request but the stream.
      const asked = [a.page, b.page, bobResults, aliceDashboard].map(requestsFrom);
      await serveAndSync(ada2.request, () => {
        vary.live(eventOf("IND @ KC"), 14, 28, 4, "5:30");
        vary.live(eventOf("MIN @ GB"), 17, 31, 4, "5:30");
        vary.live(eventOf("NYG @ DET"), 7, 24, 3, "0:00", "STATUS_END_PERIOD");
      });
      const ahead = "If it ended now: Alice Anders wins 2–1 and takes the $10 pot";
      await expect(card(a.page, "IND @ KC")).toContainText("Covering by 10.5 with 5:30 left in Q4");
      await expect(card(a.page, "MIN @ GB")).toContainText("Over by 6.5 with 5:30 left in Q4");
      await expect(bobPicks).toContainText("Not covering by 10.5 with 5:30 left in Q4");
      await expect(bobPicks).toContainText("Covering by 3 at the end of Q3");
      await expect(weekRow.getByTestId("week-sweat")).toHaveText(ahead);
      await expect(weekRow).toContainText("Over by 6.5 with 5:30 left in Q4");
      await expect(live.getByTestId("week-sweat")).toHaveText(ahead);
      await expect(live).toContainText("Over 41.5 (MIN @ GB): Over by 6.5 with 5:30 left in Q4");
      for (const page of [a.page, b.page, bobResults, aliceDashboard]) await notReloaded(page);
      expect(asked).toEqual([[], [], [], []]);

      // Each view in both themes and widths: no axe findings (and a photograph of each when asked).
      await checkView(a.page, "make-picks-cards", shots, async () => {
        await a.page.goto(`/picks?contestId=${id}`);
        await expect(card(a.page, "IND @ KC")).toContainText("Covering by 10.5");
        await closeUp(a.page, card(a.page, "IND @ KC"), "make-picks-card");
      });
      await checkView(b.page, "make-picks-complete", shots, async () => {
        await b.page.goto(`/picks?contestId=${id}`);
        await expect(bobPicks).toContainText("Not covering by 10.5");
        await closeUp(b.page, bobPicks, "make-picks-complete");
      });
      await checkView(bobResults, "weekly-results", shots, async () => {
        await bobResults.goto(`/contests/${id}`);
        await weekRow.getByRole("button", { name: /^Week 12/ }).click();
        await expect(weekRow).toContainText("Over by 6.5");
        await closeUp(bobResults, weekRow, "weekly-results");
      });
      await checkView(aliceDashboard, "dashboard", shots, async () => {
        await aliceDashboard.goto("/");
        await expect(live.getByTestId("week-sweat")).toHaveText(ahead);
        await closeUp(aliceDashboard, live, "dashboard");
      });
    } finally {
      await Promise.all([ada2.close(), a.close(), b.close()]);
    }
  });
});
