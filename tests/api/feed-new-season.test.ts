import { describe, expect, it } from "vitest";
import { weekOfEspnPostseason } from "../../src/domain/postseason";
import { recorded } from "../feed-stand-in";
import {
  admin,
  alice,
  app,
  as,
  clock,
  gameOf,
  setUpFeedTest,
  standIn,
  sync,
  weekGames,
} from "./feed-test-setup";

/** The live data feed on a season the app has never seen (2026), a year after week 12 of 2025. */
await setUpFeedTest();

describe("Rule 1: a season the app has never seen", () => {
  it("is created from the source, then matched by id: no doubles", async () => {
    clock.set("2026-09-30T12:00:00Z");
    // A year on, the sessions have expired: sign in again.
    for (const who of [admin, alice]) {
      const signedIn = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: who.email, password: "correct horse battery" },
      });
      expect(signedIn.statusCode).toBe(200);
      who.cookie = `fp_session=${signedIn.cookies.find((cookie) => cookie.name === "fp_session")!.value}`;
    }
    standIn.setWeek(2026, 3, recorded("2026-week-3-final.json"));
    standIn.setWeek(2026, 4, recorded("2026-week-4-before-kickoff.json"));
    expect(await weekGames(3, 2026)).toEqual([]);

    const week3 = await sync({ season: 2026, week: 3 });
    expect(week3).toMatchObject({ created: 16, updated: 0, skipped: [], missing: [] });
    const games = await weekGames(3, 2026);
    expect(games).toHaveLength(16);
    expect(games.every((candidate) => candidate.status === "final" && candidate.externalId !== null)).toBe(
      true,
    );
    expect(await gameOf(3, "BAL", "DAL", 2026)).toMatchObject({
      externalId: "401872960",
      awayScore: 34,
      homeScore: 31,
      gameDate: "2026-09-27T20:25:00.000Z",
      spread: null,
    });
    expect(await gameOf(3, "SEA", "WAS", 2026)).toMatchObject({ awayScore: 31, homeScore: 33 });
    expect(await gameOf(3, "LA", "DEN", 2026)).toMatchObject({ externalId: "401872962" });

    const week4 = await sync({ season: 2026, week: 4 });
    expect(week4).toMatchObject({ created: 3, updated: 0 });
    expect(await gameOf(4, "IND", "WAS", 2026)).toMatchObject({
      status: "upcoming",
      gameDate: "2026-10-04T13:30:00.000Z",
      spread: null,
      externalId: "401872965",
    });

    expect(await sync({ season: 2026, week: 3 })).toMatchObject({ created: 0, updated: 0, unchanged: 16 });
    expect(await weekGames(3, 2026)).toHaveLength(16);
  });

  it("with an empty body, every unsettled week of the current season is synced", async () => {
    expect((await as(alice).get("/api/season")).json()).toMatchObject({ season: 2026 });
    const asked = standIn.requests.length;
    expect(await sync({})).toMatchObject({ created: 0, updated: 0, unchanged: 3, missing: [] });
    // Our weeks: the postseason's (season type 3: 1, 2, 3 and 5) are 19 to 22.
    const weeks = standIn.requests.slice(asked).map((url) => {
      const week = Number(url.searchParams.get("week"));
      return url.searchParams.get("seasontype") === "3" ? weekOfEspnPostseason(week) : week;
    });
    // Week 3 is all final; every other week is unsettled or has no game stored yet.
    expect(weeks.sort((a, b) => a! - b!)).toEqual([1, 2, ...Array.from({ length: 19 }, (_, i) => i + 4)]);
    expect(standIn.requests.slice(asked).every((url) => url.searchParams.get("dates") === "2026")).toBe(true);
  });

  it("a POST without a body does what an empty object does", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/admin/feed/sync",
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });
});
