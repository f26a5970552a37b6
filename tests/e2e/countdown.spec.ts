import type { Browser, Page } from "@playwright/test";
import { expect, test, twoPlayerContest, type Player } from "./fixtures";

/*
 * The server's clock is fixed at 2025-09-04T12:00Z, a Thursday of week 1: the hand-over (Thursday
 * 4:00 PM Pacific) is 23:00Z, 11 hours on; the opener (DAL @ PHI) kicks off at 00:20Z, 12h 20m on.
 * Each browser's clock starts at the same moment, so the countdowns read exactly.
 */
const NOW = new Date("2025-09-04T12:00:00Z");

// Two players sign up in browsers of their own: more than the default 30 seconds.
test.describe.configure({ timeout: 120_000 });

/** Player 1 challenges player 2, who accepts: player 1 picks first in week 1. */
async function activeContest(adminPage: Page, browser: Browser) {
  const {
    player1: first,
    player2: second,
    ...contest
  } = await twoPlayerContest(adminPage, browser, {
    name: "Countdown",
    players: [
      ["Tess", "Timer"],
      ["Walt", "Waiting"],
    ],
  });
  return { ...contest, first, second };
}

async function pickTwo(player: Player, contestId: string) {
  const games = (await (await player.page.request.get("/api/games/week/1/season/2025")).json()) as {
    id: string;
    status: string;
    overUnder: string | null;
  }[];
  const open = games.filter((game) => game.status === "upcoming" && game.overUnder !== null);
  const response = await player.page.request.post("/api/picks/batch", {
    data: {
      contestId,
      week: 1,
      round: 1,
      picks: [
        { gameId: open[2]!.id, market: "total", side: player.name.startsWith("Tess") ? "over" : "under" },
        { gameId: open[3]!.id, market: "total", side: player.name.startsWith("Tess") ? "over" : "under" },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The Dashboard's turn card: "Your Turn" while the viewer may pick somewhere, else "This Week". */
const turnRow = (page: Page, contestName: string) =>
  page
    .getByRole("region", { name: /^(Your Turn|This Week)$/ })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: contestName }) });
const turnText = (page: Page, contestName: string) => turnRow(page, contestName).getByTestId("turn-text");

test("the dashboard says whose turn it is and counts down to the hand-over or the kickoff", async ({
  adminPage,
  browser,
}) => {
  const { id, name, first, second, close } = await activeContest(adminPage, browser);
  await first.page.clock.setFixedTime(NOW);
  await second.page.clock.setFixedTime(NOW);

  // Week 1: the first picker's turn, to be done by the hand-over; the second picker waits for it.
  await first.page.goto("/");
  await expect(first.page.getByRole("heading", { name: "Your Turn" })).toBeVisible();
  await expect(turnText(first.page, name)).toHaveText("Your turn: 2 picks to make · hand-over in 11h 0m");
  await expect(turnRow(first.page, name).getByRole("link", { name: "Make Picks" })).toHaveAttribute(
    "href",
    `/picks?contestId=${id}&week=1`,
  );
  await second.page.goto("/");
  await expect(turnText(second.page, name)).toHaveText(`Waiting for ${first.name} · hand-over in 11h 0m`);
  await expect(second.page.getByRole("heading", { name: "This Week" })).toBeVisible();
  await expect(turnRow(second.page, name).getByRole("link", { name: "Make Picks" })).toHaveCount(0);

  // The first picker picks: the turn passes at once, hand-over or not.
  await pickTwo(first, id);
  await first.page.reload();
  await expect(turnText(first.page, name)).toHaveText(
    `Your picks are in · ${second.name} has 2 picks to make`,
  );
  await second.page.reload();
  await expect(turnText(second.page, name)).toHaveText(
    "Your turn: 2 picks to make · next kickoff in 12h 20m",
  );

  await pickTwo(second, id);
  await second.page.reload();
  await expect(turnText(second.page, name)).toHaveText("Picks complete for week 1");
  await first.page.reload();
  await expect(turnText(first.page, name)).toHaveText("Picks complete for week 1");

  await close();
});

test("the countdown runs live and hands the turn over on Thursday at 4:00 PM Pacific", async ({
  adminPage,
  browser,
}) => {
  const { name, first, second, close } = await activeContest(adminPage, browser);
  const page = second.page;
  const at = (ms: number) => new Date(NOW.getTime() + ms);
  // The browser's clock starts at the server's moment and runs; the test then moves it by hand
  // (the app needs running timers to load, so the clock is paused only once the card shows).
  await page.clock.install({ time: NOW });
  await page.goto("/");
  const text = turnText(page, name);
  await expect(text).toHaveText(/^Waiting for Tess Timer · hand-over in (11h 0m|10h 59m)$/);

  // More than an hour away, it counts minutes.
  await page.clock.pauseAt(at(3 * 60_000));
  await expect(text).toHaveText(`Waiting for ${first.name} · hand-over in 10h 57m`);

  // Within the last hour it counts seconds. (The card read the server's time when its data
  // arrived, a moment after the browser's clock started: the exact second varies with load.)
  await page.clock.pauseAt(at(10 * 3_600_000 + 30_000));
  await expect(text).toHaveText(new RegExp(`^Waiting for ${first.name} · hand-over in 59m \\d+s$`));
  const seconds = async () => Number(/59m (\d+)s$/.exec((await text.textContent()) ?? "")?.[1]);
  const before = await seconds();
  await page.clock.runFor(2000);
  await expect(text).not.toHaveText(`Waiting for ${first.name} · hand-over in 59m ${before}s`);
  expect(await seconds()).toBeLessThan(before);

  // Past the hand-over the second picker may pick, though the first has not: the next kickoff
  // (00:20Z) counts, 1h 19m and some seconds away.
  await page.clock.fastForward("01:00:00");
  await expect(text).toHaveText("Your turn: 2 picks to make · next kickoff in 1h 19m");
  await expect(turnRow(page, name).getByRole("link", { name: "Make Picks" })).toBeVisible();

  await close();
});
