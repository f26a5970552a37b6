import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { RESYNC } from "@/contracts/events";
import { as as request } from "../../../../tests/as";
import { openEventStream, type EventStream } from "../../../../tests/event-stream";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { buildApp } from "../../app";
import { notifyChange } from "../../repositories/events.repository";

// The setup of events-stream.test.ts, less what these tests do not use (the outsider, week 1's games).

// Thursday of week 1, 2025, before the opener: Alice (player 1) picks first.
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const as = (who: SignedIn | null) => request(app, who);

let base: string;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;

const openStream = (who: SignedIn | null) => openEventStream(base, who);
type Stream = EventStream;

let markers = 0;
/**
 * A game event goes to everyone, in commit order after the events before it: once a stream has it,
 * that stream has had every event meant for it that was committed earlier.
 */
async function settle(...streams: Stream[]) {
  markers += 1;
  const action = `game.marker-${markers}`;
  await notifyChange(db, { action, contestId: null, actorId: null, subjectUserId: null, week: null });
  for (const stream of streams) await stream.waitFor((event) => event.action === action);
}

async function newContest(opponentEmail = bob.email) {
  const created = await as(alice).post("/api/contests", {
    name: "Live Rivalry",
    player2Email: opponentEmail,
    defaultBetAmount: 10,
    maxPicksPerPlayer: 2,
    contestCreationPassword: "pw",
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ id: string }>().id;
}

beforeAll(async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
});

const open: Stream[] = [];
afterAll(async () => {
  await Promise.all(open.map((stream) => stream.close()));
});
async function streamOf(who: SignedIn) {
  const stream = await openStream(who);
  open.push(stream);
  return stream;
}

describe.runIf(app.ctx.database.kind === "postgres")("on PostgreSQL", () => {
  it("listens again after losing its connection, and tells clients to refresh everything", async () => {
    const stream = await streamOf(alice);
    await settle(stream);
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'football-pool-events' and datname = current_database()`,
    );
    await stream.waitFor((event) => event.action === RESYNC);
    await settle(stream);
  });
});

describe("several instances on one database", () => {
  it("carries a change made through one instance to the streams of another", async () => {
    const second = await buildApp({
      database: app.ctx.database,
      env: app.ctx.env,
      clock: app.ctx.clock,
      clientRoot: "/nonexistent",
      mailer: { intervalMs: 0 },
    });
    try {
      await second.listen({ port: 0, host: "127.0.0.1" });
      const first = base;
      base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const bobOnSecond = await openStream(bob);
      base = first;
      const contestId = await newContest();
      expect(await bobOnSecond.waitFor((event) => event.contestId === contestId)).toEqual({
        action: "contest.created",
        contestId,
        week: null,
      });
      await bobOnSecond.close();
    } finally {
      await second.close();
    }
  });
});

describe("shutting down", async () => {
  // Made as the file's suites are collected, so that its database goes with them (createTestApp).
  const other = await createTestApp();
  it("ends open streams instead of waiting for them", async () => {
    await other.app.listen({ port: 0, host: "127.0.0.1" });
    const player = await signUp(other.app, { email: "admin@example.com" });
    const previous = base;
    base = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const stream = await openStream(player);
    base = previous;
    expect(stream.response.statusCode).toBe(200);
    const started = Date.now();
    await other.app.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await stream.waitFor(() => false).catch(() => undefined);
    expect(stream.ended()).toBe(true);
  });
});
