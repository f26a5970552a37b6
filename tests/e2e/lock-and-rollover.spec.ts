import type { APIRequestContext, Page } from "@playwright/test";
import { CREATION_PASSWORD, expect, test } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { checkView } from "./view-checks";

/*
 * The lock of the week and the pot's rollover (docs/rules.md, "Contest options"): each player marks
 * one pick of week 1 as their lock, which counts two wins (or two losses); week 1 then ends tied on
 * wins, 2 to 2, and its pot rolls into week 2's. An app of its own, on a database of its own: set up
 * on Thursday of week 1 of 2025 (2025-09-04), the finals entered before their kickoffs, then started
 * again on the Wednesday after it (2025-09-10), in week 2.
 */

test.describe.configure({ timeout: 240_000 });

// Screenshots of the views, when asked for (LOCK_SCREENSHOTS=.tmp/lock).
const shots = process.env.LOCK_SCREENSHOTS;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const card = (page: Page, matchup: string) => page.getByRole("article", { name: matchup });
// A pick button's name starts with its label ("PHI -8.5, DAL at PHI"); the lock toggle's with "Make".
const side = (page: Page, matchup: string, label: string) =>
  card(page, matchup).getByRole("button", { name: new RegExp(`^${escaped(label)},`) });
const lockToggle = (page: Page, matchup: string, label: string) =>
  card(page, matchup).getByRole("button", { name: new RegExp(`^Make ${escaped(label)} my lock,`) });
const confirmDialog = (page: Page) => page.getByRole("alertdialog", { name: "Confirm Your Picks" });

/** Selects the picks, makes one of them the lock, and opens Confirm Your Picks. */
async function selectWithLock(page: Page, picks: [matchup: string, label: string][], lock: number) {
  for (const [matchup, label] of picks) await side(page, matchup, label).click();
  await lockToggle(page, ...picks[lock]!).click();
  await expect(lockToggle(page, ...picks[lock]!)).toHaveAttribute("aria-pressed", "true");
}

async function confirm(page: Page) {
  await page.getByRole("button", { name: "Submit Picks" }).click();
  await confirmDialog(page).getByRole("button", { name: "Confirm Submit" }).click();
  await expect(page.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();
}

type WeekGame = { id: string; awayTeam: string; homeTeam: string };

/**
 * Alice creates the contest in the Create Contest dialog: both options start off; she turns them on
 * and the tiebreaker off. Returns the new contest's id, its Contest Rules checked.
 */
async function createContest(a: Page, name: string, opponentEmail: string): Promise<string> {
  const openDialog = async () => {
    await a.goto("/contests");
    await a.getByRole("button", { name: "Create Contest", exact: true }).click();
    await a
      .getByRole("dialog", { name: "Create New Contest" })
      .getByRole("switch", { name: "Pot Rollover" })
      .scrollIntoViewIfNeeded();
  };
  await openDialog();
  const dialog = a.getByRole("dialog", { name: "Create New Contest" });
  const lockSwitch = dialog.getByRole("switch", { name: "Lock of the Week" });
  const rolloverSwitch = dialog.getByRole("switch", { name: "Pot Rollover" });
  await expect(lockSwitch).not.toBeChecked();
  await expect(rolloverSwitch).not.toBeChecked();
  await expect(dialog).toContainText(
    "Each player may mark one pick a week as their lock: it counts two wins, or two losses.",
  );
  await expect(dialog).toContainText(
    "A week no one wins rolls its pot into the next week's, until a week is won.",
  );
  await checkView(a, "create-dialog", shots, openDialog);
  await dialog.getByLabel("Contest Name").fill(name);
  await dialog.getByLabel("Opponent's Email").fill(opponentEmail);
  await dialog.getByRole("switch", { name: "Weekly Tiebreaker" }).click();
  await lockSwitch.click();
  await rolloverSwitch.click();
  await expect(lockSwitch).toBeChecked();
  await expect(rolloverSwitch).toBeChecked();
  await dialog.getByLabel("Contest Creation Password").fill(CREATION_PASSWORD);
  await dialog.getByRole("button", { name: "Create Contest" }).click();
  await expect(a.getByText("Contest Created", { exact: true })).toBeVisible();
  await expect(a.getByRole("heading", { name, level: 1 })).toBeVisible();
  const id = a.url().split("/").pop()!;
  const rules = a.getByRole("region", { name: "Contest Rules" });
  await expect(rules).toContainText("Lock of the week: one pick a week counts double");
  await expect(rules).toContainText("Pot rollover: a week no one wins rolls its pot into the next");
  await expect(rules).toContainText("Tiebreaker: none");
  return id;
}

/**
 * Finals before their kickoffs: PHI by 10 covers -8.5 (Alice's lock: 2 wins), KC 20 LAC 17 is 37
 * points, under 47.5, and TB by 4 covers -1.5 (Bob's lock: 2 wins). 2 to 2: a push.
 */
async function enterFinals(request: APIRequestContext) {
  const week1 = (await (await request.get("/api/games/week/1/season/2025")).json()) as WeekGame[];
  for (const [away, home, awayScore, homeScore] of [
    ["DAL", "PHI", 20, 30],
    ["KC", "LAC", 20, 17],
    ["TB", "ATL", 24, 20],
  ] as const) {
    const game = week1.find((candidate) => candidate.awayTeam === away && candidate.homeTeam === home)!;
    await ok(
      await request.patch(`/api/games/${game.id}`, {
        data: { status: "final", homeScore, awayScore, confirmFinalBeforeKickoff: true },
      }),
    );
    await ok(await request.post(`/api/games/${game.id}/score`));
  }
}

/** The admin's Edit Contest shows both options on, the tiebreaker off. */
async function checkEditDialog(page: Page, name: string) {
  await page.goto("/admin/contests");
  await page.getByLabel("Search contests").fill(name);
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Edit Contest" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contest" });
  await expect(edit.getByRole("switch", { name: "Lock of the Week" })).toBeChecked();
  await expect(edit.getByRole("switch", { name: "Pot Rollover" })).toBeChecked();
  await expect(edit.getByRole("switch", { name: "Weekly Tiebreaker" })).not.toBeChecked();
  await edit.getByRole("switch", { name: "Pot Rollover" }).scrollIntoViewIfNeeded();
  if (shots) await page.screenshot({ path: `${shots}/edit-dialog.png`, animations: "disabled" });
  await edit.getByRole("button", { name: "Cancel" }).click();
}

test.describe("a week of locks, tied and rolled over", () => {
  const app = ownApp("lock-and-rollover");

  test("the players lock a pick each, the week ties, and its pot rolls to week 2", async ({ browser }) => {
    app.clear();
    await app.start("2025-09-04T12:00:00Z");
    const { aliceWho, bobWho, admin, alice, bob } = await app.adaAliceAndBob(browser);
    const a = alice.page;
    const b = bob.page;
    const name = `Lock Duel ${Date.now()}`;

    // Alice creates the contest with both options on and the tiebreaker off.
    const id = await createContest(a, name, bobWho.email);

    // Bob accepts.
    await b.goto("/contests");
    await b.getByRole("tab", { name: /Pending/ }).click();
    await b.getByRole("article", { name }).getByRole("button", { name: "Accept" }).click();
    await expect(b.getByText("Contest Accepted!", { exact: true })).toBeVisible();

    // Alice, the first picker: a selected pick gets a Lock toggle, one lock at a time.
    const picksUrl = `/picks?contestId=${id}`;
    await a.goto(picksUrl);
    await expect(card(a, "DAL @ PHI").getByRole("button", { name: /my lock/ })).toHaveCount(0);
    await selectWithLock(
      a,
      [
        ["DAL @ PHI", "PHI -8.5"],
        ["KC @ LAC", "Over 47.5"],
      ],
      1,
    );
    await lockToggle(a, "DAL @ PHI", "PHI -8.5").click();
    await expect(lockToggle(a, "DAL @ PHI", "PHI -8.5")).toHaveAttribute("aria-pressed", "true");
    await expect(lockToggle(a, "KC @ LAC", "Over 47.5")).toHaveAttribute("aria-pressed", "false");
    await a.getByRole("button", { name: "Submit Picks" }).click();
    await expect(confirmDialog(a).getByTestId("confirm-lock")).toHaveText(
      "Lock of the week: PHI -8.5 (DAL @ PHI)",
    );
    await confirmDialog(a).getByRole("button", { name: "Confirm Submit" }).click();
    await expect(a.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();
    const alicePicks = a.getByRole("list", { name: "Your Week 1 picks" });
    await expect(alicePicks.getByRole("listitem").filter({ hasText: "PHI -8.5" })).toContainText("Lock");
    await expect(alicePicks.getByTestId("lock-badge")).toHaveCount(1);

    // Bob sees Alice's lock, then picks his two with a lock of his own: TB -1.5.
    await b.goto(picksUrl);
    await expect(card(b, "DAL @ PHI")).toContainText("Alice Anders picked");
    await expect(card(b, "DAL @ PHI").getByTestId("lock-badge")).toHaveCount(1);
    await expect(card(b, "KC @ LAC").getByTestId("lock-badge")).toHaveCount(0);
    const bobPicks: [string, string][] = [
      ["DAL @ PHI", "DAL +8.5"],
      ["TB @ ATL", "TB -1.5"],
    ];
    const openBobsPicks = async () => {
      await b.goto(picksUrl);
      await selectWithLock(b, bobPicks, 1);
      await b.getByRole("button", { name: "Submit Picks" }).click();
      await expect(confirmDialog(b).getByTestId("confirm-lock")).toHaveText(
        "Lock of the week: TB -1.5 (TB @ ATL)",
      );
    };
    await checkView(b, "confirm-lock", shots, openBobsPicks);
    // The dialog as it is seen (a full-page photograph leaves it out).
    if (shots) await b.screenshot({ path: `${shots}/confirm-dialog.png`, animations: "disabled" });
    await confirmDialog(b).getByRole("button", { name: "Cancel" }).click();
    const openMakePicks = async () => {
      await b.goto(picksUrl);
      await selectWithLock(b, bobPicks, 1);
    };
    await checkView(b, "make-picks", shots, openMakePicks);
    await confirm(b);

    // Week 1 ends 2 to 2 (see enterFinals).
    await enterFinals(admin.request);

    // The contest: week 1 a push whose pot rolls over, both locks counting two wins.
    const weekRow = a.getByRole("button", { name: /^Week 1\b/ });
    const openContest = async () => {
      await a.goto(`/contests/${id}`);
      await weekRow.click();
      await expect(a.getByRole("region", { name: "Weekly Results" }).getByTestId("lock-badge")).toHaveCount(
        2,
      );
      await a.evaluate(() => window.scrollTo(0, 0));
    };
    await openContest();
    await expect(weekRow).toContainText("Push");
    await expect(weekRow).toContainText("Alice Anders: 2");
    await expect(weekRow).toContainText("Bob Brown: 2");
    await expect(a.getByTestId("week-rollover")).toHaveText("Pot rolls over to week 2");
    const results = a.getByRole("region", { name: "Weekly Results" });
    // A pick's row (the week's row holds them all, and its "Week 1").
    const pickRow = (text: string) =>
      results.getByRole("listitem").filter({ hasText: text }).filter({ hasNotText: "Week 1" });
    await expect(pickRow("Spread: PHI -8.5")).toContainText("2 wins");
    await expect(pickRow("Spread: TB -1.5")).toContainText("2 wins");
    await expect(pickRow("Total: Over 47.5")).toContainText("Loss");
    await expect(results.getByTestId("lock-badge").first()).toHaveAttribute(
      "title",
      "Lock of the week: counts double",
    );
    const ledger = a.getByRole("region", { name: "Ledger" });
    await expect(
      ledger.getByRole("row").filter({ has: a.getByText("Week 1", { exact: true }) }),
    ).toContainText("Push · $10 rolls to week 2");
    await expect(ledger.getByTestId("ledger-summary")).toContainText("All square");
    await checkView(a, "contest", shots, openContest);

    await checkEditDialog(admin.page, name);

    await Promise.all([admin.close(), alice.close(), bob.close()]);
    await app.stop();

    // Week 2 under way: its pot holds week 1's.
    await app.start("2025-09-10T12:00:00Z");
    const again = await app.person(browser, aliceWho);
    try {
      await again.page.goto(`/contests/${id}`);
      await expect(again.page.getByRole("button", { name: /^Week 2\b/ })).toContainText(
        "Pot: $20 (incl. $10 rolled over, In Progress)",
      );
    } finally {
      await again.close();
    }
  });
});
