import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { acceptedContest, adminAliceAndBob, signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { games } from "../../db/schema";

// Thursday of week 1, 2025, before the opener (DAL @ PHI) and the week's first deadline.
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;
let week1: { id: string }[];

const record = async (who: SignedIn | null, id: string) => as(who).get(`/api/users/${id}/record`);
const recordOf = async (who: SignedIn, id: string) => (await record(who, id)).json();

/** Both players' picks of week 1 in a new contest: the first picker (Alice) then Bob. */
async function contestWithPicks(
  alicePicks: { gameId: string; market: string; side: string }[],
  bobPicks: { gameId: string; market: string; side: string }[],
) {
  const contestId = await acceptedContest(app, alice, bob);
  for (const [who, wishes] of [
    [alice, alicePicks],
    [bob, bobPicks],
  ] as const) {
    const sent = await as(who).post("/api/picks/batch", { contestId, week: 1, round: 1, picks: wishes });
    expect(sent.statusCode, sent.body).toBe(201);
  }
  return contestId;
}

/** The game final with this score, graded by the admin. */
async function final(gameId: string, homeScore: number, awayScore: number) {
  await db.update(games).set({ status: "final", homeScore, awayScore }).where(eq(games.id, gameId));
  expect((await as(admin).post(`/api/games/${gameId}/score`)).statusCode).toBe(200);
}

let contestId: string;
beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  outsider = await signUp(app, { email: "olga@example.com" });
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
  const [opener, second, third] = week1;
  contestId = await contestWithPicks(
    [
      { gameId: opener!.id, market: "spread", side: "favorite" },
      { gameId: second!.id, market: "total", side: "over" },
    ],
    [
      { gameId: opener!.id, market: "total", side: "under" },
      { gameId: third!.id, market: "spread", side: "favorite" },
    ],
  );
});

describe("GET /api/users/{id}/record", () => {
  it("is 0-0 before any pick is graded", async () => {
    expect(await recordOf(admin, alice.id)).toEqual({ wins: 0, losses: 0 });
  });

  it("counts the graded picks won and lost, as the contest's standings count them", async () => {
    const [opener, second] = week1;
    await final(opener!.id, 24, 20);
    await final(second!.id, 40, 38);
    const { standing } = (await as(alice).get(`/api/contests/${contestId}`)).json();
    // Alice's two picks are graded; Bob's pick on the third game is not yet.
    expect(standing.player1.wins + standing.player1.losses).toBe(2);
    expect(standing.player2.wins + standing.player2.losses).toBe(1);
    const aliceRecord = { wins: standing.player1.wins, losses: standing.player1.losses };
    const bobRecord = { wins: standing.player2.wins, losses: standing.player2.losses };
    for (const viewer of [admin, alice, bob]) {
      expect(await recordOf(viewer, alice.id)).toEqual(aliceRecord);
      expect(await recordOf(viewer, bob.id)).toEqual(bobRecord);
    }
  });

  it("leaves out the contests an admin deleted", async () => {
    const before = await recordOf(admin, alice.id);
    expect(before.wins + before.losses).toBe(2);
    expect((await as(admin).delete(`/api/contests/${contestId}`)).statusCode).toBe(204);
    expect(await recordOf(admin, alice.id)).toEqual({ wins: 0, losses: 0 });
    expect(await recordOf(admin, bob.id)).toEqual({ wins: 0, losses: 0 });
  });

  it("is not found for someone who shares no contest with the viewer, or no one", async () => {
    const stranger = await record(outsider, alice.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe("Player not found.");
    expect((await record(admin, randomUUID())).statusCode).toBe(404);
    expect((await record(alice, "not-a-uuid")).statusCode).toBe(400);
    expect((await record(outsider, outsider.id)).json()).toEqual({ wins: 0, losses: 0 });
  });

  it("asks a visitor to sign in", async () => {
    expect((await record(null, alice.id)).statusCode).toBe(401);
  });
});
