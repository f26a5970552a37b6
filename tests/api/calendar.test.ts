import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

// Thursday of week 1, 2025: before the opener (DAL @ PHI, 00:20 UTC Friday) and the 23:00 UTC hand-over.
const { app } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const as = (who: SignedIn | null) => request(app, who);

interface WeekGame {
  id: string;
  homeTeam: string;
  awayTeam: string;
  gameDate: string;
}

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let olga: SignedIn;
let contestId: string;
let week1: WeekGame[];
let week13: WeekGame[];

const HOUR = 60 * 60 * 1000;
const pathOf = (url: string) => new URL(url).pathname;
const linkOf = async (who: SignedIn) => {
  const response = await as(who).get("/api/me/calendar");
  expect(response.statusCode).toBe(200);
  return response.json<{ url: string }>().url;
};

/** The feed, fetched signed out as a calendar program does, parsed as iCalendar. */
async function feedOf(url: string) {
  const response = await app.inject({ url: pathOf(url) });
  expect(response.statusCode, response.body).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: component.hasProperty("dtend") ? event.endDate.toJSDate().toISOString() : null,
      startIsUtc: event.startDate.zone?.tzid === "UTC",
      stamp: component.getFirstPropertyValue("dtstamp")?.toString() ?? null,
      url: component.getFirstPropertyValue("url")?.toString() ?? null,
    };
  });
  return { response, calendar, events };
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  olga = await signUp(app, { email: "olga@example.com", firstName: "Olga" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  const created = await as(alice).post("/api/contests", {
    name: "Rivals",
    player2Email: "bob@example.com",
    defaultBetAmount: 10,
    contestCreationPassword: "pw",
  });
  expect(created.statusCode).toBe(201);
  contestId = created.json().id;
  expect((await as(bob).patch(`/api/contests/${contestId}`, { status: "active" })).statusCode).toBe(200);
  // Olga's challenge to someone without an account stays pending.
  const pending = await as(olga).post("/api/contests", {
    name: "Waiting",
    player2Email: "nobody@example.com",
    defaultBetAmount: 5,
    contestCreationPassword: "pw",
  });
  expect(pending.statusCode).toBe(201);

  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
  week13 = (await as(alice).get("/api/games/week/13/season/2025")).json();
  const batch = (who: SignedIn, picks: { gameId: string; market: string; side: string }[]) =>
    as(who).post("/api/picks/batch", { contestId, week: 1, round: 1, picks });
  const mine = await batch(alice, [
    { gameId: week1[0]!.id, market: "spread", side: "favorite" },
    { gameId: week1[1]!.id, market: "total", side: "over" },
  ]);
  expect(mine.statusCode, mine.body).toBe(201);
  const bobs = await batch(bob, [
    { gameId: week1[2]!.id, market: "spread", side: "underdog" },
    { gameId: week1[3]!.id, market: "total", side: "under" },
  ]);
  expect(bobs.statusCode, bobs.body).toBe(201);
});

describe("GET /api/me/calendar", () => {
  it("is 401 signed out, and so is the reset", async () => {
    expect((await as(null).get("/api/me/calendar")).statusCode).toBe(401);
    expect((await as(null).post("/api/me/calendar/reset")).statusCode).toBe(401);
  });

  it("answers the feed's address, the same at every ask, on the address the request came in on", async () => {
    const first = await linkOf(alice);
    expect(first).toMatch(/^http:\/\/localhost(:80)?\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await linkOf(alice)).toBe(first);
    const elsewhere = await app.inject({
      url: "/api/me/calendar",
      headers: { cookie: alice.cookie, host: "pool.lan:5000" },
    });
    expect(elsewhere.json().url).toBe(`http://pool.lan:5000${pathOf(first)}`);
    expect(await linkOf(bob)).not.toBe(first);
  });

  it("uses PUBLIC_URL when it is set", async () => {
    const env = app.ctx.env as { PUBLIC_URL?: string };
    env.PUBLIC_URL = "https://pool.example.com/";
    try {
      expect(await linkOf(alice)).toMatch(/^https:\/\/pool\.example\.com\/api\/calendar\/[\w-]{43}\.ics$/);
      const { events } = await feedOf(await linkOf(alice));
      expect(events[0]!.url).toMatch(/^https:\/\/pool\.example\.com\/picks\?contestId=/);
    } finally {
      delete env.PUBLIC_URL;
    }
  });
});

describe("the feed", () => {
  it("is iCalendar with the deadlines of each week and the kickoffs of the player's picks", async () => {
    const { response, calendar, events } = await feedOf(await linkOf(alice));
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, max-age=300");
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Football Pool");
    expect(calendar.getFirstPropertyValue("x-published-ttl")?.toString()).toBe("PT1H");
    expect(response.body).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(events.every((event) => event.startIsUtc && event.stamp)).toBe(true);

    const deadlines = events.filter((event) => event.uid.startsWith("deadline-"));
    expect(deadlines.map((event) => event.uid)).toEqual(
      Array.from({ length: 18 }, (_, index) => `deadline-${contestId}-${index + 1}@football-pool`),
    );
    expect(deadlines[0]).toMatchObject({
      summary: "Pick deadline: Rivals, week 1",
      start: "2025-09-04T23:00:00.000Z",
      end: null,
      url: `http://localhost:80/picks?contestId=${contestId}&week=1`,
    });
    expect(deadlines[0]!.description).toContain(`http://localhost:80/picks?contestId=${contestId}&week=1`);
    // Week 10, after daylight saving ends: Thursday 4:00 PM is midnight UTC.
    expect(deadlines[9]!.start).toBe("2025-11-07T00:00:00.000Z");
    // Thanksgiving: the week's first game kicks off Thursday morning, before the hand-over.
    const thanksgiving = week13.map((game) => game.gameDate).sort()[0]!;
    expect(Date.parse(thanksgiving)).toBeLessThan(Date.parse("2025-11-28T00:00:00Z"));
    expect(deadlines[12]!.start).toBe(new Date(thanksgiving).toISOString());

    const games = events.filter((event) => event.uid.startsWith("game-"));
    const [opener, second] = [week1[0]!, week1[1]!];
    expect(games).toEqual([
      expect.objectContaining({
        uid: `game-${opener.id}-${contestId}@football-pool`,
        summary: `${opener.awayTeam} at ${opener.homeTeam} — your pick: PHI -8.5`,
        start: new Date(opener.gameDate).toISOString(),
        end: new Date(Date.parse(opener.gameDate) + 3.25 * HOUR).toISOString(),
      }),
      expect.objectContaining({
        uid: `game-${second.id}-${contestId}@football-pool`,
        summary: expect.stringMatching(
          new RegExp(`^${second.awayTeam} at ${second.homeTeam} — your pick: Over \\d+(\\.5)?$`),
        ),
        start: new Date(second.gameDate).toISOString(),
      }),
    ]);
    expect(games[0]!.description).toContain("Rivals, week 1.");
  });

  it("shows each player their own picks only", async () => {
    const { events } = await feedOf(await linkOf(bob));
    const games = events.filter((event) => event.uid.startsWith("game-"));
    expect(games.map((event) => event.uid).sort()).toEqual(
      [
        `game-${week1[2]!.id}-${contestId}@football-pool`,
        `game-${week1[3]!.id}-${contestId}@football-pool`,
      ].sort(),
    );
    expect(events.filter((event) => event.uid.startsWith("deadline-"))).toHaveLength(18);
  });

  it("adds nothing for a pending contest", async () => {
    const { events } = await feedOf(await linkOf(olga));
    expect(events).toEqual([]);
  });

  it("shows a moved game at its new time, and answers 304 while nothing changed", async () => {
    const url = await linkOf(alice);
    const before = await feedOf(url);
    const etag = before.response.headers.etag as string;
    const unchanged = await app.inject({ url: pathOf(url), headers: { "if-none-match": etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    const listed = await app.inject({
      url: pathOf(url),
      headers: { "if-none-match": `"other", W/${etag}` },
    });
    expect(listed.statusCode).toBe(304);

    const moved = "2025-09-05T01:00:00.000Z";
    const patch = await as(admin).patch(`/api/games/${week1[0]!.id}`, { gameDate: moved });
    expect(patch.statusCode, patch.body).toBe(200);
    const after = await feedOf(url);
    expect(after.response.headers.etag).not.toBe(etag);
    const event = after.events.find((candidate) => candidate.uid.startsWith(`game-${week1[0]!.id}`));
    expect(event).toMatchObject({ start: moved, end: "2025-09-05T04:15:00.000Z" });
    expect((await app.inject({ url: pathOf(url), headers: { "if-none-match": etag } })).statusCode).toBe(200);
  });

  it("is 404 for a token nobody holds, or no token at all", async () => {
    for (const token of ["A".repeat(43), "not-a-token", "x".repeat(90)]) {
      const response = await app.inject({ url: `/api/calendar/${token}.ics` });
      expect(response.statusCode, token).toBe(404);
      expect(response.json()).toEqual({ message: "Calendar not found." });
    }
    // A NUL is no token: refused as text the app cannot store, as anywhere else.
    expect((await app.inject({ url: "/api/calendar/%00.ics" })).statusCode).toBe(400);
  });
});

describe("POST /api/me/calendar/reset", () => {
  it("gives a new address; the old one answers 404 from then on", async () => {
    const old = await linkOf(alice);
    const reset = await as(alice).post("/api/me/calendar/reset");
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json<{ url: string }>().url;
    expect(fresh).not.toBe(old);
    expect(await linkOf(alice)).toBe(fresh);
    const gone = await app.inject({ url: pathOf(old) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: "Calendar not found." });
    const { events } = await feedOf(fresh);
    expect(events.some((event) => event.uid.startsWith("game-"))).toBe(true);
    // Bob's address is his own: untouched.
    expect((await app.inject({ url: pathOf(await linkOf(bob)) })).statusCode).toBe(200);
  });
});

describe("rate limit", () => {
  it("answers 429 past 30 fetches of one feed in 5 minutes, other feeds unaffected", async () => {
    const newcomer = await signUp(app);
    const path = pathOf(await linkOf(newcomer));
    for (let i = 0; i < 30; i += 1) expect((await app.inject({ url: path })).statusCode).toBe(200);
    const limited = await app.inject({ url: path });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await app.inject({ url: pathOf(await linkOf(olga)) })).statusCode).toBe(200);
  });
});
