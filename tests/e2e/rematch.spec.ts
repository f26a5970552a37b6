import type { Page } from "@playwright/test";
import { CREATION_PASSWORD, expect, test } from "./fixtures";
import { ok, ownApp } from "./own-app";
import { checkView } from "./view-checks";

/*
 * The rematch (docs/rules.md, "Rematch"): Alice and Bob play week 18 of 2025, Bob proposes its
 * rematch from the completed contest's page, Alice accepts it from her Dashboard. An app of its own:
 * set up in week 18 before its games (2026-01-02), then started again once they have all kicked off
 * (2026-01-04, 20:00 UTC), the contest then over (no picks were made) and 2025 with it.
 */

test.describe.configure({ timeout: 240_000 });

// Photographs of the views (desktop and 390 px, light and dark), when asked for.
const shots = process.env.REMATCH_SCREENSHOTS ? ".tmp/rematch" : undefined;

const NAME = "Fall Classic";

const quickActions = (page: Page) => page.getByRole("region", { name: "Quick Actions" });

test.describe("a completed contest's rematch", () => {
  const app = ownApp("rematch");

  test("one player proposes it from the contest, the other accepts it from the Dashboard", async ({
    browser,
  }) => {
    app.clear();
    await app.start("2026-01-02T12:00:00Z");
    const setUp = await app.adaAliceAndBob(browser);
    const { aliceWho, bobWho } = setUp;
    const created = await ok(
      await setUp.alice.request.post("/api/contests", {
        data: {
          name: NAME,
          description: "Loser buys the wings",
          player2Email: bobWho.email,
          defaultBetAmount: 15,
          maxPicksPerPlayer: 1,
          lockOfTheWeek: true,
          firstWeek: 18,
          lastWeek: 18,
          contestCreationPassword: CREATION_PASSWORD,
        },
      }),
    );
    const id = ((await created.json()) as { id: string }).id;
    await ok(await setUp.bob.request.patch(`/api/contests/${id}`, { data: { status: "active" } }));
    await Promise.all([setUp.admin, setUp.alice, setUp.bob].map((person) => person.close()));
    await app.stop();

    await app.start("2026-01-04T20:00:00Z");
    const alice = await app.person(browser, aliceWho);
    const bob = await app.person(browser, bobWho);
    try {
      await proposeAndAccept(id, alice.page, bob.page);
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });
});

async function proposeAndAccept(id: string, a: Page, b: Page) {
  // Bob, player 2, picked first in week 18 (an even week): Alice does in the rematch's.
  const openCompleted = async () => {
    await b.goto(`/contests/${id}`);
    await expect(b.getByRole("region", { name: "Final Result" })).toBeVisible();
    await expect(quickActions(b)).toContainText(
      "The same stake, rules and rounds next season; Alice Anders picks first in week 18.",
    );
  };
  await openCompleted();
  await checkView(b, "completed-contest", shots, openCompleted);
  await quickActions(b).getByRole("button", { name: "Propose a Rematch" }).click();
  await expect(b.getByText("Rematch proposed to Alice Anders", { exact: true })).toBeVisible();
  await expect(quickActions(b)).toContainText("Rematch proposed: waiting for Alice Anders to accept");
  await expect(quickActions(b).getByRole("button", { name: "Propose a Rematch" })).toHaveCount(0);
  await checkView(b, "rematch-proposed", shots, async () => {
    await b.goto(`/contests/${id}`);
    await expect(quickActions(b)).toContainText("Rematch proposed: waiting for Alice Anders to accept");
  });

  // The rematch's own page: pending, naming the contest it is the rematch of.
  await quickActions(b).getByRole("link", { name: "View the rematch" }).click();
  await expect(b).not.toHaveURL(new RegExp(`/contests/${id}$`));
  const rematchUrl = new URL(b.url()).pathname;
  await expect(b.getByRole("heading", { name: NAME, level: 1 })).toBeVisible();
  await expect(b.getByText("Loser buys the wings")).toBeVisible();
  await expect(b.getByRole("link", { name: `${NAME} (2025)` })).toHaveAttribute("href", `/contests/${id}`);
  await expect(b.getByText(`A rematch of ${NAME} (2025)`)).toBeVisible();
  await expect(b.getByRole("region", { name: "Invitation" })).toContainText(
    "Waiting for Alice Anders to accept",
  );
  await expect(b.getByRole("region", { name: "Contest Rules" })).toContainText(
    "Lock of the week: one pick a week counts double",
  );

  // Alice finds it on her Dashboard, as any challenge, and accepts it there.
  const invitation = a.getByRole("article", { name: NAME });
  const openDashboard = async () => {
    await a.goto("/");
    await expect(invitation).toContainText("Bob Brown proposes a rematch");
  };
  await openDashboard();
  await expect(invitation).toContainText("$15/week");
  await checkView(a, "dashboard-invitation", shots, openDashboard);
  const openInvitation = async () => {
    await a.goto(rematchUrl);
    const notice = a.getByRole("region", { name: "Invitation" });
    await expect(notice).toContainText("Bob Brown proposes a rematch");
    await expect(notice).toContainText("The same stake, rules and rounds, in the 2026 season.");
  };
  await checkView(a, "rematch-invitation", shots, openInvitation);
  await openDashboard();
  await invitation.getByRole("button", { name: "Accept" }).click();
  await expect(a.getByText("Contest Accepted!", { exact: true })).toBeVisible();
  await expect(a.getByRole("article", { name: NAME }).getByRole("button", { name: "Accept" })).toHaveCount(0);

  // The old contest now says the rematch is on, and leads to it.
  const openAccepted = async () => {
    await b.goto(`/contests/${id}`);
    await expect(quickActions(b)).toContainText("Rematch accepted");
  };
  await openAccepted();
  await checkView(b, "rematch-accepted", shots, openAccepted);
  await quickActions(b).getByRole("link", { name: "View the rematch" }).click();
  await expect(b).toHaveURL(new RegExp(`${rematchUrl}$`));
  await expect(b.getByRole("region", { name: "Invitation" })).toHaveCount(0);
  await b.getByRole("link", { name: `${NAME} (2025)` }).click();
  await expect(b).toHaveURL(new RegExp(`/contests/${id}$`));
  await expect(b.getByRole("region", { name: "Final Result" })).toBeVisible();
}
