import { expect, test, uniqueEmail } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { checkView } from "./view-checks";

/*
 * Two weeks of a contest as its players read them afterwards (docs/rules.md, "Standings"): week 1
 * tied on wins reads "Push"; week 2, in which neither of them picked, reads "No picks made", never
 * "Push". An app of its own, on a database of its own: set up on Thursday of week 1 (2025-09-04),
 * then started again on the Tuesday after week 2 (2025-09-16), when week 2 is over.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

// Screenshots of the views, when asked for (NO_PICKS_SCREENSHOTS=.tmp/no-picks).
const shots = process.env.NO_PICKS_SCREENSHOTS;
const app = ownApp("no-picks");

const cal = { email: uniqueEmail("cal"), firstName: "Cal", lastName: "Carter" };
const bea = { email: uniqueEmail("bea"), firstName: "Bea", lastName: "Baker" };
let contestId = "";

test("week 1 is tied on wins and week 2 has no picks at all", async ({ browser }) => {
  app.clear();
  await app.start("2025-09-04T12:00:00Z");
  const admin = await app.person(
    browser,
    { email: uniqueEmail("ada") },
    { firstName: "Ada", lastName: "Admin" },
  );
  const c = await app.person(browser, cal, cal);
  const b = await app.person(browser, bea, bea);
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
  await app.stop();
});

test("after week 2, the contest and the standings say Push for the tie and No picks made for the empty week", async ({
  browser,
}) => {
  await app.start("2025-09-16T12:00:00Z");
  const c = await app.person(browser, cal);
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
