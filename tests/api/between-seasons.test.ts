import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * Between seasons (docs/rules.md, "Season calendar" and "Contests"): the shipped 2025 season is over and
 * 2026's schedule is not loaded. A contest is created only for a season with weeks to play, never completes
 * the moment it starts, and the admin learns what the season lacks. The clock moves between three moments.
 */
// Week 18 of 2025, before its games (all of them kick off on 2026-01-04 at 18:00 UTC).
const IN_WEEK_18 = "2026-01-02T12:00:00Z";
// Still week 18 by the calendar (it turns over on Tuesday), but every game of it has kicked off.
const WEEK_18_KICKED_OFF = "2026-01-04T20:00:00Z";
const BETWEEN = "2026-03-10T12:00:00Z";

const { app, clock } = await createTestApp({ now: BETWEEN });
const as = (who: SignedIn | null) => request(app, who);

const PASSWORD = "open sesame";
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: PASSWORD });
});

let counter = 0;
const challenge = (extra: object = {}) => {
  counter += 1;
  return {
    name: `Off season ${counter}`,
    player2Email: "bob@example.com",
    defaultBetAmount: 10,
    contestCreationPassword: PASSWORD,
    ...extra,
  };
};

const OVER = "The 2025 season has no weeks left to play: create the contest for the 2026 season.";

describe("GET /api/season between seasons", () => {
  it("says the season has no week left to play and names the next one, not loaded yet", async () => {
    clock.set(BETWEEN);
    const info = (await as(alice).get("/api/season")).json();
    // The calendar stays at the Super Bowl's week (22) until the next season.
    expect(info).toMatchObject({
      season: 2025,
      currentWeek: 22,
      weeksToPlay: false,
      seasonOver: true,
      nextSeason: { season: 2026, firstKickoff: null },
    });
  });

  it("has weeks to play in week 18 before its games, and none once they all kicked off", async () => {
    clock.set(IN_WEEK_18);
    expect((await as(alice).get("/api/season")).json()).toMatchObject({
      currentWeek: 18,
      weeksToPlay: true,
      seasonOver: false,
      nextSeason: null,
    });
    clock.set(WEEK_18_KICKED_OFF);
    expect((await as(alice).get("/api/season")).json()).toMatchObject({
      currentWeek: 18,
      weeksToPlay: false,
      nextSeason: { season: 2026 },
    });
  });
});

describe("POST /api/contests between seasons", () => {
  it("refuses the season on the clock to everyone (409), after the access checks", async () => {
    clock.set(BETWEEN);
    expect((await as(null).post("/api/contests", challenge())).statusCode).toBe(401);
    const noPassword = await as(alice).post("/api/contests", challenge({ contestCreationPassword: "wrong" }));
    expect(noPassword.statusCode).toBe(403);
    for (const who of [alice, admin]) {
      const refused = await as(who).post("/api/contests", challenge());
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(OVER);
      const named = await as(who).post("/api/contests", challenge({ season: 2025 }));
      expect(named.statusCode).toBe(409);
      expect(named.json().message).toBe(OVER);
    }
  });

  it("refuses it the moment week 18's last game has kicked off, though the calendar still says week 18", async () => {
    clock.set(WEEK_18_KICKED_OFF);
    const refused = await as(alice).post("/api/contests", challenge());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OVER);
  });

  it("creates it for the next season, from its week 1, for a player and an admin", async () => {
    clock.set(BETWEEN);
    for (const who of [alice, admin]) {
      const created = await as(who).post("/api/contests", challenge({ season: 2026 }));
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        season: 2026,
        startWeek: 1,
        currentWeek: 1,
        status: "pending",
      });
    }
  });

  it("refuses a season that is neither the current nor the next one", async () => {
    clock.set(BETWEEN);
    for (const season of [2024, 2027]) {
      const refused = await as(alice).post("/api/contests", challenge({ season }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("A contest can be created for the 2025 or the 2026 season only.");
    }
    const invalid = await as(alice).post("/api/contests", challenge({ season: 2031 }));
    expect(invalid.statusCode).toBe(400);
  });

  it("in season, still creates for the current season at its week", async () => {
    clock.set(IN_WEEK_18);
    const created = await as(alice).post("/api/contests", challenge());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ season: 2025, startWeek: 18, currentWeek: 18 });
  });
});

describe("accepting between seasons", () => {
  it("refuses to accept a challenge whose season is over (it would complete at once); declining works", async () => {
    clock.set(IN_WEEK_18);
    const contest = (await as(alice).post("/api/contests", challenge())).json();
    clock.set(WEEK_18_KICKED_OFF);

    // Only the invited player answers, as before: the creator and an admin get 403.
    expect((await as(alice).patch(`/api/contests/${contest.id}`, { status: "active" })).statusCode).toBe(403);
    expect((await as(admin).patch(`/api/contests/${contest.id}`, { status: "active" })).statusCode).toBe(403);

    const refused = await as(bob).patch(`/api/contests/${contest.id}`, { status: "active" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "The 2025 season is over: this challenge can no longer be accepted. Decline it, and challenge each other again for the 2026 season.",
    );
    const after = (await as(bob).get(`/api/contests/${contest.id}`)).json();
    expect(after).toMatchObject({ status: "pending", winnerId: null });

    const declined = await as(bob).patch(`/api/contests/${contest.id}`, { status: "rejected" });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe("rejected");
  });

  it("accepts a challenge for the next season: it is active, in its week 1, nothing settled", async () => {
    clock.set(BETWEEN);
    const contest = (await as(alice).post("/api/contests", challenge({ season: 2026 }))).json();
    const accepted = await as(bob).patch(`/api/contests/${contest.id}`, { status: "active" });
    expect(accepted.statusCode).toBe(200);
    const read = (await as(bob).get(`/api/contests/${contest.id}`)).json();
    expect(read).toMatchObject({ status: "active", season: 2026, currentWeek: 1, winnerId: null });
    expect(read.standing.completedWeeks).toBe(0);
    const weekly = (await as(bob).get(`/api/contests/${contest.id}/weekly-results`)).json().weeklyResults;
    expect(weekly.every((week: { isSettled: boolean }) => !week.isSettled)).toBe(true);
  });
});

describe("GET /api/admin/season-status", () => {
  const shipped = parse(readFileSync("data-seed/nfl-2025-schedule.csv"), { columns: true }) as {
    week: string;
    status: string;
  }[];

  it("tells admins what the season lacks; players get 403", async () => {
    clock.set(BETWEEN);
    expect((await as(null).get("/api/admin/season-status")).statusCode).toBe(401);
    expect((await as(alice).get("/api/admin/season-status")).statusCode).toBe(403);
    const status = (await as(admin).get("/api/admin/season-status")).json();
    const unfinished = shipped.filter((row) => row.status !== "final");
    expect(status).toMatchObject({
      season: 2025,
      currentWeek: 22,
      weeksToPlay: false,
      nextSeason: { season: 2026, firstKickoff: null },
      games: shipped.length,
      noLine: [],
    });
    const noResult = status.noResult as { week: number; count: number }[];
    expect(noResult.reduce((sum, week) => sum + week.count, 0)).toBe(unfinished.length);
    expect(noResult.map((week) => week.week)).toEqual([
      ...new Set(unfinished.map((row) => Number(row.week)).sort((a, b) => a - b)),
    ]);
  });

  it("counts the games about to be played that have no line", async () => {
    clock.set(IN_WEEK_18);
    const status = (await as(admin).get("/api/admin/season-status")).json();
    const week18 = shipped.filter((row) => row.week === "18").length;
    expect(status).toMatchObject({
      weeksToPlay: true,
      nextSeason: null,
      noLine: [{ week: 18, count: week18 }],
    });
  });
});

describe("the current season set by an admin", () => {
  it("is an admin's setting, a year from 2020 to 2030", async () => {
    clock.set(BETWEEN);
    expect((await as(alice).put("/api/system-config/current_season", { value: "2026" })).statusCode).toBe(
      403,
    );
    const bad = await as(admin).put("/api/system-config/current_season", { value: "1999" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The current season must be a year from 2020 to 2030.");
    expect((await as(admin).put("/api/system-config/current_season", { value: "2026" })).statusCode).toBe(
      200,
    );

    // 2026 has no games yet: its weeks are all ahead, contests start in its week 1.
    expect((await as(alice).get("/api/season")).json()).toMatchObject({
      season: 2026,
      currentWeek: 1,
      weeksToPlay: true,
      nextSeason: null,
    });
    const created = await as(alice).post("/api/contests", challenge());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ season: 2026, startWeek: 1 });
    const status = (await as(admin).get("/api/admin/season-status")).json();
    expect(status).toMatchObject({ season: 2026, games: 0, noResult: [], noLine: [] });
  });
});
