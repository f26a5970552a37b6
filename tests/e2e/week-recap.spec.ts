import type { Game } from "../../src/contracts/games";
import { CREATION_PASSWORD, expect, test } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { checkView } from "./view-checks";

/*
 * The week's recap on the Dashboard (docs/rules.md, "Week recap"): Alice and Bob play weeks 17 and
 * 18 of 2025. In week 17 Alice backs Washington and Minnesota, 3.5-point favorites at home; Bob
 * takes both overs (44.5). The admin enters the finals (WAS 24–20, MIN 30–17): Washington covers by
 * half a point, Bob's first over falls short by as much. An app of its own: set up before week 17's
 * games (2025-12-23), started again once they have all kicked off (2025-12-30).
 */

test.describe.configure({ timeout: 240_000 });

// Photographs of the views (desktop and 390 px, light and dark), when asked for.
const shots = process.env.RECAP_SCREENSHOTS ? ".tmp/recap" : undefined;

test.describe("the week's recap", () => {
  const app = ownApp("week-recap");

  test("a settled week is told on the Dashboard: the result, the best cover, the worst beat, the season", async ({
    browser,
  }) => {
    app.clear();
    await app.start("2025-12-23T12:00:00Z");
    const setUp = await app.adaAliceAndBob(browser);
    const created = await ok(
      await setUp.alice.request.post("/api/contests", {
        data: {
          name: "Holiday Classic",
          player2Email: setUp.bobWho.email,
          defaultBetAmount: 10,
          maxPicksPerPlayer: 2,
          firstWeek: 17,
          lastWeek: 18,
          contestCreationPassword: CREATION_PASSWORD,
        },
      }),
    );
    const id = ((await created.json()) as { id: string }).id;
    await ok(await setUp.bob.request.patch(`/api/contests/${id}`, { data: { status: "active" } }));
    const all = (await (await setUp.admin.request.get("/api/games/week/17/season/2025")).json()) as Game[];
    const games = ["WAS", "MIN"].map((home) => all.find((game) => game.homeTeam === home)!);
    for (const game of games) {
      await ok(
        await setUp.admin.request.patch(`/api/games/${game.id}`, {
          data: { spread: -3.5, favoriteTeam: game.homeTeam, overUnder: 44.5 },
        }),
      );
    }
    // Alice, player 1, picks first in an odd week.
    const submit = (who: typeof setUp.alice, market: string, side: string) =>
      who.request.post("/api/picks/batch", {
        data: {
          contestId: id,
          week: 17,
          round: 1,
          picks: games.map((game) => ({ gameId: game.id, market, side })),
        },
      });
    await ok(await submit(setUp.alice, "spread", "favorite"));
    await ok(await submit(setUp.bob, "total", "over"));
    await Promise.all([setUp.alice, setUp.bob].map((person) => person.close()));
    await app.stop();

    await app.start("2025-12-30T12:00:00Z");
    const admin = await app.person(browser, setUp.ada);
    for (const [game, [homeScore, awayScore]] of [
      [games[0]!, [24, 20]],
      [games[1]!, [30, 17]],
    ] as const) {
      await ok(
        await admin.request.patch(`/api/games/${game.id}`, {
          data: { status: "final", homeScore, awayScore },
        }),
      );
    }
    await admin.close();
    const alice = await app.person(browser, setUp.aliceWho);
    try {
      const page = alice.page;
      const recap = page.getByRole("region", { name: "Week Recap" });
      const open = async () => {
        await page.goto("/");
        await expect(recap).toContainText("Week 17 of Holiday Classic");
      };
      await expect(async () => open()).toPass({ timeout: 15_000 });
      await expect(recap).toContainText("You took week 17, 2–1, and the $10 pot.");
      await expect(recap).toContainText(
        "Best cover: your MIN −3.5 (DET 17 at MIN 30), covered by 9.5 points.",
      );
      await expect(recap).toContainText(
        "Worst beat: Bob Brown's Over 44.5 (DAL 20 at WAS 24) stayed under by half a point.",
      );
      await expect(recap).toContainText("Season so far: you 1 week, Bob Brown 0; you are up $10.");
      await recap.getByText("Every pick against its line").click();
      await expect(recap.locator("details li").filter({ hasText: "You: WAS −3.5" })).toContainText(
        "covered by half a point",
      );
      await checkView(page, "dashboard-recap", shots, async () => {
        await open();
        await recap.getByText("Every pick against its line").click();
      });
      await recap.getByRole("link", { name: "Week 17 of Holiday Classic" }).click();
      await expect(page.getByRole("heading", { name: "Holiday Classic", level: 1 })).toBeVisible();
    } finally {
      await alice.close();
    }
  });
});
