import type { Page } from "@playwright/test";
import type { Game } from "../../src/contracts/games";
import { CREATION_PASSWORD, expect, test } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { checkView } from "./view-checks";

/*
 * Where the line went (docs/rules.md, "Where the line went"): NYG @ DET of week 12 of 2025 opens at
 * its shipped line (DET -14, 50.5); Bob takes NYG +13.5 and Alice the over at 50.5 once the admin
 * has moved it to DET -13.5 (Bob's other pick: CAR @ SF, Monday night), then the admin moves it
 * again (DET -12.5, 48.5) before the kickoff.
 * Started again after the kickoff: Games & Lines shows the game's history (opening, moves, closing,
 * its chart), and the picks are shown beside the closing line on Make Picks and in the weekly
 * results. An app of its own, its clock stopped before the kickoff and after it.
 */

test.describe.configure({ timeout: 240_000 });

// Photographs of the views (desktop and 390 px, light and dark), when asked for.
const shots = process.env.LINES_SCREENSHOTS ? ".tmp/lines" : undefined;

test.describe("where the line went", () => {
  const app = ownApp("line-history");

  test("a game's line history on Games & Lines, and the picks beside the closing line", async ({
    browser,
  }) => {
    app.clear();
    await app.start("2025-11-20T12:00:00Z");
    const setUp = await app.adaAliceAndBob(browser);
    const { aliceWho, bobWho } = setUp;
    const created = await ok(
      await setUp.alice.request.post("/api/contests", {
        data: {
          name: "Line Watch",
          player2Email: bobWho.email,
          defaultBetAmount: 10,
          maxPicksPerPlayer: 2,
          firstWeek: 12,
          lastWeek: 12,
          contestCreationPassword: CREATION_PASSWORD,
        },
      }),
    );
    const id = ((await created.json()) as { id: string }).id;
    await ok(await setUp.bob.request.patch(`/api/contests/${id}`, { data: { status: "active" } }));
    const games = (await (await setUp.admin.request.get("/api/games/week/12/season/2025")).json()) as Game[];
    const game = games.find((candidate) => candidate.awayTeam === "NYG" && candidate.homeTeam === "DET")!;
    const move = async (data: object) =>
      ok(await setUp.admin.request.patch(`/api/games/${game.id}`, { data }));
    await move({ spread: -13.5 });
    // Bob, player 2, picks first in an even week.
    const monday = games.find((candidate) => candidate.awayTeam === "CAR")!;
    const pick = (who: typeof setUp.alice, picks: object[]) =>
      who.request.post("/api/picks/batch", { data: { contestId: id, week: 12, round: 1, picks } });
    await ok(
      await pick(setUp.bob, [
        { gameId: game.id, market: "spread", side: "underdog" },
        { gameId: monday.id, market: "spread", side: "favorite" },
      ]),
    );
    await ok(await pick(setUp.alice, [{ gameId: game.id, market: "total", side: "over" }]));
    await move({ spread: -12.5, overUnder: 48.5 });
    await Promise.all([setUp.admin, setUp.alice, setUp.bob].map((person) => person.close()));
    await app.stop();

    await app.start("2025-11-23T20:00:00Z");
    const alice = await app.person(browser, aliceWho);
    const bob = await app.person(browser, bobWho);
    try {
      await theHistory(alice.page);
      await besideTheClosingLine(alice.page, bob.page, id);
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });
});

async function theHistory(a: Page) {
  const card = a.getByRole("article", { name: "NYG @ DET" });
  const open = async () => {
    await a.goto("/games?week=12");
    await card.getByRole("button", { name: "Line history" }).click();
    await expect(card.getByText("3 moves, oldest first")).toBeVisible();
    await expect(card.getByRole("img", { name: "DET spread over time" })).toBeVisible();
  };
  await open();
  await expect(card.getByRole("button", { name: "Line history" })).toHaveAttribute("aria-expanded", "true");
  const ends = card.locator("dl").last();
  await expect(ends).toContainText("OpeningDET -14 · O/U 50.5");
  await expect(ends).toContainText("ClosingDET -12.5 · O/U 48.5");
  const moves = card.getByRole("listitem");
  await expect(moves).toHaveCount(3);
  await expect(moves.nth(0)).toContainText("DET -14 · O/U 50.5");
  await expect(moves.nth(0)).toContainText("Import");
  await expect(moves.nth(1)).toContainText("DET -13.5 · O/U 50.5");
  await expect(moves.nth(2)).toContainText("DET -12.5 · O/U 48.5");
  await expect(moves.nth(2)).toContainText("Thu, Nov 20, 7:00 AM EST · Admin");
  await checkView(a, "games-and-lines", shots, open);
  // Closed again, it asks nothing more.
  await card.getByRole("button", { name: "Line history" }).click();
  await expect(card.getByText("3 moves, oldest first")).toBeHidden();
}

async function besideTheClosingLine(a: Page, b: Page, contestId: string) {
  const picksUrl = `/picks?contestId=${contestId}&week=12&season=2025`;
  // Bob's week is complete: his own picks, the one on a game yet to kick off at its line.
  const bobPicks = async () => {
    await b.goto(picksUrl);
    await expect(b.getByText("You got NYG +13.5 · it closed +12.5")).toBeVisible();
  };
  await bobPicks();
  await expect(b.getByRole("list", { name: "Your Week 12 picks" })).toContainText("SF -7.5");
  await checkView(b, "make-picks-complete", shots, bobPicks);

  // Alice has a pick to make: the game's card holds both picks, beside its closing line.
  const card = a.getByRole("article", { name: "NYG @ DET" });
  const alicePicks = async () => {
    await a.goto(picksUrl);
    await expect(card.getByText("Over 50.5 · closed 48.5")).toBeVisible();
  };
  await alicePicks();
  await expect(card.getByText("NYG +13.5 · closed +12.5")).toBeVisible();
  await checkView(a, "make-picks-card", shots, alicePicks);

  const results = a.getByRole("region", { name: "Weekly Results" });
  const contest = async () => {
    await a.goto(`/contests/${contestId}`);
    await a.getByRole("button", { name: /^Week 12\b/ }).click();
    await expect(results.getByText("Total: Over 50.5 · closed 48.5")).toBeVisible();
    await a.evaluate(() => window.scrollTo(0, 0));
  };
  await contest();
  await expect(results.getByText("Spread: NYG +13.5 · closed +12.5")).toBeVisible();
  await checkView(a, "weekly-results", shots, contest);
}
