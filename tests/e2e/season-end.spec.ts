import type { Page } from "@playwright/test";
import { CREATION_PASSWORD, expect, newPlayer, test, uniqueEmail, type Player } from "./fixtures";

/**
 * A contest played to its end, as two friends would: Cal creates it in the browser for week 18 only
 * (one pick each), Bea accepts, each picks a side of BAL @ PIT (this file's game: a line is set on
 * it, and it is put back as shipped when done), the admin enters the final. The contest then opens
 * with its result and leads on: its rematch proposed to the same opponent, a dashboard that says
 * what was played.
 */
const SHOTS = ".tmp/season-end";
const MOBILE = { width: 390, height: 844 };

interface Game {
  id: string;
  homeTeam: string;
  awayTeam: string;
}

async function shoot(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}-desktop.png`, fullPage: true });
    const size = page.viewportSize();
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}-mobile.png`, fullPage: true });
    if (size) await page.setViewportSize(size);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("a contest played to its last week opens with its result and leads on to the next", async ({
  adminPage,
  browser,
}) => {
  const opened = await adminPage.request.put("/api/system-config/contest_creation_password", {
    data: { value: CREATION_PASSWORD },
  });
  expect(opened.ok()).toBeTruthy();
  const week18 = (await (await adminPage.request.get("/api/games/week/18/season/2025")).json()) as Game[];
  const game = week18.find((g) => g.awayTeam === "BAL" && g.homeTeam === "PIT")!;
  // PIT by 3, total 40.5; upcoming again should a retry find it final.
  const lined = await adminPage.request.patch(`/api/games/${game.id}`, {
    data: { spread: -3, overUnder: 40.5, status: "upcoming", homeScore: null, awayScore: null },
  });
  expect(lined.ok(), await lined.text()).toBeTruthy();

  const cal: Player = await newPlayer(browser, 'Cal "The Lock"', "Carter", { email: uniqueEmail("cal") });
  const bea: Player = await newPlayer(browser, "Bea", "Baker");
  try {
    await playToTheEnd(adminPage, game, cal, bea);
  } finally {
    // BAL @ PIT back as shipped: upcoming, no line, no score.
    const reset = await adminPage.request.patch(`/api/games/${game.id}`, {
      data: { homeScore: null, awayScore: null, status: "upcoming", spread: null, overUnder: null },
    });
    expect(reset.ok(), await reset.text()).toBeTruthy();
    await Promise.all([cal.close(), bea.close()]);
  }
});

async function playToTheEnd(adminPage: Page, game: Game, cal: Player, bea: Player) {
  const name = `Last Week ${Date.now()}`;

  // Cal chooses the contest's weeks in Create Contest: week 18 alone.
  const c = cal.page;
  await c.goto("/contests");
  await expect(c.getByText("Create Your First Contest")).toBeVisible();
  await c.getByRole("button", { name: "Create Contest" }).first().click();
  const dialog = c.getByRole("dialog", { name: "Create New Contest" });
  await dialog.getByLabel("Contest Name").fill(name);
  await dialog.getByLabel("Opponent's Email").fill(bea.email);
  await expect(dialog).toContainText("Runs for 18 weeks (NFL weeks 1 to 18)");
  await dialog.getByRole("combobox", { name: "First Week" }).click();
  await c.getByRole("option", { name: "Week 18" }).click();
  // The last week moves with the first.
  await expect(dialog.getByRole("combobox", { name: "Last Week" })).toHaveText("Week 18");
  await expect(dialog).toContainText("Runs for 1 week (NFL week 18)");
  await dialog.getByLabel("Max Picks Per Player").fill("1");
  await dialog.getByLabel("Contest Creation Password").fill(CREATION_PASSWORD);
  // The plain rules: week 18 settles on its picks, not on its last game's final.
  await dialog.getByRole("switch", { name: "Weekly Tiebreaker" }).click();
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(c.getByRole("heading", { name, level: 1 })).toBeVisible();
  const id = c.url().split("/contests/")[1]!;
  const accepted = await bea.page.request.patch(`/api/contests/${id}`, { data: { status: "active" } });
  expect(accepted.ok()).toBeTruthy();

  // Week 18's first picker takes PIT -3, the other BAL +3.
  const turn = await (await c.request.get(`/api/contests/${id}/turn/18`)).json();
  const [first, second] = turn.firstPickerId === (await me(c)) ? [cal, bea] : [bea, cal];
  for (const [player, side] of [
    [first, "favorite"],
    [second, "underdog"],
  ] as const) {
    const response = await player.page.request.post("/api/picks/batch", {
      data: { contestId: id, week: 18, round: 1, picks: [{ gameId: game.id, market: "spread", side }] },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  // PIT 24, BAL 17: PIT covers, the first picker takes the week, and the contest is over.
  const final = await adminPage.request.patch(`/api/games/${game.id}`, {
    data: { homeScore: 24, awayScore: 17, status: "final", confirmFinalBeforeKickoff: true },
  });
  expect(final.ok(), await final.text()).toBeTruthy();
  await expect
    .poll(async () => (await (await c.request.get(`/api/contests/${id}`)).json()).status)
    .toBe("completed");

  // The contest opens with its result, and leads on to its rematch.
  const winner = first.name;
  const loser = second.name;
  await c.goto(`/contests/${id}`);
  const result = c.getByRole("region", { name: "Final Result" });
  await expect(result).toHaveText(
    `Final Result${winner} wins week 18 of 2025, 1 correct pick to 0 (weeks won: ${cal.name} ${
      first === cal ? 1 : 0
    }, ${bea.name} ${first === bea ? 1 : 0}). ${loser} owes ${winner} $10.`,
  );
  await expect(c.getByRole("button", { name: "Make Picks" })).toHaveCount(0);
  // Initials are letters: Cal "The Lock" Carter is CC.
  await expect(c.getByRole("region", { name: "Overview" })).toContainText("CC");
  // Its main button proposes the rematch; whoever did not pick first in week 18 does in the rematch's.
  const actions = c.getByRole("region", { name: "Quick Actions" });
  await expect(actions).toContainText(
    `The same stake, rules and rounds next season; ${first === cal ? `${bea.name} picks` : "you pick"} first in week 18.`,
  );
  await shoot(c, "completed-contest");
  await actions.getByRole("button", { name: "Propose a Rematch" }).click();
  await expect(c.getByText(`Rematch proposed to ${bea.name}`, { exact: true })).toBeVisible();
  await expect(actions).toContainText(`Rematch proposed: waiting for ${bea.name} to accept`);
  await expect(actions.getByRole("link", { name: "View the rematch" })).toHaveAttribute(
    "href",
    /^\/contests\/[0-9a-f-]{36}$/,
  );

  // A dashboard of finished contests only says what was played and offers the next step.
  await c.goto("/");
  const section = c.getByRole("region", { name: "Your Active Contests" });
  await expect(section).toContainText("No Active Contests");
  await expect(section).toContainText(
    `1 contest played: ${first === cal ? "1 won, 0 lost" : "0 won, 1 lost"}. Start the next one`,
  );
  await shoot(c, "dashboard-after-the-season");
  await section.getByRole("link", { name: "See Completed Contests" }).click();
  await expect(c.getByRole("tab", { name: /Completed/, selected: true })).toBeVisible();
  await expect(c.getByRole("article", { name })).toBeVisible();
  await c.getByRole("tab", { name: /Active/ }).click();
  await expect(c.getByRole("button", { name: "Create a New Contest" })).toBeVisible();
  await c.goto("/");
  await c.getByRole("link", { name: "Create a New Contest" }).click();
  await expect(c.getByRole("dialog", { name: "Create New Contest" })).toBeVisible();
}

async function me(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/auth/user")).json()) as { id: string }).id;
}
