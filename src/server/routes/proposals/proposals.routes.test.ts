import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry } from "@/contracts/activity";
import type { Proposal } from "@/contracts/proposals";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { games, outbox } from "../../db/schema";

// Thursday of week 1, 2025, before the opener (DAL @ PHI, 00:20 UTC Friday) and the 23:00 UTC deadline.
const START = "2025-09-04T12:00:00Z";
const { app, db, clock } = await createTestApp({ now: START });
const as = (who: SignedIn | null) => request(app, who);

const STARTED = "This game has started. The proposal is no longer valid.";

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;
type GameJson = { id: string; homeTeam: string; awayTeam: string; gameDate: string };
let week1: GameJson[];
let week2: GameJson[];
/** A week 1 game by its home team. */
const home = (team: string) => week1.find((game) => game.homeTeam === team)!;

async function newContest(name = "Head to Head") {
  const created = await as(alice).post("/api/contests", {
    name,
    player2Email: "bob@example.com",
    defaultBetAmount: 20,
    maxPicksPerPlayer: 2,
    contestCreationPassword: "pw",
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  expect((await as(bob).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);
  return id;
}

const propose = (who: SignedIn | null, contestId: string, gameId: string) =>
  as(who).post(`/api/contests/${contestId}/proposals`, { gameId });
const answer = (who: SignedIn | null, contestId: string, id: string, status: string) =>
  as(who).patch(`/api/contests/${contestId}/proposals/${id}`, { status });
const list = async (who: SignedIn, contestId: string, week = 1) => {
  const response = await as(who).get(`/api/contests/${contestId}/proposals?week=${week}`);
  expect(response.statusCode).toBe(200);
  return response.json<Proposal[]>();
};
const batch = (
  who: SignedIn,
  contestId: string,
  wishes: { gameId: string; market: string; side: string }[],
) => as(who).post("/api/picks/batch", { contestId, week: 1, round: 1, picks: wishes });

async function accepted(contestId: string, gameId: string) {
  const created = await propose(alice, contestId, gameId);
  expect(created.statusCode, created.body).toBe(201);
  const response = await answer(bob, contestId, created.json().id, "accepted");
  expect(response.statusCode, response.body).toBe(200);
  return created.json<Proposal>();
}

async function activity(action: string, proposalId: string): Promise<ActivityEntry[]> {
  const { entries } = (await as(admin).get("/api/admin/activity?limit=100")).json<{
    entries: ActivityEntry[];
  }>();
  return entries.filter((entry) => entry.action === action && entry.details.proposalId === proposalId);
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Anders" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Brown" });
  outsider = await signUp(app, { email: "olga@example.com" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
  week2 = (await as(alice).get("/api/games/week/2/season/2025")).json();
});

describe("who may propose and answer", () => {
  it("is 401 signed out and 404 for someone outside the contest", async () => {
    const contestId = await newContest();
    const { id } = (await propose(alice, contestId, home("ATL").id)).json<Proposal>();
    for (const who of [null, outsider]) {
      const status = who ? 404 : 401;
      expect((await as(who).get(`/api/contests/${contestId}/proposals?week=1`)).statusCode).toBe(status);
      expect((await propose(who, contestId, home("CLE").id)).statusCode).toBe(status);
      expect((await answer(who, contestId, id, "accepted")).statusCode).toBe(status);
    }
    expect((await as(outsider).get(`/api/contests/${contestId}/proposals`)).json().message).toBe(
      "Contest not found.",
    );
  });

  it("lets an admin who does not play read the proposals but not propose or answer (403)", async () => {
    const contestId = await newContest();
    const { id } = (await propose(alice, contestId, home("ATL").id)).json<Proposal>();
    expect(await list(admin, contestId)).toHaveLength(1);
    const proposed = await propose(admin, contestId, home("CLE").id);
    expect(proposed.statusCode).toBe(403);
    expect(proposed.json().message).toBe("Only the contest's two players propose and answer extra games.");
    expect((await answer(admin, contestId, id, "accepted")).statusCode).toBe(403);
    expect((await list(bob, contestId))[0]!.status).toBe("pending");
  });

  it("refuses the proposer's own answer (403)", async () => {
    const contestId = await newContest();
    const { id } = (await propose(bob, contestId, home("ATL").id)).json<Proposal>();
    const own = await answer(bob, contestId, id, "accepted");
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("You can't answer your own proposal.");
    expect((await answer(bob, contestId, id, "rejected")).statusCode).toBe(403);
    expect((await list(alice, contestId))[0]!.status).toBe("pending");
  });

  it("finds no proposal of another contest (404) and checks the input (400)", async () => {
    const one = await newContest();
    const other = await newContest();
    const { id } = (await propose(alice, one, home("ATL").id)).json<Proposal>();
    const elsewhere = await answer(bob, other, id, "accepted");
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe("Proposal not found.");
    expect((await answer(bob, one, id, "maybe")).statusCode).toBe(400);
    expect((await answer(bob, one, "not-a-uuid", "accepted")).statusCode).toBe(400);
    expect((await as(alice).post(`/api/contests/${one}/proposals`, {})).statusCode).toBe(400);
    expect((await as(alice).get(`/api/contests/${one}/proposals?week=99`)).statusCode).toBe(400);
  });
});

describe("proposing a game", () => {
  it("stores a pending proposal, lists it for both players and logs it", async () => {
    const contestId = await newContest("Proposal Bowl");
    const game = home("ATL");
    const created = await propose(alice, contestId, game.id);
    expect(created.statusCode).toBe(201);
    const proposal = created.json<Proposal>();
    expect(proposal).toMatchObject({
      contestId,
      gameId: game.id,
      week: 1,
      proposedBy: alice.id,
      proposerName: "Alice Anders",
      status: "pending",
      proposedAt: START.replace("Z", ".000Z"),
      respondedAt: null,
      started: false,
      expired: false,
      game: { homeTeam: "ATL", awayTeam: "TB" },
    });
    expect(await list(bob, contestId)).toEqual([proposal]);
    expect(await list(bob, contestId, 2)).toEqual([]);
    expect((await as(bob).get(`/api/contests/${contestId}/proposals`)).json()).toHaveLength(1);

    const [line] = await activity("proposal.created", proposal.id);
    expect(line).toMatchObject({
      actor: { id: alice.id },
      subjectUser: { id: bob.id },
      contestId,
      summary: "Alice Anders proposed TB @ ATL as an extra game for week 1 in “Proposal Bowl”",
    });
  });

  it.each<[string, () => string, string]>([
    ["a game of another week", () => week2[0]!.id, `${"WAS @ GB"} is not a game of week 1.`],
    ["a game that does not exist", () => "00000000-0000-4000-8000-000000000000", "That game does not exist."],
  ])("refuses %s (409)", async (_label, gameId, message) => {
    const contestId = await newContest();
    const response = await propose(alice, contestId, gameId());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(message);
  });

  it("refuses a game proposed before in the contest, by either player and whatever its answer", async () => {
    const contestId = await newContest();
    const { id } = (await propose(alice, contestId, home("ATL").id)).json<Proposal>();
    const again = await propose(bob, contestId, home("ATL").id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("TB @ ATL has already been proposed in this contest.");
    expect((await answer(bob, contestId, id, "rejected")).statusCode).toBe(200);
    expect((await propose(alice, contestId, home("ATL").id)).statusCode).toBe(409);
    // Another contest is another matter.
    expect((await propose(alice, await newContest(), home("ATL").id)).statusCode).toBe(201);
  });

  it("refuses a game that has started", async () => {
    const contestId = await newContest();
    clock.set("2025-09-05T00:20:00Z");
    const late = await propose(alice, contestId, home("PHI").id);
    clock.set(START);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("DAL @ PHI has already started: it can no longer be proposed.");
  });

  it("refuses a game either player has picked", async () => {
    const contestId = await newContest();
    await batch(alice, contestId, [{ gameId: home("CLE").id, market: "spread", side: "favorite" }]);
    const response = await propose(bob, contestId, home("CLE").id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "CIN @ CLE has already been picked in this contest: only a game nobody picked can be an extra game.",
    );
  });

  it("refuses a contest that is not active", async () => {
    const created = await as(alice).post("/api/contests", {
      name: "Waiting",
      player2Email: "bob@example.com",
      defaultBetAmount: 0,
      contestCreationPassword: "pw",
    });
    const response = await propose(alice, created.json().id, home("ATL").id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("This contest is pending: games can no longer be proposed.");
  });
});

describe("a proposed game", () => {
  it("cannot be deleted or moved to another week, teams or season", async () => {
    const contestId = await newContest();
    const created = await as(admin).post("/api/games", {
      week: 1,
      season: 2025,
      homeTeam: "SEA",
      awayTeam: "NYJ",
      gameDate: "2025-09-08T23:00:00.000Z",
      spread: "-3",
      overUnder: "41.5",
    });
    expect(created.statusCode).toBe(201);
    const gameId = created.json().id as string;
    expect((await propose(bob, contestId, gameId)).statusCode).toBe(201);
    const deleted = await as(admin).delete(`/api/games/${gameId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(
      "This game was proposed as an extra game and cannot be deleted. Correct it instead.",
    );
    const moved = await as(admin).patch(`/api/games/${gameId}`, { week: 2 });
    expect(moved.statusCode).toBe(409);
    expect((await as(admin).patch(`/api/games/${gameId}`, { spread: "-4" })).statusCode).toBe(200);
  });
});

describe("answering a proposal", () => {
  it("lets the opponent accept, once, and logs it", async () => {
    const contestId = await newContest("Answer Bowl");
    const { id } = (await propose(alice, contestId, home("ATL").id)).json<Proposal>();
    const response = await answer(bob, contestId, id, "accepted");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: "accepted",
      respondedAt: START.replace("Z", ".000Z"),
    });
    const again = await answer(bob, contestId, id, "rejected");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This proposal has already been accepted.");
    const [line] = await activity("proposal.accepted", id);
    expect(line!.summary).toBe(
      "Bob Brown accepted Alice Anders’s proposal of TB @ ATL as an extra game for week 1 in “Answer Bowl”",
    );
  });

  it("lets the opponent reject, and the rejection stands", async () => {
    const contestId = await newContest();
    const { id } = (await propose(alice, contestId, home("ATL").id)).json<Proposal>();
    expect((await answer(bob, contestId, id, "rejected")).json().status).toBe("rejected");
    const late = await answer(bob, contestId, id, "accepted");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("This proposal has already been rejected.");
    expect((await activity("proposal.rejected", id)).map((line) => line.summary)).toEqual([
      "Bob Brown rejected Alice Anders’s proposal of TB @ ATL as an extra game for week 1 in “Head to Head”",
    ]);
    // A rejected game adds no pick.
    await batch(alice, contestId, [
      { gameId: home("CLE").id, market: "spread", side: "favorite" },
      { gameId: home("IND").id, market: "spread", side: "favorite" },
    ]);
    const third = await batch(alice, contestId, [{ gameId: home("ATL").id, market: "total", side: "over" }]);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe("You may make 2 picks in week 1; you have 0 left.");
  });

  it("refuses an answer after kickoff, and lists the proposal as expired", async () => {
    const contestId = await newContest();
    const { id } = (await propose(alice, contestId, home("PHI").id)).json<Proposal>();
    clock.set("2025-09-05T00:20:00Z");
    const late = await answer(bob, contestId, id, "accepted");
    const [listed] = await list(alice, contestId);
    clock.set(START);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(STARTED);
    expect(listed).toMatchObject({ status: "pending", started: true, expired: true });
  });

  it("refuses to accept a game picked since it was proposed", async () => {
    const contestId = await newContest();
    const { id } = (await propose(bob, contestId, home("ATL").id)).json<Proposal>();
    await batch(alice, contestId, [{ gameId: home("ATL").id, market: "total", side: "over" }]);
    const response = await answer(alice, contestId, id, "accepted");
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^TB @ ATL has already been picked in this contest/);
    expect((await answer(alice, contestId, id, "rejected")).statusCode).toBe(200);
  });

  it("accepts once when the opponent accepts twice at the same moment", async () => {
    const contestId = await newContest();
    const { id } = (await propose(alice, contestId, home("ATL").id)).json<Proposal>();
    const responses = await Promise.all([
      answer(bob, contestId, id, "accepted"),
      answer(bob, contestId, id, "accepted"),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await activity("proposal.accepted", id)).toHaveLength(1);
    expect((await list(alice, contestId))[0]!.status).toBe("accepted");
  });
});

describe("the extra pick", () => {
  it("gives each player one more pick, on the accepted game only", async () => {
    const contestId = await newContest();
    const extra = home("JAX");
    await accepted(contestId, extra.id);

    // Alice picks first: her two picks, then the extra one, which must be on the extra game.
    const base = await batch(alice, contestId, [
      { gameId: home("CLE").id, market: "spread", side: "favorite" },
      { gameId: home("IND").id, market: "total", side: "over" },
    ]);
    expect(base.statusCode).toBe(201);
    const elsewhere = await batch(alice, contestId, [
      { gameId: home("NE").id, market: "total", side: "over" },
    ]);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe("Your extra pick this week must be on CAR @ JAX.");
    expect(
      (await batch(alice, contestId, [{ gameId: extra.id, market: "spread", side: "favorite" }])).statusCode,
    ).toBe(201);
    const fourth = await batch(alice, contestId, [{ gameId: extra.id, market: "total", side: "over" }]);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(
      "You may make 2 picks in week 1 plus one on each extra game; you have 0 left.",
    );

    // Bob, second, may pick once Alice holds her two base picks; his three at once, one on the extra game.
    const three = await batch(bob, contestId, [
      { gameId: home("CLE").id, market: "spread", side: "underdog" },
      { gameId: extra.id, market: "spread", side: "underdog" },
      { gameId: extra.id, market: "total", side: "under" },
    ]);
    expect(three.statusCode, three.body).toBe(201);
    const bobs = (await as(bob).get(`/api/contests/${contestId}/picks/player/${bob.id}?week=1`)).json();
    expect(bobs).toHaveLength(3);
    expect(
      (await batch(bob, contestId, [{ gameId: home("NE").id, market: "total", side: "over" }])).statusCode,
    ).toBe(409);
  });

  it("keeps the week open until the extra picks are made or the extra game kicks off", async () => {
    const contestId = await newContest();
    const opener = home("PHI");
    const extra = home("GB");
    await accepted(contestId, extra.id);
    await batch(alice, contestId, [
      { gameId: opener.id, market: "spread", side: "favorite" },
      { gameId: opener.id, market: "total", side: "over" },
    ]);
    await batch(bob, contestId, [
      { gameId: opener.id, market: "spread", side: "underdog" },
      { gameId: opener.id, market: "total", side: "under" },
    ]);
    // PHI beat DAL 24-20: every base pick is graded.
    await db
      .update(games)
      .set({ status: "final", homeScore: 24, awayScore: 20 })
      .where(eq(games.id, opener.id));
    expect((await as(admin).post(`/api/games/${opener.id}/score`)).statusCode).toBe(200);
    clock.set("2025-09-06T12:00:00Z");
    const week = async () =>
      (await as(alice).get(`/api/contests/${contestId}/weekly-results`)).json().weeklyResults[0];
    expect(await week()).toMatchObject({ week: 1, isSettled: false });

    // The extra game kicks off with nobody on it: nothing more can be picked, the week settles.
    clock.set("2025-09-07T20:25:00Z");
    // DAL covered and the total stayed under: Bob's two picks won.
    expect(await week()).toMatchObject({ week: 1, isSettled: true, weekWinner: "player2", player2Wins: 2 });
    clock.set(START);
  });
});

describe("the proposal e-mail", () => {
  it("tells the opponent a proposal awaits their answer, with the link to the picks page", async () => {
    const contestId = await newContest("Mailed proposal");
    const game = week1[week1.length - 1]!;
    expect((await propose(alice, contestId, game.id)).statusCode).toBe(201);
    const mail = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, bob.email), eq(outbox.kind, "proposal")));
    const mine = mail.filter((row) => row.body.includes(`contestId=${contestId}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toContain("proposed an additional game in");
    expect(mine[0]!.body).toContain(`${game.awayTeam} @ ${game.homeTeam}`);
  });
});
