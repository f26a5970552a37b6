import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { as as request } from "../../../../tests/as";
import { openEventStream, type EventStream } from "../../../../tests/event-stream";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { BEAT_GROUPS } from "../../plugins/event-hub";
import { SESSION_DAYS } from "../../services/auth.service";
import { recordActivity } from "../../repositories/activity.repository";
import { EVENTS_CHANNEL, notifyChange, type ChangeNotice } from "../../repositories/events.repository";
import type { UserRow } from "../../repositories/users.repository";
import { audiencesOf } from "../../services/events.service";

// Thursday of week 1, 2025, before the opener: Alice (player 1) picks first.
const { app, db, clock } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const as = (who: SignedIn | null) => request(app, who);

let base: string;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;
let week1: { id: string }[];

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
  outsider = await signUp(app, { email: "olga@example.com" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
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

describe("GET /api/events", () => {
  it("is for signed-in users only", async () => {
    const response = await as(null).get("/api/events");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "You need to sign in." });
  });

  it("opens an event stream that no buffer holds back", async () => {
    const stream = await streamOf(outsider);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(stream.response.headers["x-content-type-options"]).toBe("nosniff");
    await settle(stream);
    await stream.close();
  });

  /**
   * A stream's bytes as they leave the server, opened over HTTP/`version` by hand, until `action`'s
   * event has come whole: its head, and its body as it came (events go to a connection as chunks
   * framed once for all of them, or as they are to an HTTP/1.0 client).
   */
  async function rawStream(version: "1.0" | "1.1", who: SignedIn, action: string) {
    const socket = connect((app.server.address() as AddressInfo).port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.write(`GET /api/events HTTP/${version}\r\nHost: 127.0.0.1\r\nCookie: ${who.cookie}\r\n\r\n`);
    await expect.poll(() => text).toContain("retry: 3000");
    await app.events.beat();
    await notifyChange(db, { action, contestId: null, actorId: null, subjectUserId: null, week: null });
    const last = `${eventOf(action)}${version === "1.1" ? "\r\n" : ""}`;
    await expect.poll(() => text.endsWith(last)).toBe(true);
    socket.destroy();
    const at = text.indexOf("\r\n\r\n");
    return { head: text.slice(0, at).toLowerCase(), body: text.slice(at + 4) };
  }
  const eventOf = (action: string) => `data: {"action":"${action}","contestId":null,"week":null}\n\n`;
  /** The retry hint, a ping (or more: the heartbeat's own may come meanwhile), then the event. */
  const inOrder = (pieces: string[], action: string) => {
    expect(pieces[0]).toBe("retry: 3000\n\n");
    expect(pieces.at(-1)).toBe(eventOf(action));
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces.slice(1, -1)) expect(piece).toBe(": ping\n\n");
  };

  it("sends its events as well-formed chunks over HTTP/1.1, and as they are over HTTP/1.0", async () => {
    const chunked = await rawStream("1.1", outsider, "game.raw-1-1");
    expect(chunked.head).toContain("transfer-encoding: chunked");
    const chunks: string[] = [];
    let rest = chunked.body;
    while (rest.length > 0) {
      const line = rest.indexOf("\r\n");
      expect(rest.slice(0, line)).toMatch(/^[0-9a-f]+$/);
      const size = Number.parseInt(rest.slice(0, line), 16);
      expect(rest.slice(line + 2 + size, line + 4 + size)).toBe("\r\n");
      chunks.push(rest.slice(line + 2, line + 2 + size));
      rest = rest.slice(line + 4 + size);
    }
    inOrder(chunks, "game.raw-1-1");

    const plain = await rawStream("1.0", outsider, "game.raw-1-0");
    expect(plain.head).not.toContain("transfer-encoding");
    inOrder(plain.body.split(/(?<=\n\n)/), "game.raw-1-0");
  });

  it("tells both players and the admins of a contest's changes, and nobody else", async () => {
    const [aliceStream, bobStream, adminStream, outsiderStream] = await Promise.all([
      streamOf(alice),
      streamOf(bob),
      streamOf(admin),
      streamOf(outsider),
    ]);
    const contestId = await newContest();
    // Bob is challenged: he hears of it before he ever answers.
    await bobStream.waitFor((event) => event.action === "contest.created" && event.contestId === contestId);
    expect((await as(bob).patch(`/api/contests/${contestId}`, { status: "active" })).statusCode).toBe(200);

    const picks = await as(alice).post("/api/picks/batch", {
      contestId,
      week: 1,
      round: 1,
      picks: [
        { gameId: week1[0]!.id, market: "spread", side: "favorite" },
        { gameId: week1[1]!.id, market: "total", side: "over" },
      ],
    });
    expect(picks.statusCode).toBe(201);
    const expected = { action: "picks.submitted", contestId, week: 1 };
    expect(await bobStream.waitFor((event) => event.action === "picks.submitted")).toEqual(expected);
    expect(await aliceStream.waitFor((event) => event.action === "picks.submitted")).toEqual(expected);
    expect(await adminStream.waitFor((event) => event.action === "picks.submitted")).toEqual(expected);

    await settle(outsiderStream, bobStream);
    expect(outsiderStream.events.filter((event) => event.contestId !== null)).toEqual([]);
    expect(bobStream.events.map((event) => event.action)).toEqual([
      "contest.created",
      "contest.accepted",
      "picks.submitted",
      expect.stringMatching(/^game\.marker/),
    ]);
  });

  it("tells an invited e-mail's new account of the contest waiting for it", async () => {
    const contestId = await newContest("carol@example.com");
    const carol = await signUp(app, { email: "carol@example.com", firstName: "Carol" });
    const carolStream = await streamOf(carol);
    expect((await as(carol).patch(`/api/contests/${contestId}`, { status: "rejected" })).statusCode).toBe(
      200,
    );
    expect(await carolStream.waitFor((event) => event.contestId === contestId)).toEqual({
      action: "contest.rejected",
      contestId,
      week: null,
    });
  });

  it("says nothing of a change that was rolled back or refused", async () => {
    const contestId = await newContest();
    const bobStream = await streamOf(bob);
    // Past the challenge's own event, which may reach a stream opened just after it.
    await settle(bobStream);
    const seen = bobStream.events.length;
    await expect(
      db.transaction(async (tx) => {
        await recordActivity(tx, { actorId: alice.id, action: "picks.submitted", contestId });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // Still pending: a pick is refused (409), and nothing is announced.
    const refused = await as(alice).post("/api/picks/batch", {
      contestId,
      week: 1,
      round: 1,
      picks: [{ gameId: week1[2]!.id, market: "spread", side: "favorite" }],
    });
    expect(refused.statusCode).toBe(409);
    await settle(bobStream);
    expect(bobStream.events.slice(seen).filter((event) => event.contestId === contestId)).toEqual([]);
  });

  it("tells every player of a score, so both see their graded picks", async () => {
    const contestId = await newContest();
    await as(bob).patch(`/api/contests/${contestId}`, { status: "active" });
    const gameId = week1[3]!.id;
    await as(alice).post("/api/picks/batch", {
      contestId,
      week: 1,
      round: 1,
      picks: [{ gameId, market: "spread", side: "favorite" }],
    });
    const [aliceStream, bobStream, outsiderStream] = await Promise.all([
      streamOf(alice),
      streamOf(bob),
      streamOf(outsider),
    ]);

    // Before its kickoff by the test's clock: the admin confirms the early final (docs/rules.md).
    const saved = await as(admin).patch(`/api/games/${gameId}`, {
      homeScore: 30,
      awayScore: 10,
      status: "final",
      confirmFinalBeforeKickoff: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const scored = await as(admin).post(`/api/games/${gameId}/score`);
    expect(scored.statusCode).toBe(200);
    for (const stream of [aliceStream, bobStream, outsiderStream]) {
      expect(await stream.waitFor((event) => event.action === "game.scored")).toEqual({
        action: "game.scored",
        contestId: null,
        week: null,
      });
      expect(stream.events.some((event) => event.action === "game.updated")).toBe(true);
    }
  });

  it("tells account changes to the admins and the person, not to others", async () => {
    const [aliceStream, bobStream, adminStream] = await Promise.all([
      streamOf(alice),
      streamOf(bob),
      streamOf(admin),
    ]);
    expect(
      (await as(alice).put(`/api/users/${alice.id}`, { firstName: "Alicia", lastName: "Player" })).statusCode,
    ).toBe(200);
    await aliceStream.waitFor((event) => event.action === "user.updated");
    await adminStream.waitFor((event) => event.action === "user.updated");
    await settle(bobStream);
    expect(bobStream.events.some((event) => event.action === "user.updated")).toBe(false);
  });

  it("gives each notice of a batch its own audience, looked up in one query", async () => {
    const withBob = await newContest();
    const withDana = await newContest("dana@example.com");
    const [bobStream, outsiderStream, adminStream] = await Promise.all([
      streamOf(bob),
      streamOf(outsider),
      streamOf(admin),
    ]);
    await settle(bobStream, outsiderStream, adminStream);
    const notice = (action: string, contestId: string | null, subjectUserId: string | null = null) =>
      JSON.stringify({ action, contestId, actorId: alice.id, subjectUserId, week: 1 });
    // Several picks' notices go out after their commits in one NOTIFY, a line each (decision 013).
    const batch = [
      notice("picks.submitted", withBob),
      notice("picks.submitted", withDana),
      notice("user.updated", null, outsider.id),
      notice("not json", null).slice(1),
      "null",
      notice("picks.submitted", withBob),
    ];
    await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${batch.join("\n")})`);
    await settle(bobStream, outsiderStream, adminStream);
    const heard = (stream: Stream) =>
      stream.events.filter((event) => !event.action.startsWith("game.") && event.week === 1);
    expect(heard(bobStream)).toEqual([
      { action: "picks.submitted", contestId: withBob, week: 1 },
      { action: "picks.submitted", contestId: withBob, week: 1 },
    ]);
    expect(heard(outsiderStream)).toEqual([{ action: "user.updated", contestId: null, week: 1 }]);
    expect(heard(adminStream).map((event) => event.contestId)).toEqual([withBob, withDana, null, withBob]);

    let selects = 0;
    const counted = new Proxy(app.ctx.db, {
      get(target, property, receiver) {
        if (property === "select") selects += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const notices = batch.slice(0, 3).map((line) => JSON.parse(line) as ChangeNotice);
    const audiences = await audiencesOf({ ...app.ctx, db: counted }, notices);
    expect(selects).toBe(1);
    // Dana, invited by e-mail, has no account yet: she hears of her contest only.
    const dana = { id: "00000000-0000-4000-8000-000000000000", email: "dana@example.com", isAdmin: false };
    expect(audiences.map((hears) => hears(dana as UserRow))).toEqual([false, true, false]);
    // The streams told are looked up by these keys (besides the admins'), not all tested: Dana's
    // contest names her by e-mail.
    expect(audiences[1]!.keys).toContain("email:dana@example.com");
    expect(audiences.every((hears) => hears.keys !== undefined)).toBe(true);
  });

  it("ends a stream whose session ended, and forgets a stream whose client left", async () => {
    const session = await signUp(app, { email: "leaving@example.com" });
    const stream = await streamOf(session);
    const before = app.events.size;
    await as(session).post("/api/auth/logout");
    await app.events.beat();
    await stream.waitFor(() => false).catch(() => undefined);
    expect(stream.ended()).toBe(true);
    await expect.poll(() => app.events.size).toBe(before - 1);

    const leaving = await openStream(alice);
    await settle(leaving);
    const open = app.events.size;
    await leaving.close();
    await expect.poll(() => app.events.size).toBe(open - 1);
  });

  it("ends a stream whose session expired, though the session is in memory", async () => {
    const session = await signUp(app, { email: "expiring@example.com" });
    const stream = await streamOf(session);
    // Its requests put the session in this instance's memory; the heartbeat still checks its expiry.
    expect((await as(session).get("/api/auth/user")).statusCode).toBe(200);
    await settle(stream);
    const now = clock.now();
    clock.set(new Date(now.getTime() + (SESSION_DAYS + 1) * 86_400_000));
    try {
      await app.events.beat();
    } finally {
      clock.set(now);
    }
    await stream.waitFor(() => false).catch(() => undefined);
    expect(stream.ended()).toBe(true);
  });

  it("hears as the user is now once a heartbeat has passed: a player made an admin hears every contest", async () => {
    const dora = await signUp(app, { email: "dora@example.com", firstName: "Dora" });
    const stream = await streamOf(dora);
    const before = await newContest();
    await settle(stream);
    expect(stream.events.filter((event) => event.contestId === before)).toEqual([]);

    const granted = await as(admin).put(`/api/users/${dora.id}`, {
      firstName: "Dora",
      lastName: "Player",
      isAdmin: true,
    });
    expect(granted.statusCode).toBe(200);
    await app.events.beat();
    const after = await newContest();
    await settle(stream);
    expect(stream.events.filter((event) => event.contestId === after).map((event) => event.action)).toEqual([
      "contest.created",
    ]);
    expect(stream.ended()).toBe(false);
  });

  it("beats the streams a group at a time: the groups together reach every stream", async () => {
    const streams = await Promise.all([streamOf(alice), streamOf(bob), streamOf(outsider)]);
    await settle(...streams);
    const pings = (stream: Stream) => stream.comments.filter((line) => line === ": ping").length;
    const before = streams.map(pings);
    for (let group = 0; group < BEAT_GROUPS; group += 1) await app.events.beat(group);
    // The pings were written before the marker, on the same connections.
    await settle(...streams);
    streams.forEach((stream, at) => expect(pings(stream)).toBeGreaterThan(before[at]!));
  });

  it("sends a heartbeat comment to open streams", async () => {
    const stream = await streamOf(bob);
    await app.events.beat();
    await expect.poll(() => stream.comments).toContain(": ping");
    expect(stream.ended()).toBe(false);
  });
});
