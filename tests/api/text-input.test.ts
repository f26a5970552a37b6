import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { unsubscribeLinks } from "../../src/server/services/unsubscribe";
import { as } from "../as";
import { adminAliceAndBob, CREATION_PASSWORD, type SignedIn } from "../factories";
import { fingerprint } from "../setup/fingerprint";
import { createTestApp } from "../setup/test-app";

/**
 * Text the database cannot store (U+0000, half of a surrogate pair) is refused before any route
 * reads it, and a name must have something a person can see: each a 400 with a message, nothing
 * written.
 */
const { app, db } = await createTestApp();

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let contestId: string;

beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  const created = await as(app, alice).post("/api/contests", {
    name: "Head to Head",
    player2Email: bob.email,
    defaultBetAmount: 20,
    contestCreationPassword: CREATION_PASSWORD,
  });
  contestId = created.json<{ id: string }>().id;
});

/** A JSON body as the client sends it: JSON.stringify escapes U+0000 and lone surrogates. */
const json = (method: "POST" | "PUT", url: string, who: SignedIn | null, body: object) =>
  app.inject({
    method,
    url,
    headers: { "content-type": "application/json", ...(who ? { cookie: who.cookie } : {}) },
    payload: JSON.stringify(body),
  });

const register = (names: { firstName: string; lastName: string }) =>
  json("POST", "/api/auth/register", null, {
    email: `new-${randomUUID()}@example.com`,
    password: "correct horse battery",
    ...names,
  });

const newContest = (name: string) =>
  json("POST", "/api/contests", alice, {
    name,
    player2Email: bob.email,
    defaultBetAmount: 20,
    contestCreationPassword: CREATION_PASSWORD,
  });

const UNSTORABLE = /cannot be stored/;

describe("characters the database cannot store", () => {
  it("refuses U+0000 and a lone surrogate in any JSON body with 400, writing nothing", async () => {
    const before = await fingerprint(db);
    const answers = [
      await register({ firstName: "Player", lastName: "Two\u0000" }),
      await register({ firstName: "\ud800", lastName: "Two" }),
      await register({ firstName: "Player", lastName: "Two\udc00" }),
      await newContest("Abc\u0000def"),
      await newContest("Abc\udfffdef"),
      await json("PUT", `/api/users/${alice.id}`, alice, { firstName: "\ud800", lastName: "Smith" }),
      await json("PUT", `/api/contests/${contestId}`, admin, {
        name: "Renamed\u0000",
        description: "",
        maxPicksPerPlayer: 2,
        isFree: false,
        betAmount: 20,
      }),
      // In a key too, and in a field no schema reads.
      await json("PUT", `/api/users/${alice.id}`, alice, {
        firstName: "Alice",
        lastName: "Smith",
        "x\u0000": 1,
      }),
      await json("PUT", `/api/users/${alice.id}`, alice, {
        firstName: "Alice",
        lastName: "Smith",
        extra: ["ok", { deeper: "\ud800" }],
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(UNSTORABLE);
    }
    expect(await fingerprint(db)).toEqual(before);
  });

  it("names the field at fault, so a form shows the message there", async () => {
    const answer = await register({ firstName: "Player", lastName: "Two\u0000" });
    expect(answer.json<{ issues?: { path: string }[] }>().issues).toEqual([
      { path: "lastName", message: expect.stringMatching(UNSTORABLE) },
    ]);
  });

  it("refuses them in a query value or a path's id with 400", async () => {
    for (const url of [
      "/api/contests?x=%00",
      "/api/admin/activity?before=2025%00",
      "/api/admin/activity?limit=1%00",
      "/api/users/%00",
    ]) {
      const answer = await as(app, admin).get(url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(UNSTORABLE);
    }
  });

  it("keeps every other character: accents, scripts, emoji, a pair of surrogates", async () => {
    const answer = await register({ firstName: "Zoë 李", lastName: "Ünïcödé 🏈" });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ firstName: "Zoë 李", lastName: "Ünïcödé 🏈" });
    expect((await newContest("Sunday 🏈 Showdown")).statusCode).toBe(201);
  });
});

describe("a name must have something visible", () => {
  const INVISIBLE = [
    "\u200b",
    "\u200b\u200b\u200b",
    "\u3164",
    "\u2800\u2800\u2800",
    "\u00a0\u200b\u2003",
    "\u00ad\u2060\ufeff",
  ];

  it("refuses a first or last name made only of invisible characters", async () => {
    const before = await fingerprint(db);
    for (const invisible of INVISIBLE) {
      const first = await register({ firstName: invisible, lastName: "Two" });
      expect(first.statusCode, JSON.stringify(invisible)).toBe(400);
      expect(first.json()).toMatchObject({ message: "First name must have a character you can see" });
      const last = await json("PUT", `/api/users/${alice.id}`, alice, {
        firstName: "Alice",
        lastName: invisible,
      });
      expect(last.statusCode, JSON.stringify(invisible)).toBe(400);
      expect(last.json()).toMatchObject({
        message: "Last name must have a character you can see",
        issues: [{ path: "lastName", message: "Last name must have a character you can see" }],
      });
    }
    expect(await fingerprint(db)).toEqual(before);
  });

  it("refuses a contest name made only of invisible characters, new or edited", async () => {
    const before = await fingerprint(db);
    for (const invisible of INVISIBLE) {
      const created = await newContest(invisible.padEnd(6, "\u200b"));
      expect(created.statusCode, JSON.stringify(invisible)).toBe(400);
      expect(created.json()).toMatchObject({ message: "Contest name must have a character you can see" });
      const edited = await json("PUT", `/api/contests/${contestId}`, admin, {
        name: invisible.padEnd(6, "\u200b"),
        description: "",
        maxPicksPerPlayer: 2,
        isFree: false,
        betAmount: 20,
      });
      expect(edited.statusCode, JSON.stringify(invisible)).toBe(400);
      expect(edited.json()).toMatchObject({ message: "Contest name must have a character you can see" });
    }
    expect(await fingerprint(db)).toEqual(before);
  });

  it("keeps a name with one visible character among invisible ones", async () => {
    const answer = await json("PUT", `/api/users/${alice.id}`, alice, {
      firstName: "Alice",
      lastName: "O\u200b",
    });
    expect(answer.statusCode, answer.body).toBe(200);
  });
});

describe("an unsubscribe link of an account that does not exist", () => {
  it("answers 404 with the link's message, to the page and to the one-click POST", async () => {
    const link = new URL((await unsubscribeLinks(app.ctx))(randomUUID(), "reminder"));
    const path = `${link.pathname}${link.search}`;
    const before = await fingerprint(db);
    const opened = await app.inject({ method: "GET", url: path });
    expect(opened.statusCode).toBe(404);
    expect(opened.json()).toEqual({ message: "This unsubscribe link is not valid." });
    const posted = await app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toEqual({ message: "This unsubscribe link is not valid." });
    expect(await fingerprint(db)).toEqual(before);
  });
});
