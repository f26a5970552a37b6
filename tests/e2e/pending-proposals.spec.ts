import { expect, test, twoPlayerContest } from "./fixtures";
import { checkView } from "./view-checks";

/** With PROPOSALS_SCREENSHOTS=<folder> the dashboard's list is photographed there. */
const SHOTS = process.env.PROPOSALS_SCREENSHOTS;

/*
 * The server's clock is fixed at 2025-09-04T12:00Z: week 1 of 2025. BAL @ BUF kicks off Sunday
 * night, so a proposal of it stands all through the test.
 */
test.describe.configure({ timeout: 150_000 });

test("the opponent's proposals wait on the dashboard: a new bet approved, an additional game accepted, each answered there", async ({
  adminPage,
  browser,
}) => {
  const { id, name, player1, player2, close } = await twoPlayerContest(adminPage, browser, {
    name: "Answers",
    players: [
      ["Pia", "Proposer"],
      ["Rex", "Responder"],
    ],
    timezoneId: "America/New_York",
  });
  try {
    const games = (await (await player1.page.request.get("/api/games/week/1/season/2025")).json()) as {
      id: string;
      homeTeam: string;
    }[];
    const buf = games.find((game) => game.homeTeam === "BUF")!;
    const bet = await player1.page.request.post(`/api/contests/${id}/bet-changes`, {
      data: { week: 2, newAmount: 25 },
    });
    expect(bet.status()).toBe(201);
    const game = await player1.page.request.post(`/api/contests/${id}/proposals`, {
      data: { gameId: buf.id },
    });
    expect(game.status()).toBe(201);

    // The proposer's dashboard has nothing to answer.
    const { page: pia } = player1;
    await pia.goto("/");
    await expect(pia.getByText("Your Turn").first()).toBeVisible();
    await expect(pia.getByRole("region", { name: "Waiting for Your Answer" })).toHaveCount(0);

    const { page: rex } = player2;
    await rex.goto("/");
    const card = rex.getByRole("region", { name: "Waiting for Your Answer" });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name })).toHaveAttribute("href", `/contests/${id}`);
    await expect(card.getByRole("status", { name: "Pending bet change" })).toContainText(
      "Pia Proposer proposed $25/week from week 2",
    );
    await expect(card.getByRole("status", { name: "Proposed game BAL @ BUF" })).toContainText(
      "Pia Proposer proposed adding BAL @ BUF to week 1",
    );
    await checkView(rex, "dashboard-pending-proposals", SHOTS, async () => {
      await rex.goto("/");
      await expect(card).toBeVisible();
    });

    await card.getByRole("button", { name: "Approve" }).click();
    await expect(rex.getByText("Bet Change Approved", { exact: true })).toBeVisible();
    await expect(card.getByRole("status", { name: "Pending bet change" })).toHaveCount(0);

    await card.getByRole("button", { name: "Accept BAL @ BUF" }).click();
    await expect(rex.getByText("Proposal Accepted", { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);

    // Both answers are the contest's: the bet and the extra game stand.
    const changes = (await (await rex.request.get(`/api/contests/${id}/bet-changes`)).json()) as {
      status: string;
    }[];
    expect(changes.map((change) => change.status)).toEqual(["approved"]);
    const proposals = (await (await rex.request.get(`/api/contests/${id}/proposals?week=1`)).json()) as {
      status: string;
    }[];
    expect(proposals.map((proposal) => proposal.status)).toEqual(["accepted"]);

    // The kind that tells them has its own switches.
    await rex.goto("/settings/notifications");
    await expect(rex.getByText("Proposals", { exact: true }).first()).toBeVisible();
  } finally {
    await close();
  }
});
