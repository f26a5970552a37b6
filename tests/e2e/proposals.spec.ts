import type { Browser, Page } from "@playwright/test";
import { expect, test, twoPlayerContest } from "./fixtures";

/*
 * The server's clock is fixed at 2025-09-04T12:00Z: week 1 of 2025, before the first kickoff
 * (DAL @ PHI at 00:20Z on the 5th). Alice created the contest: she picks first in week 1.
 * CAR @ JAX kicks off Sunday 2025-09-07 17:00Z: 3 days and 5 hours away.
 */

test.describe.configure({ timeout: 120_000 });

async function activeContest(adminPage: Page, browser: Browser) {
  const { id, player1, player2, close } = await twoPlayerContest(adminPage, browser, {
    name: "Extra Time",
    players: [
      ["Alice", "Anders"],
      ["Bob", "Brown"],
    ],
    timezoneId: "America/New_York",
  });
  return { id, alice: player1.page, bob: player2.page, close };
}

const panel = (page: Page) => page.getByRole("region", { name: "Additional Game Proposals - Week 1" });
const side = (page: Page, matchup: string, label: string) =>
  page.getByRole("article", { name: matchup }).getByRole("button", { name: label });
const stat = (page: Page, label: string) =>
  page.locator("dl > div").filter({ has: page.locator("dt", { hasText: label }) });

/** Selects the given sides and submits them through the confirmation. */
async function submit(page: Page, sides: [string, string][], count: number) {
  for (const [matchup, label] of sides) await side(page, matchup, label).click();
  await page.getByRole("button", { name: "Submit Picks" }).click();
  await page
    .getByRole("alertdialog", { name: "Confirm Your Picks" })
    .getByRole("button", { name: "Confirm Submit" })
    .click();
  const picks = `${count} ${count === 1 ? "pick" : "picks"}`;
  await expect(page.getByText(`Successfully submitted ${picks}!`, { exact: true })).toBeVisible();
}

test("one player proposes a game, the other accepts, and each makes an extra pick on it", async ({
  adminPage,
  browser,
}) => {
  const { id, alice, bob, close } = await activeContest(adminPage, browser);
  const url = `/picks?contestId=${id}`;

  // Alice makes her two picks; the panel stays on the Picks Complete page.
  await alice.goto(url);
  await expect(panel(alice)).toContainText("No pending proposals.");
  await expect(panel(alice)).toContainText("Games may be proposed any time before they start.");
  await submit(
    alice,
    [
      ["DAL @ PHI", "PHI -8.5"],
      ["KC @ LAC", "Over 47.5"],
    ],
    2,
  );
  await expect(alice.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();

  // The dialog lists the games nobody picked, with the time to kickoff; Cancel closes it.
  await panel(alice).getByRole("button", { name: "Propose Game" }).click();
  let dialog = alice.getByRole("dialog", { name: "Propose Additional Game" });
  // Every upcoming game of the week but the two Alice picked (other specs score some games meanwhile).
  const week1 = (await (await alice.request.get("/api/games/week/1/season/2025")).json()) as {
    status: string;
  }[];
  await expect(dialog.getByRole("radio")).toHaveCount(
    week1.filter((game) => game.status === "upcoming").length - 2,
  );
  await expect(dialog.getByRole("radio", { name: /DAL @ PHI/ })).toHaveCount(0);
  await expect(dialog.getByRole("radio", { name: /CAR @ JAX/ })).toHaveAccessibleName(/Starts in 3d 5h/);
  await expect(dialog.getByRole("button", { name: "Send Proposal" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);

  await panel(alice).getByRole("button", { name: "Propose Game" }).click();
  dialog = alice.getByRole("dialog", { name: "Propose Additional Game" });
  await dialog.getByRole("radio", { name: /CAR @ JAX/ }).check();
  await dialog.getByRole("button", { name: "Send Proposal" }).click();
  await expect(alice.getByText("Proposal Sent", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const mine = panel(alice).getByRole("listitem", { name: "CAR @ JAX" });
  await expect(mine).toContainText("Proposed by Alice Anders");
  await expect(mine).toContainText("Pending");
  await expect(mine).toContainText("Waiting for Bob Brown to respond to your proposal.");
  await expect(mine.getByRole("button", { name: /Accept/ })).toHaveCount(0);

  // Bob makes his two picks, then accepts the proposal.
  await bob.goto(url);
  await submit(
    bob,
    [
      ["DAL @ PHI", "DAL +8.5"],
      ["TB @ ATL", "TB -1.5"],
    ],
    2,
  );
  const theirs = panel(bob).getByRole("listitem", { name: "CAR @ JAX" });
  await expect(theirs).toContainText("Proposed by Alice Anders");
  await theirs.getByRole("button", { name: "Accept CAR @ JAX" }).click();
  const toast = bob
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: "Proposal Accepted" });
  await expect(toast.getByText("Proposal Accepted", { exact: true })).toBeVisible();
  // Closed as a player would: for its five seconds it covers Submit Picks, which waits for it.
  await toast.getByRole("button", { name: "Close" }).click();
  await expect(toast).toHaveCount(0);
  await expect(theirs).toContainText("Accepted");

  // Bob's page turns back into picking: one extra pick, on CAR @ JAX only.
  await expect(stat(bob, "Picks Remaining")).toContainText("1");
  await expect(stat(bob, "Picks Remaining")).toContainText("of 2 + 1 extra this week");
  await expect(bob.getByRole("alert").filter({ hasText: "Extra Pick" })).toContainText(
    "An accepted proposal gives you one more pick this week, on CAR @ JAX.",
  );
  await expect(side(bob, "CIN @ CLE", "CIN -5.5")).toBeDisabled();
  await expect(side(bob, "CIN @ CLE", "CIN -5.5")).toHaveAttribute(
    "title",
    "Your extra pick must be on CAR @ JAX",
  );
  await submit(bob, [["CAR @ JAX", "CAR +4.5"]], 1);
  await expect(bob.getByRole("heading", { name: "Picks Complete", level: 1 })).toBeVisible();
  await expect(bob.getByText("You have already made all 3 picks for Week 1.")).toBeVisible();

  // Alice sees the answer and makes her extra pick too.
  await alice.reload();
  await expect(stat(alice, "Picks Remaining")).toContainText("1");
  await expect(side(alice, "CAR @ JAX", "CAR +4.5")).toBeDisabled();
  await submit(alice, [["CAR @ JAX", "JAX -4.5"]], 1);
  await expect(alice.getByText("You have already made all 3 picks for Week 1.")).toBeVisible();
  await expect(panel(alice).getByRole("button", { name: "Propose Game" })).toBeEnabled();

  await alice.goto(`/contests/${id}`);
  await expect(alice.getByRole("button", { name: "Picks Complete for Week 1" })).toBeDisabled();
  await expect(alice.getByText("You have made all 3 picks for this week.")).toBeVisible();
  await close();
});

test("a rejected proposal adds nothing", async ({ adminPage, browser }) => {
  const { id, alice, bob, close } = await activeContest(adminPage, browser);
  await bob.goto(`/picks?contestId=${id}`);
  await panel(bob).getByRole("button", { name: "Propose Game" }).click();
  const dialog = bob.getByRole("dialog", { name: "Propose Additional Game" });
  await dialog.getByRole("radio", { name: /SF @ SEA/ }).check();
  await dialog.getByRole("button", { name: "Send Proposal" }).click();
  await expect(bob.getByText("Proposal Sent", { exact: true })).toBeVisible();

  await alice.goto(`/picks?contestId=${id}`);
  const proposal = panel(alice).getByRole("listitem", { name: "SF @ SEA" });
  await proposal.getByRole("button", { name: "Reject SF @ SEA" }).click();
  await expect(alice.getByText("Proposal Rejected", { exact: true })).toBeVisible();
  await expect(proposal).toContainText("Rejected");
  await expect(proposal.getByRole("button")).toHaveCount(0);
  await expect(stat(alice, "Picks Remaining")).toContainText("2");
  await expect(stat(alice, "Picks Remaining")).toContainText("of 2 this week");
  await close();
});
