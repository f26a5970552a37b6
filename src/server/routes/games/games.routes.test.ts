import { describe, expect, it } from "vitest";
import { signUp } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";

const { app, clock } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const player = await signUp(app);
const get = (url: string) => app.inject({ url, headers: { cookie: player.cookie } });

describe("GET /api/teams", () => {
  it("lists the 32 teams with id, code, name and isActive", async () => {
    const response = await get("/api/teams");
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(32);
    expect(list.find((team: { code: string }) => team.code === "KC")).toMatchObject({
      name: "Kansas City Chiefs",
      isActive: true,
    });
    expect(Object.keys(list[0]).sort()).toEqual(["code", "id", "isActive", "name"]);
  });
});

describe("GET /api/games/week/{week}/season/{season}", () => {
  it("returns week 1 of 2025 with lines as decimal strings", async () => {
    const response = await get("/api/games/week/1/season/2025");
    expect(response.statusCode).toBe(200);
    const week = response.json();
    expect(week).toHaveLength(16);
    expect(week[0]).toMatchObject({
      awayTeam: "DAL",
      homeTeam: "PHI",
      spread: "-8.5",
      overUnder: "47.5",
      status: "upcoming",
      homeScore: null,
    });
    expect(week[0].gameDate).toBe("2025-09-05T00:20:00.000Z");
  });

  it("answers an empty list for a week without games", async () => {
    expect((await get("/api/games/week/20/season/2025")).json()).toEqual([]);
  });

  it.each([
    ["/api/games/week/0/season/2025", "Week must be between 1 and 22"],
    ["/api/games/week/23/season/2025", "Week must be between 1 and 22"],
    ["/api/games/week/1/season/2019", "Season must be 2020 or later"],
    ["/api/games/week/1/season/2031", "Season must be 2030 or earlier"],
  ])("%s is 400: %s", async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe("GET /api/season", () => {
  it("follows the app's clock", async () => {
    expect((await get("/api/season")).json()).toEqual({
      season: 2025,
      currentWeek: 1,
      now: "2025-09-04T12:00:00.000Z",
      deadlines: expect.any(Array),
      openings: [{ season: 2025, firstKickoff: "2025-09-05T00:20:00.000Z" }],
      weeksToPlay: true,
      seasonOver: false,
      nextSeason: null,
    });
    clock.set("2025-09-30T06:00:00Z");
    expect((await get("/api/season")).json()).toMatchObject({ season: 2025, currentWeek: 5 });
    clock.set("2025-09-04T12:00:00Z");
  });

  it("names each week's first-picker deadline: Thursday 4:00 PM Pacific, daylight saving included", async () => {
    const { deadlines } = (await get("/api/season")).json() as { deadlines: string[] };
    expect(deadlines).toHaveLength(22);
    expect(deadlines[0]).toBe("2025-09-04T23:00:00.000Z"); // week 1, PDT
    expect(deadlines[8]).toBe("2025-10-30T23:00:00.000Z"); // week 9, still PDT
    expect(deadlines[9]).toBe("2025-11-07T00:00:00.000Z"); // week 10, PST from November 2
    expect(deadlines[17]).toBe("2026-01-02T00:00:00.000Z"); // week 18
    expect(deadlines[18]).toBe("2026-01-09T00:00:00.000Z"); // the Wild Card round
    // The Super Bowl's week lasts two: its Thursday is the one before the game (2026-02-08).
    expect(deadlines[21]).toBe("2026-02-06T00:00:00.000Z");
  });
});
