import { expect, registerByApi, selectOption, test, twoPlayerContest, uniqueEmail } from "./fixtures";

/*
 * Kickoff times as two friends in different zones meet them (docs/rules.md, "Games, lines and
 * scores" and "Screens"). The server's clock is fixed at 2025-09-04T12:00Z (Thursday of week 1 of
 * 2025). Week 1's games: the opener
 * DAL @ PHI Thursday 8:20 PM ET (00:20Z on Friday), KC @ LAC in São Paulo Friday 8:00 PM ET,
 * thirteen on Sunday, MIN @ CHI Monday 8:15 PM ET (00:15Z on Tuesday).
 */
test.describe.configure({ timeout: 120_000 });

test.describe("the game form's kickoff presets, entered from the West Coast", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("a preset is the NFL's Eastern slot in the chosen week, whatever the day and the admin's zone", async ({
    adminPage: page,
  }) => {
    // The browser's day plays no part: a Thursday in March, long after the season.
    await page.clock.setFixedTime(new Date("2026-03-12T20:00:00Z"));
    // This test's game (a retry starts afresh).
    const week18 = async () =>
      (await (await page.request.get("/api/games/week/18/season/2025")).json()) as {
        id: string;
        homeTeam: string;
        awayTeam: string;
        gameDate: string;
      }[];
    for (const game of (await week18()).filter((g) => g.awayTeam === "SF" && g.homeTeam === "GB")) {
      expect((await page.request.delete(`/api/games/${game.id}`)).status()).toBe(204);
    }

    await page.goto("/admin/games");
    await expect(page.getByRole("heading", { name: "Games Management", level: 1 })).toBeVisible({
      timeout: 15_000,
    });
    const form = page.getByRole("form", { name: "Add Game" });
    const gameTime = form.getByRole("combobox", { name: "Game time" });
    // Without a week there is nowhere to place a preset.
    await expect(form.getByText("Enter the week and season to choose a time")).toBeVisible();

    // Thanksgiving week offers the holiday's slots instead of Thursday night's.
    await form.getByLabel("Week").fill("13");
    await gameTime.click();
    const listbox = page.getByRole("listbox");
    await expect(listbox.getByRole("option", { name: "Thanksgiving 12:30 PM ET" })).toBeVisible();
    await expect(listbox.getByRole("option", { name: "Black Friday 3:00 PM ET" })).toBeAttached();
    await expect(listbox.getByRole("option", { name: "Thursday 8:15 PM ET" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await selectOption(page, gameTime, "Thanksgiving 12:30 PM ET");
    // Shown in the admin's own zone, named, with the league's time beside it.
    await expect(form.getByText("Kickoff: Thu, Nov 27, 9:30 AM PST (12:30 PM ET)")).toBeVisible();

    // A Sunday slot of week 13, then the week changes: the slot follows it to week 18.
    await selectOption(page, gameTime, "Sunday 1:00 PM ET");
    await expect(form.getByText("Kickoff: Sun, Nov 30, 10:00 AM PST (1:00 PM ET)")).toBeVisible();
    await form.getByLabel("Week").fill("18");
    await expect(form.getByText("Kickoff: Sun, Jan 4, 10:00 AM PST (1:00 PM ET)")).toBeVisible();
    await expect(gameTime).toHaveText("Sunday 1:00 PM ET");

    // Thursday night football from Los Angeles: 8:15 PM in New York is 5:15 PM here.
    await selectOption(page, gameTime, "Thursday 8:15 PM ET");
    await expect(form.getByText("Kickoff: Thu, Jan 1, 5:15 PM PST (8:15 PM ET)")).toBeVisible();
    // A custom time says its zone: Eastern, like the presets.
    await selectOption(page, gameTime, "Custom");
    const custom = form.getByLabel("Custom date and time, Eastern Time (ET)");
    await expect(custom).toHaveValue("2026-01-01T20:15");
    await custom.fill("2026-01-01T20:30");
    await expect(form.getByText("Kickoff: Thu, Jan 1, 5:30 PM PST (8:30 PM ET)")).toBeVisible();
    await selectOption(page, gameTime, "Thursday 8:15 PM ET");
    await expect(form.getByText("Kickoff: Thu, Jan 1, 5:15 PM PST (8:15 PM ET)")).toBeVisible();

    await selectOption(page, form.getByRole("combobox", { name: "Away team" }), "SF - San Francisco 49ers");
    await selectOption(page, form.getByRole("combobox", { name: "Home team" }), "GB - Green Bay Packers");
    await form.getByRole("button", { name: "Add Game" }).click();
    await expect(
      page
        .getByRole("region", { name: /Notifications/ })
        .getByText("Game added successfully", { exact: true }),
    ).toBeVisible();

    // It locks at 8:15 PM Eastern, not three hours early or late.
    const [added] = (await week18()).filter((g) => g.awayTeam === "SF" && g.homeTeam === "GB");
    expect(added?.gameDate).toBe("2026-01-02T01:15:00.000Z");
    const row = page.getByRole("listitem", { name: "SF @ GB, week 18" });
    await expect(row).toContainText("Thu, Jan 1, 5:15 PM PST");
    // Week 18's days in the league's order: Thursday's game first, then Sunday's.
    const days = page.getByRole("list").getByRole("heading", { level: 3 });
    await expect(days.first()).toHaveText("Thursday Jan 1 · Week 18");

    // Reopened in the edit dialog, it reads back as its preset.
    await page.getByRole("button", { name: "Edit SF @ GB, week 18" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Game" });
    await expect(dialog.getByRole("combobox", { name: "Game time" })).toHaveText("Thursday 8:15 PM ET");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await page.request.delete(`/api/games/${added!.id}`)).status()).toBe(204);
  });
});

for (const zone of ["UTC", "America/Los_Angeles"] as const) {
  // The opener and Monday night as a viewer in this zone reads them.
  const shown =
    zone === "UTC"
      ? { opener: "Fri, Sep 5, 12:20 AM UTC", monday: "Tue, Sep 9, 12:15 AM UTC" }
      : { opener: "Thu, Sep 4, 5:20 PM PDT", monday: "Mon, Sep 8, 5:15 PM PDT" };
  const leagueDays = ["Thursday", "Friday", "Sunday", "Monday"];

  test.describe(`days in the league's order for a viewer in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test("Games & Lines groups by the Eastern day and names the viewer's zone", async ({ page }) => {
      await registerByApi(page.request, { email: uniqueEmail("zone"), firstName: "Zoe", lastName: "Zone" });
      await page.goto("/games?week=1");
      await expect(page.getByRole("heading", { name: "NFL Games & Lines", level: 1 })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(leagueDays);
      const thursday = page.getByRole("region", { name: "Thursday" });
      await expect(thursday.getByRole("article", { name: "DAL @ PHI" }).locator("time")).toHaveText(
        shown.opener,
      );
      const monday = page.getByRole("region", { name: "Monday" });
      await expect(monday.getByRole("article", { name: "MIN @ CHI" }).locator("time")).toHaveText(
        shown.monday,
      );
    });

    test("Make Picks groups by the Eastern day", async ({ adminPage, browser }) => {
      const contest = await twoPlayerContest(adminPage, browser, {
        name: "Zones",
        players: [
          ["Uma", "Utc"],
          ["Lou", "Angeles"],
        ],
        timezoneId: zone,
      });
      const page = contest.player1.page;
      await page.goto(`/picks?contestId=${contest.id}`);
      await expect(
        page.getByRole("heading", { name: `Week 1 Picks - ${contest.name}`, level: 1 }),
      ).toBeVisible({
        timeout: 15_000,
      });
      // The days, then the proposals panel.
      await expect(page.getByRole("heading", { level: 2 })).toHaveText([
        ...leagueDays,
        "Additional Game Proposals - Week 1",
      ]);
      const thursday = page.getByRole("region", { name: "Thursday" });
      await expect(thursday).toContainText("1 game");
      await expect(thursday.getByRole("article", { name: "DAL @ PHI" })).toContainText(shown.opener);
      await expect(
        page.getByRole("region", { name: "Monday" }).getByRole("article", { name: "MIN @ CHI" }),
      ).toContainText(shown.monday);
      await contest.close();
    });

    test("Games Management and Score Entry list a week by the Eastern day", async ({ adminPage: page }) => {
      await page.goto("/admin/games");
      await expect(page.getByRole("heading", { name: "Games Management", level: 1 })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole("combobox", { name: "Week" })).toHaveText("Week 1");
      await expect(page.getByRole("list").getByRole("heading", { level: 3 })).toHaveText([
        "Thursday Sep 4 · Week 1",
        "Friday Sep 5 · Week 1",
        "Sunday Sep 7 · Week 1",
        "Monday Sep 8 · Week 1",
      ]);
      await expect(page.getByRole("listitem", { name: "DAL @ PHI, week 1" })).toContainText(shown.opener);

      await page.goto("/score-entry?week=1");
      await expect(page.getByRole("heading", { name: "Week 1 Games", level: 2 })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.locator("section[aria-labelledby^='score-day-'] > h3")).toHaveText(leagueDays);
      // The opener (DAL @ PHI) is Thursday's, at the viewer's time.
      await expect(page.getByRole("region", { name: "Thursday" }).locator("time")).toHaveText(shown.opener);
    });
  });
}
