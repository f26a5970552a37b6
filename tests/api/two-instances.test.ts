import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { FixedClock } from "../../src/server/clock";
import { openDatabase } from "../../src/server/db/client";
import { seed } from "../../src/server/db/seed";
import { loadEnv } from "../../src/server/env";
import { freshDatabase } from "../setup/test-database";

/**
 * Two instances (docs/reliability.md, "Two instances"): two servers, each with its own connection pool, on
 * one PostgreSQL database, as behind a load balancer. A session made on one is valid on the other, and a live
 * event caused on one reaches an event stream held open on the other (LISTEN/NOTIFY).
 */
describe.skipIf(process.env.TEST_DB !== "postgres")("two instances on one PostgreSQL", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function instance(url: string) {
    const database = await openDatabase({ url, poolSize: 4 });
    const clock = new FixedClock(new Date("2025-09-04T12:00:00Z"));
    const app = await buildApp({
      database,
      env: loadEnv({ NODE_ENV: "test" }),
      clock,
      clientRoot: "/nonexistent",
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  async function register(base: string, email: string) {
    const response = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery", firstName: email[0], lastName: "X" }),
    });
    expect(response.status).toBe(201);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }

  /** Opens an event stream and resolves with the first event that passes the test. */
  function stream(base: string, cookie: string) {
    const received: string[] = [];
    let request: http.ClientRequest;
    const opened = new Promise<void>((resolve, reject) => {
      request = http.get(
        `${base}/api/events`,
        { headers: { cookie, accept: "text/event-stream" } },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => received.push(chunk));
          resolve();
        },
      );
      request.on("error", reject);
    });
    return {
      opened,
      async waitFor(text: string) {
        for (let i = 0; i < 100; i += 1) {
          if (received.join("").includes(text)) return received.join("");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`no event with ${text}; got ${received.join("")}`);
      },
      close: () => request.destroy(),
    };
  }

  it("shares sessions and live events between the two", async () => {
    const target = await freshDatabase();
    cleanups.push(() => target.close());
    await seed(target.db, new Date("2025-09-04T12:00:00Z"));
    const a = await instance(target.url!);
    const b = await instance(target.url!);

    const admin = await register(a, "admin@example.com");
    const bob = await register(a, "bob@example.com");
    // The session made on A is valid on B.
    const me = await fetch(`${b}/api/auth/user`, { headers: { cookie: bob } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe("bob@example.com");

    // Bob listens on B; the admin challenges him on A.
    const events = stream(b, bob);
    await events.opened;
    const created = await fetch(`${a}/api/contests`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: admin },
      body: JSON.stringify({
        name: "Across",
        description: "",
        player2Email: "bob@example.com",
        defaultBetAmount: 25,
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await events.waitFor(id)).toContain("contest.created");

    // Signing out on B ends the session on A too, though A has just read it (and holds it in memory).
    expect((await fetch(`${a}/api/auth/user`, { headers: { cookie: bob } })).status).toBe(200);
    expect((await fetch(`${b}/api/auth/logout`, { method: "POST", headers: { cookie: bob } })).status).toBe(
      204,
    );
    expect((await fetch(`${a}/api/auth/user`, { headers: { cookie: bob } })).status).toBe(401);
    events.close();
  }, 60_000);

  it("clears a contest held in memory on one when the other changes it", async () => {
    // Both run in this process, where a write also clears every cache directly: the notices
    // themselves are tested in src/server/db/read-cache.test.ts. This is the whole path, end to end.
    const target = await freshDatabase();
    cleanups.push(() => target.close());
    await seed(target.db, new Date("2025-09-04T12:00:00Z"));
    const a = await instance(target.url!);
    const b = await instance(target.url!);
    const call = async (base: string, cookie: string, method: string, url: string, body?: object) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as never };
    };
    /** Polls B until what it answers passes the test (the notice reaches B at A's commit). */
    const eventually = async <T>(read: () => Promise<T>, test: (value: T) => boolean): Promise<T> => {
      let value = await read();
      for (let i = 0; i < 60 && !test(value); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        value = await read();
      }
      return value;
    };

    const admin = await register(a, "admin@example.com");
    const bob = await register(a, "bob@example.com");
    const created = await call(a, admin, "POST", "/api/contests", {
      name: "Cached",
      description: "",
      player2Email: "bob@example.com",
      defaultBetAmount: 10,
    });
    const id = (created.body as { id: string }).id;
    type Listed = { id: string; status: string; betAmount: number }[];
    const bobsList = () => call(b, bob, "GET", "/api/contests").then((r) => r.body as Listed);
    // B remembers Bob's list with the contest pending; Bob accepts on A.
    expect((await bobsList()).map((c) => c.status)).toEqual(["pending"]);
    expect((await call(a, bob, "PATCH", `/api/contests/${id}`, { status: "active" })).status).toBe(200);
    expect((await eventually(bobsList, (list) => list[0]?.status === "active"))[0]?.status).toBe("active");

    // B remembers the weekly results; a pick made on A shows on B.
    type Week = { week: number; player1Picks: unknown[]; player2Picks: unknown[] };
    const results = () =>
      call(b, bob, "GET", `/api/contests/${id}/weekly-results`).then(
        (r) => (r.body as { weeklyResults: Week[] }).weeklyResults,
      );
    const picked = (weeks: Week[]) => weeks.some((w) => w.player1Picks.length + w.player2Picks.length > 0);
    expect(picked(await results())).toBe(false);
    const games = (await call(a, bob, "GET", "/api/games/week/1/season/2025")).body as { id: string }[];
    const pick = {
      contestId: id,
      week: 1,
      round: 1,
      picks: [{ gameId: games[0]!.id, market: "total", side: "over" }],
    };
    const byAdmin = await call(a, admin, "POST", "/api/picks/batch", pick);
    if (byAdmin.status !== 201)
      expect((await call(a, bob, "POST", "/api/picks/batch", pick)).status).toBe(201);
    expect(picked(await eventually(results, picked))).toBe(true);

    // A bet set on A: B's list shows the new amount.
    expect((await bobsList())[0]?.betAmount).toBe(10);
    const bet = await call(a, admin, "PUT", `/api/contests/${id}/bet`, { isFree: false, amount: 25 });
    expect(bet.status).toBe(200);
    expect((await eventually(bobsList, (list) => list[0]?.betAmount === 25))[0]?.betAmount).toBe(25);

    // Carol's session read on B brings her list of contests (none yet, decision 051); a challenge
    // made on A shows in her list on B.
    const carol = await register(a, "carol@example.com");
    expect((await call(b, carol, "GET", "/api/auth/user")).status).toBe(200);
    const carolsList = () => call(b, carol, "GET", "/api/contests").then((r) => r.body as Listed);
    expect(await carolsList()).toEqual([]);
    const challenge = await call(a, admin, "POST", "/api/contests", {
      name: "For Carol",
      description: "",
      player2Email: "carol@example.com",
      defaultBetAmount: 5,
    });
    expect(challenge.status).toBe(201);
    const carols = await eventually(carolsList, (list) => list.length === 1);
    expect(carols.map((c) => c.id)).toEqual([(challenge.body as { id: string }).id]);
  }, 60_000);
});
