import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClosingLines, Game, LineHistory } from "../../src/contracts/games";
import { games, lineMoves } from "../../src/server/db/schema";
import { as as request } from "../as";
import { signUp, type SignedIn } from "../factories";
import { EspnStandIn, recorded, vary, type EspnEvent } from "../feed-stand-in";
import { createTestApp } from "../setup/test-app";

/**
 * Where the line went (docs/rules.md, "Where the line went"), through the API: week 12 of 2025
 * shipped, then brought in by the feed's stand-in on a clock moved through the week; every writer of
 * games records the lines it moves before kickoff (the shipped schedule, the feed's sync, the admin's
 * edits, the CSV import) and none after; the history and the closing lines answer from them.
 */
const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, clock, db } = await createTestApp({
  now: "2025-11-20T12:00:00Z",
  env: { FEED_URL: standIn.url },
  feed: { timeoutMs: 3_000 },
});
const as = (who: SignedIn | null) => request(app, who);
const week12 = recorded("2025-week-12-before-kickoff.json");
standIn.setWeek(2025, 12, week12);
const event = (id: string): EspnEvent => week12.events.find((candidate: EspnEvent) => candidate.id === id)!;
const NYG_DET = "401772888";

let admin: SignedIn;
let alice: SignedIn;

const sync = async () => {
  const response = await as(admin).post("/api/admin/feed/sync", { season: 2025, week: 12 });
  expect(response.statusCode, response.body).toBe(200);
};
const gameOf = async (away: string, home: string, week = 12) => {
  const week12Games = (await as(alice).get(`/api/games/week/${week}/season/2025`)).json() as Game[];
  return week12Games.find((game) => game.awayTeam === away && game.homeTeam === home)!;
};
const history = async (gameId: string, who: SignedIn = alice) => {
  const response = await as(who).get(`/api/games/${gameId}/line-history`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LineHistory;
};
/** The moves stored, oldest first. */
const movesOf = (gameId: string) =>
  db
    .select({ spread: lineMoves.spread, overUnder: lineMoves.overUnder, source: lineMoves.source })
    .from(lineMoves)
    .where(eq(lineMoves.gameId, gameId))
    .orderBy(asc(lineMoves.movedAt), asc(lineMoves.id));
const allMoves = async () => (await db.select({ id: lineMoves.id }).from(lineMoves)).length;
const patch = async (id: string, body: object) => {
  const response = await as(admin).patch(`/api/games/${id}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Game;
};
function upload(content: string) {
  const form = new FormData();
  form.append("csvFile", new Blob([content], { type: "text/csv" }), "games.csv");
  return app.inject({
    method: "POST",
    url: "/api/games/import-csv",
    payload: form,
    headers: { cookie: admin.cookie },
  });
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice" });
});

describe("the moves of a line", () => {
  it("the shipped schedule gives each game yet to kick off its line as its opening", async () => {
    const det = await gameOf("NYG", "DET");
    expect(await history(det.id)).toEqual({
      gameId: det.id,
      opening: {
        movedAt: "2025-11-20T12:00:00.000Z",
        spread: "-14.0",
        favoriteTeam: "DET",
        overUnder: "50.5",
        source: "import",
      },
      moves: [expect.objectContaining({ source: "import", spread: "-14.0" })],
      closing: null,
    });
    // Week 1 had kicked off when the schedule was loaded: no history.
    const week1 = await gameOf("DAL", "PHI", 1);
    expect(await history(week1.id)).toEqual({ gameId: week1.id, opening: null, moves: [], closing: null });
  });

  it("the feed's sync records each line it moves, and none it leaves as it was", async () => {
    clock.set("2025-11-21T12:00:00Z");
    await sync();
    // DET -14 shipped, -10 at the source; LA -7 49.5 both; HOU had kicked off (Thursday night).
    expect(await movesOf((await gameOf("NYG", "DET")).id)).toEqual([
      { spread: "-14.0", overUnder: "50.5", source: "import" },
      { spread: "-10.0", overUnder: "50.5", source: "feed" },
    ]);
    expect(await movesOf((await gameOf("TB", "LA")).id)).toEqual([
      { spread: "-7.0", overUnder: "49.5", source: "import" },
    ]);
    const hou = await gameOf("BUF", "HOU");
    expect(hou.spread).toBe("5.5");
    expect(await movesOf(hou.id)).toEqual([{ spread: "5.5", overUnder: "43.5", source: "import" }]);
    // The same answer again changes nothing, and writes no move.
    const before = await allMoves();
    await sync();
    expect(await allMoves()).toBe(before);
  });

  it("a line the source moves again is a move at the time of the sync", async () => {
    clock.set("2025-11-22T12:00:00Z");
    vary.line(event(NYG_DET), "DET -10.5", -10.5, 51);
    await sync();
    const { moves } = await history((await gameOf("NYG", "DET")).id);
    expect(moves.at(-1)).toEqual({
      movedAt: "2025-11-22T12:00:00.000Z",
      spread: "-10.5",
      favoriteTeam: "DET",
      overUnder: "51.0",
      source: "feed",
    });
    expect(moves).toHaveLength(3);
  });

  it("the admin's edit records a move when it changes the line, and none otherwise", async () => {
    const gb = await gameOf("MIN", "GB");
    await patch(gb.id, { spread: -7 });
    // The same line again, its favorite named, or a total unchanged: no move.
    await patch(gb.id, { spread: -7, favoriteTeam: "GB", overUnder: 41.5 });
    await patch(gb.id, { gameDate: "2025-11-23T18:00:00.000Z" });
    expect(await movesOf(gb.id)).toEqual([
      { spread: "-6.5", overUnder: "41.5", source: "import" },
      { spread: "-6.0", overUnder: "41.5", source: "feed" },
      { spread: "-7.0", overUnder: "41.5", source: "admin" },
    ]);
  });

  it("a new game is given its opening line by the admin, and none without a line", async () => {
    const add = async (body: object) => {
      const response = await as(admin).post("/api/games", {
        week: 22,
        season: 2025,
        gameDate: "2026-02-08T23:30:00.000Z",
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as Game).id;
    };
    const lined = await add({ homeTeam: "SEA", awayTeam: "NE", spread: -4.5, overUnder: 45.5 });
    expect(await movesOf(lined)).toEqual([{ spread: "-4.5", overUnder: "45.5", source: "admin" }]);
    expect(await movesOf(await add({ homeTeam: "KC", awayTeam: "PHI" }))).toEqual([]);
  });

  it("the CSV import records the lines it changes", async () => {
    const row = "12,2025,NO,ATL,2025-11-23T21:25:00Z,-2.5,39,NO,upcoming";
    const csv = `week,season,homeTeam,awayTeam,gameDate,spread,overUnder,favoriteTeam,status\n${row}\n`;
    const response = await upload(csv);
    expect(response.json()).toMatchObject({ updated: 1, errors: [] });
    expect((await upload(csv)).json()).toMatchObject({ updated: 0, skipped: 1 });
    expect(await movesOf((await gameOf("ATL", "NO")).id)).toEqual([
      { spread: "-1.5", overUnder: "41.5", source: "import" },
      { spread: "-1.5", overUnder: "38.5", source: "feed" },
      { spread: "-2.5", overUnder: "39.0", source: "import" },
    ]);
  });

  it("records nothing after the kickoff: the feed leaves the line alone, and an admin's change is no move", async () => {
    clock.set("2025-11-23T18:30:00Z");
    const det = await gameOf("NYG", "DET");
    const gb = await gameOf("MIN", "GB");
    const kickedOff = async () => [...(await movesOf(det.id)), ...(await movesOf(gb.id))];
    const before = await kickedOff();
    // Odds still sent while the game is listed as scheduled past its kickoff, then live with odds.
    vary.line(event(NYG_DET), "DET -11", -11, 52);
    await sync();
    expect(await gameOf("NYG", "DET")).toMatchObject({ spread: "-10.5", overUnder: "51.0" });
    vary.line(vary.live(event(NYG_DET), 7, 10), "DET -12", -12, 53);
    await sync();
    expect(await gameOf("NYG", "DET")).toMatchObject({ status: "live", spread: "-10.5", homeScore: 10 });
    // A score update: no move either.
    vary.live(event(NYG_DET), 7, 17, 3, "2:00");
    await sync();
    expect(await gameOf("NYG", "DET")).toMatchObject({ homeScore: 17 });
    // By hand after the kickoff: the game's line changes, its history does not.
    expect(await patch(gb.id, { spread: -9 })).toMatchObject({ spread: "-9.0" });
    expect(await kickedOff()).toEqual(before);
    expect((await history(det.id)).moves).toHaveLength(3);
    // A game yet to kick off still follows the source: the import pinned nothing, its line came back.
    expect((await movesOf((await gameOf("ATL", "NO")).id)).at(-1)).toEqual({
      spread: "-1.5",
      overUnder: "38.5",
      source: "feed",
    });
  });
});

describe("the history's answer", () => {
  it("once kicked off: the opening, every move oldest first, and the closing line", async () => {
    const det = await gameOf("NYG", "DET");
    const answer = await history(det.id, admin);
    expect(answer.opening).toMatchObject({ spread: "-14.0", source: "import" });
    expect(answer.moves.map((move) => [move.movedAt, move.spread, move.source])).toEqual([
      ["2025-11-20T12:00:00.000Z", "-14.0", "import"],
      ["2025-11-21T12:00:00.000Z", "-10.0", "feed"],
      ["2025-11-22T12:00:00.000Z", "-10.5", "feed"],
    ]);
    expect(answer.closing).toEqual(answer.moves[2]);
  });

  it("the closing lines of a season's kicked-off games: the last move before the kickoff, not a later edit", async () => {
    const response = await as(alice).get("/api/games/season/2025/closing-lines");
    expect(response.statusCode).toBe(200);
    const { season, lines } = response.json() as ClosingLines;
    expect(season).toBe(2025);
    const byGame = new Map(lines.map((line) => [line.gameId, line]));
    const gb = await gameOf("MIN", "GB");
    expect(gb.spread).toBe("-9.0");
    expect(byGame.get(gb.id)).toMatchObject({ spread: "-7.0", source: "admin" });
    expect(byGame.get((await gameOf("NYG", "DET")).id)).toMatchObject({ spread: "-10.5", overUnder: "51.0" });
    // Monday night's game has not kicked off: no closing line yet.
    const sf = await gameOf("CAR", "SF");
    expect(byGame.has(sf.id)).toBe(false);
    expect((await history(sf.id)).closing).toBeNull();
  });
});

describe("who may read it", () => {
  it("anyone signed in; 401 signed out; 404 for an unknown game, 400 for a malformed id or season", async () => {
    const det = await gameOf("NYG", "DET");
    expect((await as(null).get(`/api/games/${det.id}/line-history`)).statusCode).toBe(401);
    expect((await as(null).get("/api/games/season/2025/closing-lines")).statusCode).toBe(401);
    expect((await as(alice).get(`/api/games/${det.id}/line-history`)).statusCode).toBe(200);
    expect((await as(admin).get(`/api/games/${det.id}/line-history`)).statusCode).toBe(200);
    const unknown = await as(alice).get("/api/games/00000000-0000-4000-8000-000000000000/line-history");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Game not found." });
    expect((await as(alice).get("/api/games/not-a-game/line-history")).statusCode).toBe(400);
    expect((await as(alice).get("/api/games/season/1999/closing-lines")).statusCode).toBe(400);
  });

  it("a deleted game takes its history with it", async () => {
    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.week, 22)).limit(1);
    expect((await as(admin).delete(`/api/games/${game!.id}`)).statusCode).toBe(204);
    expect(await movesOf(game!.id)).toEqual([]);
  });
});
