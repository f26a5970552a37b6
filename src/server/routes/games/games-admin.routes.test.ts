import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { contests, picks } from "../../db/schema";

const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let player: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  player = await signUp(app, { email: "player@example.com" });
  other = await signUp(app, { email: "other@example.com" });
});

const game = (extra: object = {}) => ({
  week: 20,
  season: 2025,
  homeTeam: "KC",
  awayTeam: "BUF",
  gameDate: "2026-01-25T23:30:00.000Z",
  spread: "-2.5",
  overUnder: "48.5",
  status: "upcoming",
  ...extra,
});

function csvForm(content: string | Buffer, filename = "games.csv", type = "text/csv") {
  const form = new FormData();
  form.append(
    "csvFile",
    new Blob([typeof content === "string" ? content : new Uint8Array(content)], { type }),
    filename,
  );
  return form;
}

const upload = (who: SignedIn | null, form: FormData) =>
  app.inject({
    method: "POST",
    url: "/api/games/import-csv",
    payload: form,
    headers: who ? { cookie: who.cookie } : {},
  });

describe("POST /api/games", () => {
  it("lets an admin add a game, with the favorite from the spread", async () => {
    const response = await as(admin).post("/api/games", game());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      homeTeam: "KC",
      awayTeam: "BUF",
      spread: "-2.5",
      overUnder: "48.5",
      favoriteTeam: "KC",
      status: "upcoming",
    });
  });

  it("refuses the same matchup twice (409)", async () => {
    const again = await as(admin).post("/api/games", game({ homeTeam: "kc", awayTeam: "buf" }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This game already exists: BUF @ KC in week 20 of 2025.");
  });

  it("is 403 for players and 401 signed out", async () => {
    expect((await as(player).post("/api/games", game({ week: 21 }))).statusCode).toBe(403);
    expect((await as(null).post("/api/games", game({ week: 21 }))).statusCode).toBe(401);
  });

  it.each([
    [{ week: 0 }, "Week must be between 1 and 22"],
    [{ week: 23 }, "Week must be between 1 and 22"],
    [{ season: 2019 }, "Season must be 2020 or later"],
    [{ season: 2031 }, "Season must be 2030 or earlier"],
    [{ homeTeam: "" }, "Home team is required"],
    [{ awayTeam: "" }, "Away team is required"],
    [{ gameDate: "" }, "Game date and time is required"],
    [{ overUnder: "19.5" }, "Over/under must be at least 20"],
    [{ overUnder: "80.5" }, "Over/under must be 80 or less"],
    [{ spread: "-2.25" }, "Spread must be in steps of 0.5"],
    [{ homeTeam: "BUF", awayTeam: "buf" }, "Away team must be different from home team"],
    [{ homeTeam: "XYZ" }, "Unknown team: XYZ."],
  ])("validates %o", async (change, message) => {
    const response = await as(admin).post("/api/games", game({ week: 19, ...change }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe("GET /api/games", () => {
  it("lists every game for an admin, 403 for a player", async () => {
    const all = await as(admin).get("/api/games");
    expect(all.statusCode).toBe(200);
    expect(all.json().length).toBeGreaterThanOrEqual(273);
    expect((await as(player).get("/api/games")).statusCode).toBe(403);
  });
});

describe("PATCH and DELETE /api/games/{id}", () => {
  it("edits a game fully or enters a score", async () => {
    const created = (
      await as(admin).post("/api/games", game({ week: 21, homeTeam: "DET", awayTeam: "GB" }))
    ).json();
    const edited = await as(admin).patch(`/api/games/${created.id}`, { spread: "3", overUnder: "45" });
    expect(edited.json()).toMatchObject({ spread: "3.0", overUnder: "45.0", favoriteTeam: "GB" });
    const scored = await as(admin).patch(`/api/games/${created.id}`, {
      homeScore: 24,
      awayScore: 20,
      status: "final",
      confirmFinalBeforeKickoff: true,
    });
    expect(scored.json()).toMatchObject({ homeScore: 24, awayScore: 20, status: "final" });
    const negative = await as(admin).patch(`/api/games/${created.id}`, { homeScore: -1 });
    expect(negative.statusCode).toBe(400);
    const fraction = await as(admin).patch(`/api/games/${created.id}`, { homeScore: 2.5 });
    expect(fraction.statusCode).toBe(400);
    expect((await as(player).patch(`/api/games/${created.id}`, { homeScore: 1 })).statusCode).toBe(403);
  });

  it("deletes a game (204), 404 after; players 403", async () => {
    const created = (
      await as(admin).post("/api/games", game({ week: 21, homeTeam: "SF", awayTeam: "SEA" }))
    ).json();
    expect((await as(player).delete(`/api/games/${created.id}`)).statusCode).toBe(403);
    const deleted = await as(admin).delete(`/api/games/${created.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect((await as(admin).delete(`/api/games/${created.id}`)).statusCode).toBe(404);
  });
});

describe("POST /api/games/{id}/score", () => {
  const matchups = [
    ["PIT", "CLE"],
    ["MIA", "NE"],
    ["LA", "NO"],
    ["ATL", "CAR"],
    ["TB", "ARI"],
  ];
  async function contestWithPicks(gameDate = game().gameDate) {
    const [home, away] = matchups.pop()!;
    const [contest] = await db
      .insert(contests)
      .values({
        name: "Graded",
        player1Id: player.id,
        player2Id: other.id,
        player2Email: "other@example.com",
        season: 2025,
        status: "active",
      })
      .returning();
    const created = (
      await as(admin).post(
        "/api/games",
        game({ week: 22, homeTeam: home, awayTeam: away, spread: "-3", overUnder: "44", gameDate }),
      )
    ).json();
    const line = { lineSpread: "-3.0", lineFavorite: home, lineTotal: "44.0" };
    await db.insert(picks).values([
      {
        contestId: contest!.id,
        userId: player.id,
        gameId: created.id,
        week: 22,
        market: "spread",
        side: "favorite",
        ...line,
      },
      {
        contestId: contest!.id,
        userId: other.id,
        gameId: created.id,
        week: 22,
        market: "spread",
        side: "underdog",
        ...line,
      },
      {
        contestId: contest!.id,
        userId: player.id,
        gameId: created.id,
        week: 22,
        market: "total",
        side: "over",
        ...line,
      },
      // Made at an earlier line: graded against that, not the current one.
      {
        contestId: contest!.id,
        userId: other.id,
        gameId: created.id,
        week: 22,
        market: "total",
        side: "under",
        lineTotal: "47.5",
      },
    ]);
    return created.id as string;
  }
  const results = async (gameId: string) =>
    (await db.select().from(picks).where(eq(picks.gameId, gameId)))
      .map((p) => `${p.market}:${p.side}:${p.result}`)
      .sort();

  it("is 409 until the game is final with both scores", async () => {
    const gameId = await contestWithPicks();
    const early = await as(admin).post(`/api/games/${gameId}/score`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Only a final game with both scores can be scored.");
    const final = await as(admin).patch(`/api/games/${gameId}`, {
      status: "final",
      confirmFinalBeforeKickoff: true,
    });
    expect(final.statusCode).toBe(200);
    expect((await as(admin).post(`/api/games/${gameId}/score`)).statusCode).toBe(409);
  });

  it("grades every pick at its own line, idempotently, and again after a correction", async () => {
    const gameId = await contestWithPicks();
    expect((await as(player).post(`/api/games/${gameId}/score`)).statusCode).toBe(403);
    await as(admin).patch(`/api/games/${gameId}`, {
      homeScore: 27,
      awayScore: 17,
      status: "final",
      confirmFinalBeforeKickoff: true,
    });
    const first = await as(admin).post(`/api/games/${gameId}/score`);
    expect(first.json()).toEqual({ gameId, graded: 4 });
    // 27-17: the home favorite by 10 covers -3; 44 points: over 44 pushes, under 47.5 wins.
    expect(await results(gameId)).toEqual([
      "spread:favorite:win",
      "spread:underdog:loss",
      "total:over:push",
      "total:under:win",
    ]);
    await as(admin).post(`/api/games/${gameId}/score`);
    expect(await results(gameId)).toEqual([
      "spread:favorite:win",
      "spread:underdog:loss",
      "total:over:push",
      "total:under:win",
    ]);

    await as(admin).patch(`/api/games/${gameId}`, { homeScore: 20, awayScore: 18 });
    await as(admin).post(`/api/games/${gameId}/score`);
    expect(await results(gameId)).toEqual([
      "spread:favorite:loss",
      "spread:underdog:win",
      "total:over:loss",
      "total:under:win",
    ]);

    // Back to live: grades wait for the final score again.
    await as(admin).patch(`/api/games/${gameId}`, { status: "live" });
    expect(await results(gameId)).toEqual([
      "spread:favorite:pending",
      "spread:underdog:pending",
      "total:over:pending",
      "total:under:pending",
    ]);
  });

  it("grades a final as it is saved, without Score Final Games", async () => {
    // Kicked off before the app's clock (2025-09-04T12:00Z): no confirmation is asked.
    const gameId = await contestWithPicks("2025-09-04T00:15:00.000Z");
    const saved = await as(admin).patch(`/api/games/${gameId}`, {
      homeScore: 27,
      awayScore: 17,
      status: "final",
    });
    expect(saved.statusCode).toBe(200);
    expect(await results(gameId)).toEqual([
      "spread:favorite:win",
      "spread:underdog:loss",
      "total:over:push",
      "total:under:win",
    ]);
    // A score correction on the final is graded again as it is saved.
    await as(admin).patch(`/api/games/${gameId}`, { homeScore: 20, awayScore: 18 });
    expect(await results(gameId)).toEqual([
      "spread:favorite:loss",
      "spread:underdog:win",
      "total:over:loss",
      "total:under:win",
    ]);
    // A final whose score is taken away has nothing to be graded by.
    await as(admin).patch(`/api/games/${gameId}`, { homeScore: null });
    expect(await results(gameId)).toEqual([
      "spread:favorite:pending",
      "spread:underdog:pending",
      "total:over:pending",
      "total:under:pending",
    ]);
    const log = await as(admin).get("/api/admin/activity");
    const summaries: string[] = log.json().entries.map((entry: { summary: string }) => entry.summary);
    expect(summaries).toContain(
      `${admin.firstName} ${admin.lastName} edited the game NO @ LA, week 22 of 2025, grading 4 picks`,
    );
  });

  it("asks for a confirmation (409) before saving a final ahead of its kickoff", async () => {
    const gameId = await contestWithPicks();
    const final = { homeScore: 27, awayScore: 17, status: "final" };
    const refused = await as(admin).patch(`/api/games/${gameId}`, final);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "NE @ MIA has not kicked off yet: confirm to save it as final before its kickoff.",
    );
    expect(
      (await as(admin).get(`/api/games`)).json().find((g: { id: string }) => g.id === gameId),
    ).toMatchObject({ status: "upcoming", homeScore: null });
    expect(await results(gameId)).toEqual([
      "spread:favorite:pending",
      "spread:underdog:pending",
      "total:over:pending",
      "total:under:pending",
    ]);
    const confirmed = await as(admin).patch(`/api/games/${gameId}`, {
      ...final,
      confirmFinalBeforeKickoff: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await results(gameId)).toContain("spread:favorite:win");
    // Once final, a correction needs no second confirmation.
    expect((await as(admin).patch(`/api/games/${gameId}`, { homeScore: 20 })).statusCode).toBe(200);
    // Adding a game as final ahead of its kickoff asks the same.
    const added = await as(admin).post(
      "/api/games",
      game({ week: 21, homeTeam: "NYG", awayTeam: "DAL", status: "final", homeScore: 1, awayScore: 0 }),
    );
    expect(added.statusCode).toBe(409);
  });

  it("keeps a game with picks from being deleted or moved", async () => {
    const gameId = await contestWithPicks();
    expect((await as(admin).delete(`/api/games/${gameId}`)).statusCode).toBe(409);
    const moved = await as(admin).patch(`/api/games/${gameId}`, { week: 21 });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe("This game has picks: its teams, week and season cannot change.");
  });
});

describe("POST /api/games/import-csv", () => {
  it("imports the shipped season twice: the second time creates and changes nothing", async () => {
    const file = readFileSync("data-seed/nfl-2025-schedule.csv");
    const first = await upload(admin, csvForm(file, "nfl-2025-schedule.csv"));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(272);
    expect(body.created).toBe(0); // already loaded at start; the CSV's results update the games played since
    expect(body.errors).toEqual([]);
    const second = (await upload(admin, csvForm(file, "nfl-2025-schedule.csv"))).json();
    expect(second).toEqual({ created: 0, updated: 0, skipped: 272, total: 272, errors: [] });
  });

  it("imports good rows and reports each bad row by line number", async () => {
    const csv = [
      "week,season,homeTeam,awayTeam,gameDate,spread,overUnder,favoriteTeam,status",
      "19,2025,KC,DEN,2026-01-17T21:30:00Z,-7.5,44.5,,upcoming",
      "19,2025,XXX,DEN,2026-01-17T21:30:00Z,,,,upcoming",
      "0,2025,KC,LV,2026-01-17T21:30:00Z,,,,upcoming",
      "19,2025,PHI,PHI,2026-01-17T21:30:00Z,,,,upcoming",
      "19,2025,NYG,DAL,not a date,,,,upcoming",
      "19,2025,NYJ,MIA,2026-01-18T18:00:00Z,3,90,,upcoming",
      "19,2025,CHI,DET,2026-01-18T18:00:00Z,2.5,,,upcoming",
    ].join("\n");
    const response = await upload(admin, csvForm(csv));
    expect(response.json()).toEqual({
      created: 2,
      updated: 0,
      skipped: 5,
      total: 7,
      errors: [
        "Line 3: Unknown team: XXX",
        "Line 4: Week must be between 1 and 22",
        "Line 5: Away team must be different from home team",
        "Line 6: Game date and time is required",
        "Line 7: Over/under must be 80 or less",
      ],
    });
    const week19 = (await as(player).get("/api/games/week/19/season/2025")).json();
    expect(week19.map((g: { awayTeam: string }) => g.awayTeam).sort()).toEqual(["DEN", "DET"]);
    expect(week19.find((g: { homeTeam: string }) => g.homeTeam === "CHI").favoriteTeam).toBe("DET");
    // Changing a line updates the game.
    const update = await upload(
      admin,
      csvForm("week,season,homeTeam,awayTeam,gameDate,spread\n19,2025,KC,DEN,2026-01-17T21:30:00Z,-8"),
    );
    expect(update.json()).toMatchObject({ created: 0, updated: 1, skipped: 0 });
  });

  it("refuses a file that is not CSV, malformed CSV, missing columns and oversized files", async () => {
    const notCsv = await upload(admin, csvForm("%PDF-1.4", "scores.pdf", "application/pdf"));
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().message).toBe("Invalid File Type - Please select a CSV file.");
    const malformed = await upload(admin, csvForm('week,season\n"1,2025'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^The file is not valid CSV/);
    const columns = await upload(admin, csvForm("week,season\n1,2025"));
    expect(columns.statusCode).toBe(400);
    expect(columns.json().message).toBe("The CSV file is missing the columns: homeTeam, awayTeam, gameDate.");
    const huge = await upload(admin, csvForm(Buffer.alloc(1024 * 1024 + 10, "a")));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe("The CSV file is too large (1 MB at most).");
  });

  it("is for admins only", async () => {
    expect((await upload(player, csvForm("week\n1"))).statusCode).toBe(403);
    expect((await upload(null, csvForm("week\n1"))).statusCode).toBe(401);
  });
});
