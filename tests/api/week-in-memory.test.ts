import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readCache } from "../../src/server/db/read-cache";
import { games } from "../../src/server/db/schema";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * Make Picks and the Dashboard read a contest's week from memory (decision 015): the turn, the first
 * picker, the round, both players' picks and the week's proposals. After every kind of change to
 * that week, each answer read from memory equals the answer read afresh from the database.
 */
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const as = (who: SignedIn | null) => request(app, who);
const cache = readCache(app.ctx.database);

describe("a contest's week served from memory", () => {
  it("answers as the database does after picks, first pickers, proposals, grades and renames", async () => {
    const admin = await signUp(app, { email: "admin@example.com" });
    const alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Anders" });
    const bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Brown" });
    await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
    const week1 = (await as(alice).get("/api/games/week/1/season/2025")).json<{ id: string }[]>();
    const created = await as(alice).post("/api/contests", {
      name: "Memory",
      player2Email: bob.email,
      defaultBetAmount: 10,
      maxPicksPerPlayer: 2,
      contestCreationPassword: "pw",
    });
    const id = created.json<{ id: string }>().id;
    expect((await as(bob).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);

    const urls = (who: SignedIn) => [
      `/api/contests/${id}/turn/1`,
      `/api/contests/${id}/first-picker/1`,
      `/api/contests/${id}/current-round/1`,
      `/api/contests/${id}/availability/1/1`,
      `/api/contests/${id}/picks/player/${who.id}?week=1`,
      `/api/contests/${id}/picks/player/${who.id}`,
      `/api/contests/${id}/proposals?week=1`,
      `/api/contests/${id}/proposals`,
    ];
    const read = async () =>
      Promise.all(
        [alice, bob].flatMap((who) =>
          urls(who).map(async (url) => {
            const answer = await as(who).get(url);
            return { url, status: answer.statusCode, body: answer.json() as unknown };
          }),
        ),
      );
    /** Read twice (the second from memory), then afresh with memory cleared: all three agree. */
    const agree = async () => {
      await read();
      const warm = await read();
      cache.clear();
      expect(warm).toEqual(await read());
      return warm;
    };

    await agree();
    // The admin makes Bob the first picker of week 1.
    const saved = await as(admin).post("/api/admin/first-picker-assignments", {
      contestId: id,
      week: 1,
      firstPickerId: bob.id,
    });
    expect(saved.statusCode).toBe(200);
    let answers = await agree();
    expect(answers.find((a) => a.url.endsWith("first-picker/1"))!.body).toEqual({ firstPickerId: bob.id });

    // Bob picks, Alice proposes an extra game and Bob accepts it, Alice picks.
    const [g1, g2, g3, g4] = week1 as [{ id: string }, { id: string }, { id: string }, { id: string }];
    const picked = await as(bob).post("/api/picks/batch", {
      contestId: id,
      week: 1,
      round: 1,
      picks: [
        { gameId: g1.id, market: "spread", side: "favorite" },
        { gameId: g2.id, market: "total", side: "over" },
      ],
    });
    expect(picked.statusCode, picked.body).toBe(201);
    await agree();
    const proposed = await as(alice).post(`/api/contests/${id}/proposals`, { gameId: g4.id });
    expect(proposed.statusCode, proposed.body).toBe(201);
    answers = await agree();
    expect(answers.find((a) => a.url.endsWith("proposals?week=1"))!.body).toMatchObject([
      { gameId: g4.id, proposerName: "Alice Anders", status: "pending" },
    ]);
    const accepted = await as(bob).patch(`/api/contests/${id}/proposals/${proposed.json().id}`, {
      status: "accepted",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    answers = await agree();
    expect(answers.find((a) => a.url.endsWith("turn/1"))!.body).toMatchObject({ allowance: 3 });
    const alicePicks = await as(alice).post("/api/picks/batch", {
      contestId: id,
      week: 1,
      round: 1,
      picks: [
        { gameId: g1.id, market: "spread", side: "underdog" },
        { gameId: g3.id, market: "total", side: "under" },
      ],
    });
    expect(alicePicks.statusCode, alicePicks.body).toBe(201);
    answers = await agree();
    expect(
      (answers.find((a) => a.url.endsWith("availability/1/1"))!.body as { opponentPicks: unknown[] })
        .opponentPicks,
    ).toHaveLength(2);

    // A game is graded: the picks on it carry their results.
    await db.update(games).set({ status: "final", homeScore: 30, awayScore: 10 }).where(eq(games.id, g1.id));
    expect((await as(admin).post(`/api/games/${g1.id}/score`)).statusCode).toBe(200);
    answers = await agree();
    const bobsWeek = answers.find((a) => a.url.endsWith(`picks/player/${bob.id}?week=1`))!.body as {
      result: string;
    }[];
    expect(bobsWeek.map((pick) => pick.result)).not.toContain(undefined);
    expect(bobsWeek.some((pick) => pick.result !== "pending")).toBe(true);

    // Alice changes her name: the proposal says her new name.
    const renamed = await as(alice).put(`/api/users/${alice.id}`, {
      firstName: "Alicia",
      lastName: "Anders",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    answers = await agree();
    expect(answers.find((a) => a.url.endsWith("proposals?week=1"))!.body).toMatchObject([
      { proposerName: "Alicia Anders" },
    ]);
  });

  it("reads many contests' weeks together and gives each page its own", async () => {
    const players = await Promise.all(
      Array.from({ length: 6 }, (_, n) => signUp(app, { email: `crowd${n}@example.com` })),
    );
    const ids: string[] = [];
    for (let n = 0; n < players.length; n += 2) {
      const [one, two] = [players[n]!, players[n + 1]!];
      const created = await as(one).post("/api/contests", {
        name: `Crowd ${n}`,
        player2Email: two.email,
        defaultBetAmount: 0,
        maxPicksPerPlayer: 2 + n / 2,
        contestCreationPassword: "pw",
      });
      const id = created.json<{ id: string }>().id;
      expect((await as(two).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);
      ids.push(id);
    }
    const reads = () =>
      Promise.all(
        ids.flatMap((id, at) =>
          [players[2 * at]!, players[2 * at + 1]!].map(async (who) => {
            const answer = await as(who).get(`/api/contests/${id}/turn/1`);
            return { status: answer.statusCode, body: answer.json() as { allowance: number } };
          }),
        ),
      );
    const alone = [];
    for (const id of ids) {
      cache.clear();
      const at = ids.indexOf(id);
      for (const who of [players[2 * at]!, players[2 * at + 1]!])
        alone.push((await as(who).get(`/api/contests/${id}/turn/1`)).json());
    }
    cache.clear();
    const together = await reads();
    expect(together.map((answer) => answer.body)).toEqual(alone);
    expect(together.map((answer) => answer.body.allowance)).toEqual([2, 2, 3, 3, 4, 4]);
    // A player outside a contest still finds nothing there.
    expect((await as(players[0]!).get(`/api/contests/${ids[1]}/turn/1`)).statusCode).toBe(404);
  });
});
