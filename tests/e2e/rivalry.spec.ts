import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { week18Played } from "./week-18-played";
import { checkView } from "./view-checks";

/*
 * The rivalry page (docs/rules.md, "The rivalry"): Alice and Bob play week 18 of 2025, six picks
 * each, its lines and finals entered by the admin: Alice backs six home favorites and covers four,
 * Bob takes six overs and hits two. The contest over, Bob's rematch accepted, Alice follows
 * "You vs Bob Brown, all time" from her Dashboard. An app of its own: set up before week 18's
 * games (2026-01-02), started again once they have all kicked off (2026-01-04, 20:00 UTC).
 */

test.describe.configure({ timeout: 240_000 });

// Photographs of the views (desktop and 390 px, light and dark), when asked for.
const shots = process.env.RIVALRY_SCREENSHOTS ? ".tmp/rivalry" : undefined;

const NAME = "Fall Classic";

test.describe("the rivalry page", () => {
  const app = ownApp("rivalry");

  test("a player follows the rivalry from the Dashboard: the record, the seasons, the tendencies", async ({
    browser,
  }) => {
    const { id, alice, bob } = await week18Played(app, browser, NAME);
    try {
      const rematch = (await (await ok(await bob.request.post(`/api/contests/${id}/rematch`))).json()) as {
        id: string;
      };
      await ok(await alice.request.patch(`/api/contests/${rematch.id}`, { data: { status: "active" } }));
      await followTheRivalry(alice.page, rematch.id);
      await fromTheContest(bob.page, id);
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });
});

async function followTheRivalry(a: Page, rematchId: string) {
  const dashboard = async () => {
    await a.goto("/");
    await expect(a.getByRole("article", { name: NAME })).toBeVisible();
  };
  await dashboard();
  await checkView(a, "dashboard", shots, dashboard);
  await a.getByRole("link", { name: "You vs Bob Brown, all time" }).click();
  await expect(a).toHaveURL(new RegExp(`/contests/${rematchId}/rivalry$`));
  const open = async () => {
    await expect(a.getByRole("heading", { name: "You vs Bob Brown, all time", level: 1 })).toBeVisible();
    await expect(
      a.getByText("You lead 1–0 in weeks won. 2 contests played against each other."),
    ).toBeVisible();
  };
  await open();
  const record = a.getByRole("region", { name: "All-Time Record" });
  await expect(record).toContainText("Weeks1–0–0");
  await expect(record).toContainText("Picks4–2");
  await expect(record).toContainText("+$10");
  await expect(record).toContainText("$10 won, $0 lost");
  const streaks = a.getByRole("region", { name: "Streaks and Big Weeks" });
  await expect(streaks).toContainText("You have won the last week.");
  await expect(streaks).toContainText("Your best week2025 Week 18: 4–2, won $10");
  const seasons = a.getByRole("region", { name: "Season by Season" });
  await expect(seasons.getByRole("row")).toHaveCount(3);
  await expect(seasons.getByRole("row").nth(1)).toContainText(`2025${NAME}Won1–0–04–2+$10`);
  await expect(seasons.getByRole("row").nth(2)).toContainText("2026");
  await expect(seasons.getByRole("row").nth(2)).toContainText("In progress");

  const tendencies = a.getByRole("region", { name: "Tendencies" });
  await expect(tendencies).toContainText("From 6 graded picks");
  await expect(tendencies).toContainText("No team backed five times yet.");
  await expect(tendencies.getByRole("img", { name: "Favorite vs underdog: win rate" })).toBeVisible();
  await expect(tendencies).toContainText("Favorite: 4–2 (67%), 6 picks, 100% of picks");
  await expect(tendencies).toContainText("Over: 0 picks: too few to rate");
  await checkView(a, "rivalry", shots, async () => {
    await a.goto(`/contests/${rematchId}/rivalry`);
    await open();
  });
  // Bob's, and this contest's (the rematch has no picks yet).
  await tendencies.getByRole("button", { name: "Bob Brown" }).click();
  await expect(tendencies).toContainText("Over: 2–4 (33%), 6 picks, 100% of picks");
  await expect(tendencies.getByRole("img", { name: "Over vs under: win rate" })).toBeVisible();
  await tendencies.getByRole("button", { name: "This contest" }).click();
  await expect(tendencies).toContainText("No graded picks yet.");
  // The season's row leads to its contest.
  await seasons.getByRole("row").nth(1).getByRole("link", { name: NAME }).click();
  await expect(a.getByRole("region", { name: "Final Result" })).toBeVisible();
}

async function fromTheContest(b: Page, id: string) {
  await b.goto(`/contests/${id}`);
  await b
    .getByRole("region", { name: "Quick Actions" })
    .getByRole("link", { name: "You vs Alice Anders, all time" })
    .click();
  await expect(b.getByRole("heading", { name: "You vs Alice Anders, all time", level: 1 })).toBeVisible();
  await expect(b.getByText("Alice Anders leads 1–0 in weeks won.", { exact: false })).toBeVisible();
  await expect(b.getByRole("region", { name: "All-Time Record" })).toContainText("-$10");
}
