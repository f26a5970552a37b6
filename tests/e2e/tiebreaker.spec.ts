import type { Page } from "@playwright/test";
import { CREATION_PASSWORD, expect, test, uniqueEmail } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { checkView } from "./view-checks";

/*
 * The weekly tiebreaker (docs/rules.md): each player guesses the total points of the week's last
 * game, MIN @ CHI on Monday night in week 1 of 2025; the guess is its maker's own until that game
 * kicks off, and a week tied on wins goes to the closer guess. The shared server's clock is fixed
 * at 2025-09-04T12:00Z, before the first kickoff.
 */

test.describe.configure({ timeout: 180_000 });

// Screenshots of the views, when asked for (TIEBREAKER_SCREENSHOTS=.tmp/tiebreaker).
const shots = process.env.TIEBREAKER_SCREENSHOTS;
const PROMPT = "Guess the total points of MIN @ CHI, the week's last game (Mon, Sep 8, 8:15 PM EDT).";

const side = (page: Page, matchup: string, label: string) =>
  page.getByRole("article", { name: matchup }).getByRole("button", { name: label });
const tiebreaker = (page: Page) => page.getByRole("region", { name: "Tiebreaker" });

async function submitPicks(page: Page, picks: [matchup: string, label: string][]) {
  for (const [matchup, label] of picks) await side(page, matchup, label).click();
  await page.getByRole("button", { name: "Submit Picks" }).click();
  await page
    .getByRole("alertdialog", { name: "Confirm Your Picks" })
    .getByRole("button", { name: "Confirm Submit" })
    .click();
  await expect(page.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();
}

async function guess(page: Page, points: string, button: "Save Guess" | "Change Guess") {
  const card = tiebreaker(page);
  await card.getByLabel("Total points").fill(points);
  await card.getByRole("button", { name: button }).click();
}

/*
 * Guessing on Make Picks: an app of its own, whose MIN @ CHI no other spec scores (the shared
 * server's standings spec makes it final), its clock on Thursday of week 1.
 */
test.describe("guessing", () => {
  const app = ownApp("tiebreaker-guess");

  test("both players guess the last game's total on Make Picks, each seeing only their own", async ({
    browser,
  }) => {
    app.clear();
    await app.start("2025-09-04T12:00:00Z");
    // The first account of the fresh database is its admin.
    const ada = { email: uniqueEmail("ada"), firstName: "Ada", lastName: "Admin" };
    const admin = await app.person(browser, ada, ada);
    const adminPage = admin.page;
    await ok(
      await adminPage.request.put("/api/system-config/contest_creation_password", {
        data: { value: CREATION_PASSWORD },
      }),
    );
    const player = async (email: string, firstName: string, lastName: string) => ({
      email,
      ...(await app.person(browser, { email }, { firstName, lastName })),
    });
    const alice = await player(uniqueEmail("alice"), "Alice", "Anders");
    const bob = await player(uniqueEmail("bob"), "Bob", "Brown");
    const a = alice.page;
    const b = bob.page;
    const name = `Tiebreak Duel ${Date.now()}`;

    // Alice creates the contest in the dialog: the tiebreaker is on unless she turns it off.
    const openDialog = async () => {
      await a.goto("/contests");
      await a.getByRole("button", { name: "Create Contest", exact: true }).click();
      await a
        .getByRole("dialog", { name: "Create New Contest" })
        .getByRole("switch", { name: "Weekly Tiebreaker" })
        .scrollIntoViewIfNeeded();
    };
    await openDialog();
    const dialog = a.getByRole("dialog", { name: "Create New Contest" });
    const tiebreakSwitch = dialog.getByRole("switch", { name: "Weekly Tiebreaker" });
    await expect(tiebreakSwitch).toBeChecked();
    await expect(dialog).toContainText(
      "Each player guesses the total points of the week's last game; the closer guess takes a tied week.",
    );
    await dialog.getByLabel("Contest Name").fill(name);
    await dialog.getByLabel("Opponent's Email").fill(bob.email);
    await dialog.getByLabel("Contest Creation Password").fill(CREATION_PASSWORD);
    await dialog.getByRole("button", { name: "Create Contest" }).click();
    await expect(a.getByText("Contest Created", { exact: true })).toBeVisible();
    await expect(a.getByRole("heading", { name, level: 1 })).toBeVisible();
    const id = a.url().split("/").pop()!;
    await expect(a.getByRole("region", { name: "Contest Rules" })).toContainText(
      "Tiebreaker: total points of the week's last game",
    );

    // Bob accepts.
    await b.goto("/contests");
    await b.getByRole("tab", { name: /Pending/ }).click();
    await b.getByRole("article", { name }).getByRole("button", { name: "Accept" }).click();
    await expect(b.getByText("Contest Accepted!", { exact: true })).toBeVisible();

    // Alice, the first picker, picks, then guesses.
    const picksUrl = `/picks?contestId=${id}`;
    await a.goto(picksUrl);
    await submitPicks(a, [
      ["DAL @ PHI", "PHI -8.5"],
      ["KC @ LAC", "Over 47.5"],
    ]);
    await expect(tiebreaker(a)).toContainText(PROMPT);
    await expect(tiebreaker(a)).toContainText("Bob Brown has not guessed yet.");
    await guess(a, "47", "Save Guess");
    await expect(a.getByText("Guess Saved", { exact: true })).toBeVisible();
    await expect(tiebreaker(a).getByRole("button", { name: "Change Guess" })).toBeVisible();

    // Bob picks; the Dashboard then says his guess is owed, and when it locks.
    await b.goto(picksUrl);
    await submitPicks(b, [
      ["DAL @ PHI", "DAL +8.5"],
      ["TB @ ATL", "TB -1.5"],
    ]);
    await expect(tiebreaker(b)).toContainText("Alice Anders has made their guess.");
    await expect(tiebreaker(b)).not.toContainText("47");
    await b.goto("/");
    await expect(b.getByRole("heading", { name: "Your Turn", level: 2 })).toBeVisible();
    const row = b.getByTestId("turn-row").filter({ hasText: name });
    await expect(row).toHaveAttribute("data-kind", "guess-owed");
    await expect(row.getByTestId("turn-text")).toHaveText(
      "Your picks are in · tiebreaker guess locks in 4d 12h",
    );

    // A guess out of bounds is refused at the field; then Bob guesses.
    await row.getByRole("link", { name: "Make Picks" }).click();
    await guess(b, "250", "Save Guess");
    await expect(tiebreaker(b)).toContainText("Guess must be a whole number of points from 0 to 200.");
    await guess(b, "38", "Save Guess");
    await expect(b.getByText("Guess Saved", { exact: true })).toBeVisible();
    await expect(tiebreaker(b).getByRole("button", { name: "Change Guess" })).toBeVisible();
    await b.goto("/");
    await expect(b.getByTestId("turn-row").filter({ hasText: name })).toHaveAttribute(
      "data-kind",
      "complete",
    );

    // Alice sees that Bob has guessed, not what; her own guess stays hers.
    await a.goto(picksUrl);
    await expect(tiebreaker(a)).toContainText("Bob Brown has made their guess.");
    await expect(tiebreaker(a).getByLabel("Total points")).toHaveValue("47");
    await expect(tiebreaker(a)).not.toContainText("38");
    await checkView(a, "make-picks", shots, async () => {
      await a.goto(picksUrl);
      await expect(tiebreaker(a).getByLabel("Total points")).toHaveValue("47");
    });

    // The contest's weekly results: her guess, Bob's hidden until the kickoff.
    const openContest = async () => {
      await a.goto(`/contests/${id}`);
      await a.getByRole("button", { name: /^Week 1\b/ }).click();
      await expect(a.getByTestId("week-tiebreak")).toBeVisible();
      await a.evaluate(() => window.scrollTo(0, 0));
    };
    await openContest();
    await expect(a.getByTestId("week-tiebreak")).toHaveText(
      "Tiebreaker: Alice Anders 47 · Bob Brown hidden until kickoff",
    );
    await checkView(a, "contest", shots, openContest);
    await checkView(a, "create-dialog", shots, openDialog);

    // An admin looking in reads both as hidden, and guesses nothing.
    await adminPage.goto(picksUrl);
    await expect(tiebreaker(adminPage)).toContainText(
      "Tiebreaker: Alice Anders hidden until kickoff · Bob Brown hidden until kickoff",
    );
    await expect(tiebreaker(adminPage).getByLabel("Total points")).toHaveCount(0);

    // The admin's Edit Contest has the switch too, on as the contest plays it.
    await adminPage.goto("/admin/contests");
    await adminPage.getByLabel("Search contests").fill(name);
    await adminPage.getByRole("button", { name: `Actions for ${name}` }).click();
    await adminPage.getByRole("menuitem", { name: "Edit Contest" }).click();
    const edit = adminPage.getByRole("dialog", { name: "Edit Contest" });
    await expect(edit.getByRole("switch", { name: "Weekly Tiebreaker" })).toBeChecked();
    await expect(edit).toContainText("Applies from the contest's next week without picks.");
    if (shots) await adminPage.screenshot({ path: `${shots}/edit-dialog.png` });
    await edit.getByRole("button", { name: "Cancel" }).click();

    await Promise.all([admin.close(), alice.close(), bob.close()]);
  });
});

/*
 * A week tied on wins, settled by the last game's final: an app of its own, on a database of its
 * own, set up on Thursday of week 1 (2025-09-04), then started again on the Tuesday after it
 * (2025-09-09), when the admin enters the finals.
 */
test.describe("a week tied on wins", () => {
  test.describe.configure({ mode: "serial" });

  const app = ownApp("tiebreaker");

  const ada = { email: uniqueEmail("ada"), firstName: "Ada", lastName: "Admin" };
  const cal = { email: uniqueEmail("cal"), firstName: "Cal", lastName: "Carter" };
  const bea = { email: uniqueEmail("bea"), firstName: "Bea", lastName: "Baker" };
  let contestId = "";

  type WeekGame = { id: string; awayTeam: string; homeTeam: string };
  const findGame = (games: WeekGame[], away: string, home: string) =>
    games.find((game) => game.awayTeam === away && game.homeTeam === home)!;

  test("both players pick right and guess before the kickoff", async ({ browser }) => {
    app.clear();
    await app.start("2025-09-04T12:00:00Z");
    // The first account of the fresh database is its admin.
    const admin = await app.person(browser, ada, ada);
    const c = await app.person(browser, cal, cal);
    const b = await app.person(browser, bea, bea);
    try {
      await ok(await admin.request.put("/api/system-config/contest_creation", { data: { value: "open" } }));
      const created = await ok(
        await c.request.post("/api/contests", {
          data: {
            name: "Closest Guess",
            player2Email: bea.email,
            defaultBetAmount: 10,
            maxPicksPerPlayer: 1,
            tiebreaker: true,
            firstWeek: 1,
            lastWeek: 2,
          },
        }),
      );
      contestId = ((await created.json()) as { id: string }).id;
      await ok(await b.request.patch(`/api/contests/${contestId}`, { data: { status: "active" } }));

      // LV @ NE (NE by 2.5, total 44.5): Cal takes NE, Bea the over.
      const week1 = (await (await c.request.get("/api/games/week/1/season/2025")).json()) as WeekGame[];
      const game = findGame(week1, "LV", "NE");
      for (const [who, pick, points] of [
        [c, { market: "spread", side: "favorite" }, 45],
        [b, { market: "total", side: "over" }, 50],
      ] as const) {
        await ok(
          await who.request.post("/api/picks/batch", {
            data: { contestId, week: 1, round: 1, picks: [{ gameId: game.id, ...pick }] },
          }),
        );
        await ok(
          await who.request.put(`/api/contests/${contestId}/tiebreak`, { data: { week: 1, guess: points } }),
        );
      }
    } finally {
      await Promise.all([admin.close(), c.close(), b.close()]);
    }
    await app.stop();
  });

  test("after the last game's final, the closer guess takes the week", async ({ browser }) => {
    await app.start("2025-09-09T12:00:00Z");
    const admin = await app.person(browser, ada);
    const c = await app.person(browser, cal);
    try {
      // NE 30, LV 20 makes both picks right (1-1); CHI 24, MIN 27 is 51 points: Bea's 50 is closer.
      const week1 = (await (await admin.request.get("/api/games/week/1/season/2025")).json()) as WeekGame[];
      for (const [away, home, awayScore, homeScore] of [
        ["LV", "NE", 20, 30],
        ["MIN", "CHI", 27, 24],
      ] as const) {
        await ok(
          await admin.request.patch(`/api/games/${findGame(week1, away, home).id}`, {
            data: { status: "final", homeScore, awayScore },
          }),
        );
      }

      const page = c.page;
      const openContest = async () => {
        await page.goto(`/contests/${contestId}`);
        await expect(page.getByRole("heading", { name: "Closest Guess" })).toBeVisible();
        await page.getByRole("button", { name: /^Week 1\b/ }).click();
        await expect(page.getByTestId("week-tiebreak")).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
      };
      await openContest();
      await expect(page.getByRole("button", { name: /^Week 1\b/ })).toContainText(
        "Bea Baker wins on the tiebreaker",
      );
      await expect(page.getByTestId("week-tiebreak")).toHaveText(
        "Tiebreaker: Cal Carter 45 · Bea Baker 50 · Total 51",
      );
      await checkView(page, "tied-week-contest", shots, openContest);

      // The standings: Cal lost the week, on the tiebreaker.
      const openStandings = async () => {
        await page.goto(`/standings?contestId=${contestId}`);
        await expect(page.getByRole("heading", { name: "Weekly Standings" })).toBeVisible();
      };
      await openStandings();
      const week1Row = page
        .getByRole("table", { name: "Weekly standings" })
        .getByRole("row")
        .filter({ has: page.getByText("Week 1", { exact: true }) });
      await expect(week1Row).toContainText("Lost");
      await expect(week1Row).toContainText("on the tiebreaker");
      await expect(week1Row).toContainText("-$10");
      await checkView(page, "tied-week-standings", shots, openStandings);

      // Make Picks shows both guesses once locked; to an admin, with the total.
      await page.goto(`/picks?contestId=${contestId}&week=1`);
      await expect(tiebreaker(page)).toContainText("Guesses locked at kickoff: Cal Carter 45 · Bea Baker 50");
      await admin.page.goto(`/picks?contestId=${contestId}&week=1`);
      await expect(tiebreaker(admin.page)).toContainText(
        "Tiebreaker: Cal Carter 45 · Bea Baker 50 · Total 51",
      );
    } finally {
      await Promise.all([admin.close(), c.close()]);
    }
  });
});
