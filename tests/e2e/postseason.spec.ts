import type { APIRequestContext, Page } from "@playwright/test";
import { CREATION_PASSWORD, expect, selectOption, test } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { checkView } from "./view-checks";

/*
 * The postseason (docs/rules.md, "The postseason"): a contest created in week 18 of 2025 with the
 * postseason on plays on into the Wild Card round, week 19, whose bet is 3× and the Super Bowl's
 * 2×. An app of its own, on a database of its own: set up on Wednesday of week 18 (2025-12-31),
 * when the admin adds the Wild Card round's six games; started again on Thursday of the Wild Card
 * week (2026-01-08), when both players pick; then on the Wednesday after it (2026-01-14), in the
 * Divisional round, when the admin enters the finals.
 */

test.describe.configure({ timeout: 300_000 });

// Screenshots of the views, when asked for (POSTSEASON_SCREENSHOTS=.tmp/postseason).
const shots = process.env.POSTSEASON_SCREENSHOTS;

const ROUNDS_LINE = "Postseason: Wild Card, Divisional, Conference Championships and Super Bowl";
const BETS_LINE = "Postseason bets: Wild Card 3×, Divisional 1×, Conference Championships 1×, Super Bowl 2×";

/** The 2025 season's Wild Card round, with lines (a negative spread favors the home team). */
const WILD_CARD = [
  { awayTeam: "LA", homeTeam: "CAR", gameDate: "2026-01-10T21:30:00Z", spread: 10.5, overUnder: 46.5 },
  { awayTeam: "GB", homeTeam: "CHI", gameDate: "2026-01-11T01:00:00Z", spread: -1.5, overUnder: 44.5 },
  { awayTeam: "BUF", homeTeam: "JAX", gameDate: "2026-01-11T18:00:00Z", spread: -1.5, overUnder: 51.5 },
  { awayTeam: "SF", homeTeam: "PHI", gameDate: "2026-01-11T21:30:00Z", spread: -4.5, overUnder: 44.5 },
  { awayTeam: "LAC", homeTeam: "NE", gameDate: "2026-01-12T01:00:00Z", spread: -3.5, overUnder: 43.5 },
  { awayTeam: "HOU", homeTeam: "PIT", gameDate: "2026-01-13T01:15:00Z", spread: 3, overUnder: 38.5 },
] as const;

/**
 * The finals: CHI by 3 covers -1.5 and BUF 28 JAX 27 goes over 51.5 (Alice's two wins); PHI by 3
 * does not cover -4.5 (Bob's loss), HOU by 7 covers -3 (his win). Alice takes the round, 2 to 1.
 */
const FINALS: Record<string, [awayScore: number, homeScore: number]> = {
  "LA @ CAR": [31, 17],
  "GB @ CHI": [24, 27],
  "BUF @ JAX": [28, 27],
  "SF @ PHI": [20, 23],
  "LAC @ NE": [16, 23],
  "HOU @ PIT": [24, 17],
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const card = (page: Page, matchup: string) => page.getByRole("article", { name: matchup });
// A pick button's name starts with its label ("PHI -4.5, SF at PHI").
const side = (page: Page, matchup: string, label: string) =>
  card(page, matchup).getByRole("button", { name: new RegExp(`^${escaped(label)},`) });

async function submitPicks(page: Page, picks: [matchup: string, label: string][]) {
  for (const [matchup, label] of picks) await side(page, matchup, label).click();
  await page.getByRole("button", { name: "Submit Picks" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirm Your Picks" });
  await expect(confirm).toContainText("Are you sure you want to submit your picks for the Wild Card round?");
  await confirm.getByRole("button", { name: "Confirm Submit" }).click();
  await expect(page.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();
  await expect(page.getByText("You have already made all 2 picks for the Wild Card round.")).toBeVisible();
}

/** The Contest Rules card names the rounds and their bets. */
async function checkRules(page: Page) {
  const rules = page.getByRole("region", { name: "Contest Rules" });
  await expect(rules).toContainText("Runs for 5 weeks (NFL week 18 and the postseason)");
  await expect(rules).toContainText(ROUNDS_LINE);
  await expect(rules).toContainText(BETS_LINE);
  await expect(rules).toContainText(
    "The player with the most correct picks at the end of the Super Bowl wins",
  );
}

/**
 * Alice creates the contest in the Create Contest dialog: the postseason starts off; on, the last
 * week is 18 and the rounds' bets appear, 1× each, of which she sets the Wild Card's to 3× and the
 * Super Bowl's to 2×. Returns the new contest's id.
 */
async function createContest(a: Page, name: string, opponentEmail: string): Promise<string> {
  const dialog = a.getByRole("dialog", { name: "Create New Contest" });
  const postseason = dialog.getByRole("switch", { name: "Postseason" });
  const openDialog = async () => {
    await a.goto("/contests");
    await a.getByRole("button", { name: "Create Contest", exact: true }).click();
    await postseason.scrollIntoViewIfNeeded();
  };
  const bets = dialog.getByRole("group", { name: "Postseason bets" });
  await openDialog();
  await expect(postseason).not.toBeChecked();
  await expect(bets).toHaveCount(0);
  await expect(dialog).toContainText("Runs for 1 week (NFL week 18).");
  await expect(dialog).toContainText(
    "After week 18, play on through the Wild Card round, the Divisional round, the conference championships and the Super Bowl.",
  );
  // The dialog with the postseason on, its bets shown.
  const withPostseason = async () => {
    await openDialog();
    await postseason.click();
    await expect(postseason).toBeChecked();
    await bets.scrollIntoViewIfNeeded();
  };
  await checkView(a, "create-dialog", shots, withPostseason);
  await dialog.getByLabel("Contest Name").fill(name);
  await dialog.getByLabel("Opponent's Email").fill(opponentEmail);
  await dialog.getByRole("switch", { name: "Weekly Tiebreaker" }).click();
  await expect(dialog).toContainText("Runs for 5 weeks (NFL week 18 and the postseason).");
  await expect(dialog.getByRole("combobox", { name: "Last Week" })).toBeDisabled();
  await expect(dialog.getByRole("combobox", { name: "Last Week" })).toHaveText("Week 18");
  for (const round of ["Wild Card", "Divisional", "Conference Championships", "Super Bowl"])
    await expect(bets.getByRole("combobox", { name: round })).toHaveText("1× ($10)");
  await selectOption(a, bets.getByRole("combobox", { name: "Wild Card" }), "3× ($30)");
  await selectOption(a, bets.getByRole("combobox", { name: "Super Bowl" }), "2× ($20)");
  await expect(bets.getByRole("combobox", { name: "Super Bowl" })).toHaveText("2× ($20)");
  await dialog.getByLabel("Contest Creation Password").fill(CREATION_PASSWORD);
  await bets.scrollIntoViewIfNeeded();
  if (shots) await a.screenshot({ path: `${shots}/create-dialog-bets.png`, animations: "disabled" });
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(a.getByText("Contest Created", { exact: true })).toBeVisible();
  await expect(a.getByRole("heading", { name, level: 1 })).toBeVisible();
  const id = a.url().split("/").pop()!;
  await checkRules(a);
  return id;
}

/** The admin's Edit Contest shows the postseason on and its bets, changeable until week 18 ends. */
async function checkEditDialog(page: Page, name: string) {
  await page.goto("/admin/contests");
  await page.getByLabel("Search contests").fill(name);
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Edit Contest" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contest" });
  const postseason = edit.getByRole("switch", { name: "Postseason" });
  await expect(postseason).toBeChecked();
  await expect(postseason).toBeEnabled();
  const bets = edit.getByRole("group", { name: "Postseason bets" });
  await expect(bets.getByRole("combobox", { name: "Wild Card" })).toHaveText("3× ($30)");
  await expect(bets.getByRole("combobox", { name: "Super Bowl" })).toHaveText("2× ($20)");
  await bets.scrollIntoViewIfNeeded();
  if (shots) await page.screenshot({ path: `${shots}/edit-dialog.png`, animations: "disabled" });
  await edit.getByRole("button", { name: "Cancel" }).click();
}

type WeekGame = { id: string; awayTeam: string; homeTeam: string };

async function addWildCardGames(request: APIRequestContext) {
  for (const game of WILD_CARD) {
    await ok(
      await request.post("/api/games", {
        data: {
          week: 19,
          season: 2025,
          ...game,
          favoriteTeam: game.spread > 0 ? game.awayTeam : game.homeTeam,
        },
      }),
    );
  }
}

async function enterFinals(request: APIRequestContext) {
  const games = (await (await request.get("/api/games/week/19/season/2025")).json()) as WeekGame[];
  expect(games).toHaveLength(6);
  for (const game of games) {
    const [awayScore, homeScore] = FINALS[`${game.awayTeam} @ ${game.homeTeam}`]!;
    await ok(
      await request.patch(`/api/games/${game.id}`, { data: { status: "final", homeScore, awayScore } }),
    );
    await ok(await request.post(`/api/games/${game.id}/score`));
  }
}

test.describe("the postseason", () => {
  const app = ownApp("postseason");

  test("a contest plays on into the Wild Card round, named as such, at its round's bet", async ({
    browser,
  }) => {
    app.clear();
    await app.start("2025-12-31T18:00:00Z");
    const { ada, aliceWho, bobWho, admin, alice, bob } = await app.adaAliceAndBob(browser);
    const name = `Playoff Duel ${Date.now()}`;

    // Week 18: Alice creates the contest with the postseason on; Bob accepts by the API.
    const id = await createContest(alice.page, name, bobWho.email);
    await ok(await bob.request.patch(`/api/contests/${id}`, { data: { status: "active" } }));
    await checkEditDialog(admin.page, name);
    await addWildCardGames(admin.request);

    // Games & Lines names the postseason's weeks, through the Super Bowl, where Next stops.
    const weeks = alice.page.getByRole("navigation", { name: "Weeks" });
    const openGames = async () => {
      await alice.page.goto("/games?week=19");
      await expect(weeks.getByRole("combobox", { name: "Week" })).toHaveText("Wild Card");
      await expect(card(alice.page, "SF @ PHI")).toBeVisible();
    };
    await openGames();
    await checkView(alice.page, "games", shots, openGames);
    await alice.page.goto("/games?week=22");
    await expect(weeks.getByRole("combobox", { name: "Week" })).toHaveText("Super Bowl");
    await expect(weeks.getByRole("button", { name: "Next week" })).toBeDisabled();
    await expect(alice.page.getByText("There are no games scheduled for the Super Bowl.")).toBeVisible();

    await Promise.all([admin.close(), alice.close(), bob.close()]);
    await app.stop();

    // The Wild Card week: the contest is in it, and both players pick it on Make Picks.
    await app.start("2026-01-08T18:00:00Z");
    const a = await app.person(browser, aliceWho);
    const b = await app.person(browser, bobWho);
    const picksUrl = `/picks?contestId=${id}`;
    // The dashboard's Current Week names the round.
    const openDashboard = async () => {
      await a.page.goto("/");
      await expect(
        a.page.getByRole("region", { name: "Summary" }).getByText("Wild Card", { exact: true }),
      ).toBeVisible();
    };
    await openDashboard();
    await checkView(a.page, "dashboard", shots, openDashboard);
    const openMakePicks = async () => {
      await a.page.goto(picksUrl);
      await expect(
        a.page.getByRole("heading", { name: `Wild Card Picks - ${name}`, level: 1 }),
      ).toBeVisible();
    };
    await openMakePicks();
    await checkView(a.page, "make-picks", shots, openMakePicks);
    await submitPicks(a.page, [
      ["GB @ CHI", "CHI -1.5"],
      ["BUF @ JAX", "Over 51.5"],
    ]);
    await expect(
      a.page.getByRole("list", { name: "Your Wild Card picks" }).getByRole("listitem"),
    ).toHaveCount(2);

    await b.page.goto(picksUrl);
    await expect(b.page.getByRole("heading", { name: `Wild Card Picks - ${name}`, level: 1 })).toBeVisible();
    await submitPicks(b.page, [
      ["SF @ PHI", "PHI -4.5"],
      ["HOU @ PIT", "HOU -3"],
    ]);

    // The contest page: in the Wild Card round, its pot three times the weekly bet.
    const openRound = async () => {
      await a.page.goto(`/contests/${id}`);
      await expect(
        a.page.getByRole("button", { name: "Picks Complete for the Wild Card round" }),
      ).toBeDisabled();
    };
    await openRound();
    await expect(a.page.getByRole("button", { name: /^Wild Card\b/ })).toContainText(
      "Pot: $30 (In Progress)",
    );
    await checkRules(a.page);
    await checkView(a.page, "contest-wild-card", shots, openRound);

    await Promise.all([a.close(), b.close()]);
    await app.stop();

    // The Divisional round's week: the admin enters the Wild Card round's finals.
    await app.start("2026-01-14T18:00:00Z");
    const admin2 = await app.person(browser, ada);
    const again = await app.person(browser, aliceWho);
    try {
      await enterFinals(admin2.request);
      const page = again.page;
      await page.goto("/");
      await expect(
        page.getByRole("region", { name: "Summary" }).getByText("Divisional", { exact: true }),
      ).toBeVisible();

      // Alice took the Wild Card round, 2 to 1, and its $30 pot.
      const roundRow = page.getByRole("button", { name: /^Wild Card\b/ });
      const openContest = async () => {
        await page.goto(`/contests/${id}`);
        await expect(roundRow).toContainText("Alice Anders Won");
      };
      await openContest();
      await expect(roundRow).toContainText("Pot: $30");
      await expect(roundRow).toContainText("Alice Anders: 2");
      await expect(roundRow).toContainText("Bob Brown: 1");
      const ledger = page.getByRole("region", { name: "Ledger" });
      await expect(
        ledger.getByRole("row").filter({ has: page.getByText("Wild Card", { exact: true }) }),
      ).toContainText("$30");
      await checkRules(page);
      await checkView(page, "contest", shots, openContest);

      // The standings name the row by its round.
      const openStandings = async () => {
        await page.goto(`/standings?contestId=${id}`);
        await expect(
          page.getByRole("table", { name: "Weekly standings" }).getByText("Wild Card", { exact: true }),
        ).toBeVisible();
      };
      await openStandings();
      await checkView(page, "standings", shots, openStandings);
    } finally {
      await Promise.all([admin2.close(), again.close()]);
    }
  });
});
