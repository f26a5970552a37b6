import { describe, expect, it } from "vitest";
import { readCache } from "../../src/server/db/read-cache";
import { findSessionsById } from "../../src/server/repositories/sessions.repository";
import { sessionIdOf } from "../../src/server/services/auth.service";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * First reads of many players at once go to the database together: each player still
 * gets exactly their own contests and results, as when each asks alone.
 */
const { app } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const as = (who: SignedIn | null) => request(app, who);
const cache = readCache(app.ctx.database);
/** The first user signed up: the admin. */
let admin: SignedIn;

describe("coalesced first reads", () => {
  it("give every player of a crowd their own contests and weekly results", async () => {
    admin = await signUp(app, { email: "admin@example.com" });
    await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
    const players = await Promise.all(
      Array.from({ length: 8 }, (_, n) => signUp(app, { email: `player${n}@example.com` })),
    );
    const contest = async (one: SignedIn, email: string, accept?: SignedIn) => {
      const created = await as(one).post("/api/contests", {
        name: `${one.email} v ${email}`,
        player2Email: email,
        defaultBetAmount: 10,
        maxPicksPerPlayer: 2,
        contestCreationPassword: "pw",
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      if (accept)
        expect((await as(accept).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);
      return id;
    };
    const [p0, p1, p2, p3, p4, p5] = players as [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn, SignedIn];
    const ids = [
      await contest(p0, p1.email, p1),
      await contest(p0, p2.email, p2),
      await contest(p3, p4.email, p4),
      // Invitations by e-mail: one to a player (in any case), one to someone not signed up.
      await contest(p5, p0.email.toUpperCase()),
      await contest(p5, "nobody@example.com"),
    ];
    const who = [admin, ...players];
    const read = async () => ({
      lists: await Promise.all(who.map(async (user) => (await as(user).get("/api/contests")).json())),
      people: await Promise.all(who.map(async (user) => (await as(user).get("/api/users")).json())),
      results: await Promise.all(
        ids.flatMap((id) =>
          who.map(async (user) => (await as(user).get(`/api/contests/${id}/weekly-results`)).statusCode),
        ),
      ),
    });
    // Alone: one player after the other, nothing in memory before each.
    const alone = { lists: [] as unknown[], people: [] as unknown[], results: [] as number[] };
    for (const user of who) {
      cache.clear();
      alone.lists.push((await as(user).get("/api/contests")).json());
      cache.clear();
      alone.people.push((await as(user).get("/api/users")).json());
    }
    for (const id of ids)
      for (const user of who) {
        cache.clear();
        alone.results.push((await as(user).get(`/api/contests/${id}/weekly-results`)).statusCode);
      }
    // Together: every request at once, nothing in memory.
    cache.clear();
    const together = await read();
    expect(together).toEqual(alone);
    expect((alone.lists[1] as { id: string }[]).map((c) => c.id).sort()).toEqual(
      [ids[0], ids[1], ids[3]].sort(),
    );
    expect(alone.lists[7] as unknown[]).toEqual([]);
    // Player 0 shares contests with players 1 and 2, and is invited by player 5 (by e-mail).
    expect((alone.people[1] as { id: string }[]).map((person) => person.id).sort()).toEqual(
      [p0.id, p1.id, p2.id, p5.id].sort(),
    );
    expect(alone.results.filter((status) => status === 200)).toHaveLength(3 + 3 + 3 + 3 + 2);

    // A player's session, read, brings the ids of the contests they see (a first page on an instance
    // then reads no list): the same list, in the same order, as its own statement reads.
    const player0 = players[0]!;
    cache.clear();
    await as(player0).get("/api/auth/user");
    expect(cache.get("contests", `ids:${player0.id}:${player0.email.toLowerCase()}`)).toEqual(
      (alone.lists[1] as { id: string }[]).map((c) => c.id),
    );
    const ownStatement: unknown[] = [];
    for (const user of who) {
      await as(user).get("/api/auth/user"); // the session in memory, the list not
      cache.clear("contests");
      ownStatement.push((await as(user).get("/api/contests")).json());
    }
    expect(ownStatement).toEqual(alone.lists);
  });

  it("read a session alone (its named statement) as in a batch, again and again", async () => {
    const [one, two] = [await signUp(app), await signUp(app)];
    const idOf = (who: SignedIn) => sessionIdOf(who.cookie.slice("fp_session=".length));
    const [first, second] = [idOf(one), idOf(two)];
    const batch = await findSessionsById(app.ctx.db, [first, second, "no-such-session"]);
    expect([...batch.keys()].sort()).toEqual([first, second].sort());
    expect(batch.get(first)!.user.email).toBe(one.email);
    expect(batch.get(first)!.expiresAt).toBeInstanceOf(Date);
    // PostgreSQL plans a named statement anew for its first five runs, then keeps one plan.
    for (let run = 0; run < 7; run += 1) {
      const [alone, other] = [
        await findSessionsById(app.ctx.db, [first]),
        await findSessionsById(app.ctx.db, [second]),
      ];
      expect(alone).toEqual(new Map([[first, batch.get(first)]]));
      expect(other).toEqual(new Map([[second, batch.get(second)]]));
    }
    expect(await findSessionsById(app.ctx.db, ["no-such-session"])).toEqual(new Map());
    // An admin's session: no list of contests (every contest is theirs to see).
    expect((await findSessionsById(app.ctx.db, [idOf(admin)])).get(idOf(admin))!.contestIds).toBeNull();
  });

  it("read an admin's list of more contests than a batch, cleared meanwhile, whole and in order", async () => {
    const host = await signUp(app, { email: "host@example.com" });
    // More than a batch (100): the list read apart, a batch at a time (contest-data.service).
    for (let n = 0; n < 105; n += 1) {
      const created = await as(host).post("/api/contests", {
        name: `Contest ${n}`,
        player2Email: `guest${n}@example.com`,
        defaultBetAmount: 10,
        maxPicksPerPlayer: 2,
        contestCreationPassword: "pw",
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const before = (await as(admin).get("/api/contests")).json() as { id: string }[];
    expect(before.length).toBeGreaterThanOrEqual(105);
    // As a final leaves it: the list of ids kept, every contest's data cleared.
    for (const { id } of before) cache.clearContest(id);
    const after = (await as(admin).get("/api/contests")).json() as { id: string }[];
    expect(after).toEqual(before);
  });
});
