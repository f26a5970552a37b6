import { rmSync } from "node:fs";
import type { APIRequestContext, Browser } from "@playwright/test";
import { startServer, type ServerProcess } from "../setup/server-process";
import { expect, registerByApi, test, uniqueEmail } from "./fixtures";
import { checkView } from "./view-checks";

/*
 * Two weeks of a contest as its players read them afterwards (docs/rules.md, "Standings"): week 1
 * tied on wins reads "Push"; week 2, in which neither of them picked, reads "No picks made", never
 * "Push". An app of its own, on a database of its own: set up on Thursday of week 1 (2025-09-04),
 * then started again on the Tuesday after week 2 (2025-09-16), when week 2 is over.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

const dataDir = `.tmp/e2e-data-no-picks-${process.pid}`;
// Screenshots of the views, when asked for (NO_PICKS_SCREENSHOTS=.tmp/no-picks).
const shots = process.env.NO_PICKS_SCREENSHOTS;
const PASSWORD = "a good password";

let server: ServerProcess | undefined;
let appURL = "";

/** The built server on this spec's database, its clock stopped at `now`. */
async function startApp(now: string) {
  server = await startServer({ DATA_DIR: dataDir, APP_NOW: now, LOG_LEVEL: "warn" }, { entry: "built" });
  appURL = server.base;
}

async function stopApp() {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

test.afterAll(async () => {
  await stopApp();
  rmSync(dataDir, { recursive: true, force: true });
});

const cal = { email: uniqueEmail("cal"), firstName: "Cal", lastName: "Carter" };
const bea = { email: uniqueEmail("bea"), firstName: "Bea", lastName: "Baker" };
let contestId = "";

async function person(
  browser: Browser,
  who: { email: string },
  register?: { firstName: string; lastName: string },
) {
  const context = await browser.newContext({ baseURL: appURL, timezoneId: "America/New_York" });
  const page = await context.newPage();
  if (register) await registerByApi(page.request, { email: who.email, password: PASSWORD, ...register });
  else {
    const signedIn = await page.request.post("/api/auth/login", {
      data: { email: who.email, password: PASSWORD },
    });
    expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  }
  return { page, request: page.request, close: () => context.close() };
}

const ok = async (response: Awaited<ReturnType<APIRequestContext["post"]>>) => {
  expect(response.ok(), await response.text()).toBeTruthy();
  return response;
};

test("week 1 is tied on wins and week 2 has no picks at all", async ({ browser }) => {
  rmSync(dataDir, { recursive: true, force: true });
  await startApp("2025-09-04T12:00:00Z");
  const admin = await person(browser, { email: uniqueEmail("ada") }, { firstName: "Ada", lastName: "Admin" });
  const c = await person(browser, cal, cal);
  const b = await person(browser, bea, bea);
  try {
    await ok(await admin.request.put("/api/system-config/contest_creation", { data: { value: "open" } }));
    const created = await ok(
      await c.request.post("/api/contests", {
        data: {
          name: "Two Quiet Weeks",
          player2Email: bea.email,
          defaultBetAmount: 10,
          maxPicksPerPlayer: 1,
          firstWeek: 1,
          lastWeek: 3,
        },
      }),
    );
    contestId = ((await created.json()) as { id: string }).id;
    await ok(await b.request.patch(`/api/contests/${contestId}`, { data: { status: "active" } }));

    // LV @ NE (NE by 2.5, total 44.5): Cal takes NE, Bea the over; NE 30, LV 20 makes both right.
    const week1 = (await (await c.request.get("/api/games/week/1/season/2025")).json()) as {
      id: string;
      awayTeam: string;
      homeTeam: string;
    }[];
    const game = week1.find((g) => g.awayTeam === "LV" && g.homeTeam === "NE")!;
    for (const [who, pick] of [
      [c, { market: "spread", side: "favorite" }],
      [b, { market: "total", side: "over" }],
    ] as const) {
      await ok(
        await who.request.post("/api/picks/batch", {
          data: { contestId, week: 1, round: 1, picks: [{ gameId: game.id, ...pick }] },
        }),
      );
    }
    await ok(
      await admin.request.patch(`/api/games/${game.id}`, {
        data: { status: "final", homeScore: 30, awayScore: 20, confirmFinalBeforeKickoff: true },
      }),
    );
  } finally {
    await Promise.all([admin.close(), c.close(), b.close()]);
  }
  await stopApp();
});

test("after week 2, the contest and the standings say Push for the tie and No picks made for the empty week", async ({
  browser,
}) => {
  await startApp("2025-09-16T12:00:00Z");
  const c = await person(browser, cal);
  try {
    const page = c.page;
    const openContest = async () => {
      await page.goto(`/contests/${contestId}`);
      await expect(page.getByRole("heading", { name: "Two Quiet Weeks" })).toBeVisible();
    };
    await openContest();
    const week1 = page.getByRole("button", { name: /^Week 1\b/ });
    const week2 = page.getByRole("button", { name: /^Week 2\b/ });
    await expect(week1).toContainText("Push");
    await expect(week2).toContainText("No picks made");
    await expect(week2).not.toContainText("Push");
    // Opened, the empty week says so for each player.
    await week2.click();
    await expect(page.getByText("No picks this week.")).toHaveCount(2);
    // The ledger tells the two apart too.
    const ledger = page.getByRole("table").filter({ hasText: "Won by" });
    const ledgerRow = (week: number) =>
      ledger.getByRole("row").filter({ has: page.getByText(`Week ${week}`, { exact: true }) });
    await expect(ledgerRow(1)).toContainText("Push");
    await expect(ledgerRow(2)).toContainText("No picks made");
    await expect(page.getByTestId("ledger-summary")).toContainText(
      "Weeks won: Cal Carter 0 · Bea Baker 0 · 1 push · 1 week with no picks (2 settled weeks)",
    );
    await checkView(page, "contest", shots, openContest);

    const openStandings = async () => {
      await page.goto(`/standings?contestId=${contestId}`);
      await expect(page.getByRole("heading", { name: "Weekly Standings" })).toBeVisible();
    };
    await openStandings();
    const weekly = page.getByRole("table", { name: "Weekly standings" });
    const row = (week: number) =>
      weekly.getByRole("row").filter({ has: page.getByText(`Week ${week}`, { exact: true }) });
    await expect(row(1)).toContainText("Push");
    await expect(row(1)).toContainText("$10 pot not taken");
    await expect(row(2)).toContainText("No picks made");
    await expect(row(2)).not.toContainText("Push");
    await checkView(page, "standings", shots, openStandings);
  } finally {
    await c.close();
  }
});
