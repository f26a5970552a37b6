import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../tests/setup/test-app";
import { games, teams } from "./schema";
import { seed } from "./seed";

// 2025 week 3 Sunday night: weeks 1 and 2 have been played, week 3's early games too.
const { db } = await createTestApp({ now: "2025-09-21T20:00:00Z" });

describe("the shipped first data", () => {
  it("loads 32 teams and the 272 games of 2025", async () => {
    expect(await db.$count(teams)).toBe(32);
    expect(await db.$count(games, eq(games.season, 2025))).toBe(272);
  });

  it("loads a result only for games that kicked off before the app's clock", async () => {
    const finals = await db.select().from(games).where(eq(games.status, "final"));
    expect(finals.length).toBeGreaterThan(32);
    for (const game of finals) {
      expect(game.gameDate.getTime()).toBeLessThan(new Date("2025-09-21T20:00:00Z").getTime());
      expect(game.homeScore).not.toBeNull();
    }
    const later = await db.select().from(games).where(eq(games.week, 4));
    expect(later.every((game) => game.status === "upcoming" && game.homeScore === null)).toBe(true);
  });

  it("keeps the line's sign: week 1 DAL at PHI is PHI -8.5, total 47.5", async () => {
    const [opener] = await db.select().from(games).where(eq(games.homeTeam, "PHI")).limit(1);
    expect(opener).toMatchObject({
      week: 1,
      awayTeam: "DAL",
      spread: "-8.5",
      overUnder: "47.5",
      favoriteTeam: "PHI",
    });
  });

  it("changes nothing when run again, even later", async () => {
    const before = await db.select().from(games);
    const again = await seed(db, new Date("2026-01-10T00:00:00Z"));
    expect(again).toEqual({ teams: 0, games: 0 });
    expect(await db.select().from(games)).toEqual(before);
  });
});
