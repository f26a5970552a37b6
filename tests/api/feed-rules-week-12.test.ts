import { describe, expect, it, vi } from "vitest";
import type { FeedStatus } from "../../src/contracts/feed";
import type { Game } from "../../src/contracts/games";
import type { Pick } from "../../src/contracts/picks";
import type { SignedIn } from "../factories";
import { recorded, vary, type EspnEvent, type StandInMode } from "../feed-stand-in";
import {
  admin,
  alice,
  as,
  bob,
  clock,
  gameOf,
  setUpFeedTest,
  standIn,
  sync,
  week12,
  weekGames,
} from "./feed-test-setup";

/**
 * The live data feed through the API (docs/rules.md, "The data feed"), on a fresh database that
 * ships the 2025 schedule: the stand-in serves ESPN's recorded answers and variations of them.
 * The tests follow week 12 of 2025 in order, on a clock they move forward: Thursday before the
 * opener, the picks, the line moves, kickoff, finals, Sunday. (Then a season never seen, 2026:
 * feed-new-season.test.ts; who may call the feed's endpoints: feed-access.test.ts.)
 */
await setUpFeedTest();

const ID = {
  BUF_HOU: "401772946",
  PIT_CHI: "401772780",
  NE_CIN: "401772781",
  NYG_DET: "401772888",
  MIN_GB: "401772887",
  SEA_TEN: "401772886",
  IND_KC: "401772779",
  NYJ_BAL: "401772782",
  CLE_LV: "401772784",
  JAX_ARI: "401772783",
  PHI_DAL: "401772890",
  ATL_NO: "401772889",
  TB_LA: "401772929",
} as const;
const event = (id: string): EspnEvent => {
  const found = week12.events.find((candidate: EspnEvent) => candidate.id === id);
  if (!found) throw new Error(`no event ${id} in week 12`);
  return found;
};
/** Puts back an event as recorded (after a test spoiled it). */
const restore = (id: string) => {
  const original = recorded("2025-week-12-before-kickoff.json").events.find(
    (candidate: EspnEvent) => candidate.id === id,
  );
  const index = week12.events.findIndex((candidate: EspnEvent) => candidate.id === id);
  if (index >= 0) week12.events[index] = original;
  else week12.events.push(original);
};

const syncWeek12 = () => sync({ season: 2025, week: 12 });

const allGames = async () => {
  const response = await as(admin).get("/api/games");
  expect(response.statusCode).toBe(200);
  return response.json() as Game[];
};
const feedStatus = async () => (await as(admin).get("/api/admin/feed")).json() as FeedStatus;
const syncedLines = async () => {
  const page = (await as(admin).get("/api/admin/activity?limit=100")).json();
  return (page.entries as { action: string; summary: string }[]).filter(
    (entry) => entry.action === "games.synced",
  );
};
const picksOf = async (contestId: string, who: SignedIn) => {
  const response = await as(who).get(`/api/contests/${contestId}/picks/player/${who.id}?week=12`);
  expect(response.statusCode).toBe(200);
  return response.json() as Pick[];
};
const pickOn = async (contestId: string, who: SignedIn, gameId: string) =>
  (await picksOf(contestId, who)).find((pick) => pick.gameId === gameId)!;
/**
 * A final's grades reach this instance's read cache with the database's notice, a moment after the
 * sync has committed (a score update's contests are cleared at commit, on every instance alike:
 * docs/architecture/read-cache.md); on PostgreSQL a read at once may still get the picks before it.
 */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 20 });
const pickBecomes = (contestId: string, who: SignedIn, gameId: string, expected: Partial<Pick>) =>
  eventually(async () => expect(await pickOn(contestId, who, gameId)).toMatchObject(expected));

async function newContest(maxPicksPerPlayer: number) {
  const created = await as(alice).post("/api/contests", {
    name: `Feed ${maxPicksPerPlayer}`,
    player2Email: bob.email,
    defaultBetAmount: 20,
    maxPicksPerPlayer,
    contestCreationPassword: "pw",
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await as(bob).patch(`/api/contests/${id}`, { status: "active" })).statusCode).toBe(200);
  return id;
}
const submit = async (who: SignedIn, contestId: string, picks: object[]) => {
  const response = await as(who).post("/api/picks/batch", { contestId, week: 12, round: 1, picks });
  expect(response.statusCode, response.body).toBe(201);
};

describe("Rule 1: matching, adoption and new games", () => {
  it("adopts the shipped week 12 without doubling it: matched by teams, the source's id kept", async () => {
    const before = await allGames();
    const shipped = await weekGames(12);
    expect(shipped).toHaveLength(14);
    expect(shipped.every((game) => game.externalId === null)).toBe(true);
    // The shipped line of BUF @ HOU is +5.5; the source's is BUF -6.
    expect(shipped.find((game) => game.awayTeam === "BUF")).toMatchObject({
      spread: "5.5",
      favoriteTeam: "BUF",
    });

    const result = await syncWeek12();
    expect(result).toEqual({ created: 0, updated: 14, unchanged: 0, graded: 0, skipped: [], missing: [] });
    const asked = standIn.requests.at(-1)!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      seasontype: "2",
      week: "12",
      dates: "2025",
    });

    // The read cache serves the new values at once.
    const adopted = await weekGames(12);
    expect(adopted).toHaveLength(14);
    expect(adopted.map((game) => game.id).sort()).toEqual(shipped.map((game) => game.id).sort());
    expect(await gameOf(12, "BUF", "HOU")).toMatchObject({
      externalId: ID.BUF_HOU,
      spread: "6.0",
      favoriteTeam: "BUF",
      overUnder: "43.5",
      gameDate: "2025-11-21T01:15:00.000Z",
      status: "upcoming",
      pinned: [],
    });
    expect(await gameOf(12, "TB", "LA")).toMatchObject({
      externalId: ID.TB_LA,
      spread: "-7.0",
      favoriteTeam: "LA",
    });
    expect((await allGames()).length).toBe(before.length);

    const lines = await syncedLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.summary).toBe("The data feed updated the games of 2025: 0 added, 14 updated, 0 graded");
  });

  it("a second sync writes nothing and logs nothing", async () => {
    clock.set("2025-11-20T12:01:00Z");
    const before = await allGames();
    expect(await syncWeek12()).toEqual({
      created: 0,
      updated: 0,
      unchanged: 14,
      graded: 0,
      skipped: [],
      missing: [],
    });
    expect(await allGames()).toEqual(before);
    expect(await syncedLines()).toHaveLength(1);
  });

  it("adopts a week already played: its finals stay finals and keep their scores", async () => {
    clock.set("2025-11-20T12:02:00Z");
    const shipped = await weekGames(3);
    expect(shipped.every((game) => game.status === "final" && game.homeScore !== null)).toBe(true);
    standIn.setWeek(2025, 3, recorded("2025-week-3-mostly-before-kickoff.json"));
    const result = await sync({ season: 2025, week: 3 });
    expect(result).toMatchObject({ created: 0, updated: 16, graded: 0, skipped: [], missing: [] });
    const adopted = await weekGames(3);
    expect(adopted.every((game) => game.externalId !== null)).toBe(true);
    // The source still lists these as scheduled, with lines: nothing of the result changes.
    const shownOf = (game: Game) => ({
      id: game.id,
      status: game.status,
      homeScore: game.homeScore,
      awayScore: game.awayScore,
      spread: game.spread,
      overUnder: game.overUnder,
      gameDate: game.gameDate,
    });
    expect(adopted.map(shownOf)).toEqual(shipped.map(shownOf));
    expect(await gameOf(3, "LV", "WAS")).toMatchObject({ externalId: "401772841", status: "final" });
    expect(await gameOf(3, "LA", "PHI")).toMatchObject({ externalId: "401772839" });
    expect(await syncedLines()).toHaveLength(2);
  });

  it("the admin endpoints answer an admin", async () => {
    const [game] = await weekGames(12);
    expect((await as(admin).post(`/api/games/${game!.id}/follow-feed`)).statusCode).toBe(200);
    const state = await as(admin).get("/api/admin/feed");
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({
      enabled: true,
      source: "espn",
      lastSyncAt: "2025-11-20T12:02:00.000Z",
      lastSuccessAt: "2025-11-20T12:02:00.000Z",
      lastError: null,
    });
    expect(state.json().recent[0]).toMatchObject({
      kind: "manual",
      season: 2025,
      weeks: [3],
      updated: 16,
      error: null,
    });
  });
});

describe("Rule 6: a failed fetch changes nothing", () => {
  it.each<[StandInMode, RegExp, string]>([
    ["http500", /^The source answered HTTP 500\.$/, "2025-11-20T12:10:00Z"],
    ["cut", /^The source/, "2025-11-20T12:11:00Z"],
    ["badjson", /^The source's answer is not valid JSON/, "2025-11-20T12:12:00Z"],
    ["hang", /^The source did not answer within 1\.5 s\.$/, "2025-11-20T12:13:00Z"],
  ])("%s: a 502 with the reason, the games as they were, the error shown", async (mode, message, now) => {
    clock.set(now);
    // The source has news: a final and a line move, which must not land.
    vary.line(event(ID.TB_LA), "LAR -9", -9, 50.5);
    const before = await allGames();
    const lines = (await syncedLines()).length;
    standIn.mode = mode;
    try {
      const response = await as(admin).post("/api/admin/feed/sync", { season: 2025, week: 12 });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(message);
      expect(await allGames()).toEqual(before);
      expect(await syncedLines()).toHaveLength(lines);
      const state = await feedStatus();
      expect(state.lastError).toBe(response.json().message);
      expect(state.lastSyncAt).toBe(new Date(now).toISOString());
      expect(state.lastSuccessAt).toBe("2025-11-20T12:02:00.000Z");
      expect(state.recent[0]).toMatchObject({ error: response.json().message, updated: 0 });
      // The app keeps serving.
      expect((await as(alice).get("/api/games/week/12/season/2025")).statusCode).toBe(200);
    } finally {
      standIn.mode = "ok";
      restore(ID.TB_LA);
    }
  });

  it("the next good sync clears the error", async () => {
    clock.set("2025-11-20T12:20:00Z");
    expect(await syncWeek12()).toMatchObject({ updated: 0, unchanged: 14 });
    expect((await feedStatus()).lastError).toBeNull();
  });

  it("a season's sync changes nothing when one of its weeks fails: every week is read first", async () => {
    clock.set("2025-11-20T12:21:00Z");
    const before = await allGames();
    vary.line(event(ID.TB_LA), "LAR -9", -9, 50.5);
    // Week 13 answers something that is not a scoreboard; week 12 would move a line.
    standIn.setWeek(2025, 13, { error: "maintenance" } as never);
    const asked = standIn.requests.length;
    try {
      const response = await as(admin).post("/api/admin/feed/sync", { season: 2025 });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe("The source's answer has no list of events.");
      expect(standIn.requests.length - asked).toBeGreaterThanOrEqual(1);
      expect(await allGames()).toEqual(before);
    } finally {
      standIn.setWeek(2025, 13, { events: [] });
      restore(ID.TB_LA);
    }
  });
});

// Friday, 00:10 UTC: the first picker's Thursday deadline has passed, the opener is an hour away.
const FRIDAY = "2025-11-21T00:10:00Z";
let voidContest: string;
let contest: string;
let game: Record<
  "BUF_HOU" | "PIT_CHI" | "NE_CIN" | "NYG_DET" | "MIN_GB" | "SEA_TEN" | "IND_KC" | "NYJ_BAL",
  Game
>;

describe("picks made at the source's lines", () => {
  it("two contests pick week 12", async () => {
    clock.set(FRIDAY);
    game = {
      BUF_HOU: await gameOf(12, "BUF", "HOU"),
      PIT_CHI: await gameOf(12, "PIT", "CHI"),
      NE_CIN: await gameOf(12, "NE", "CIN"),
      NYG_DET: await gameOf(12, "NYG", "DET"),
      MIN_GB: await gameOf(12, "MIN", "GB"),
      SEA_TEN: await gameOf(12, "SEA", "TEN"),
      IND_KC: await gameOf(12, "IND", "KC"),
      NYJ_BAL: await gameOf(12, "NYJ", "BAL"),
    };
    voidContest = await newContest(2);
    await submit(alice, voidContest, [
      { gameId: game.NE_CIN.id, market: "spread", side: "favorite" },
      { gameId: game.MIN_GB.id, market: "total", side: "over" },
    ]);
    await submit(bob, voidContest, [
      { gameId: game.NE_CIN.id, market: "spread", side: "underdog" },
      { gameId: game.MIN_GB.id, market: "total", side: "under" },
    ]);
    contest = await newContest(4);
    await submit(alice, contest, [
      { gameId: game.BUF_HOU.id, market: "spread", side: "favorite" },
      { gameId: game.PIT_CHI.id, market: "spread", side: "favorite" },
      { gameId: game.NYG_DET.id, market: "spread", side: "favorite" },
    ]);
    await submit(bob, contest, [{ gameId: game.BUF_HOU.id, market: "spread", side: "underdog" }]);
    expect(await pickOn(contest, alice, game.BUF_HOU.id)).toMatchObject({
      lineSpread: "6.0",
      lineFavorite: "BUF",
      result: "pending",
    });
    expect(await pickOn(contest, alice, game.PIT_CHI.id)).toMatchObject({
      lineSpread: "-2.5",
      lineFavorite: "CHI",
    });
  });
});

describe("Rule 3: the line follows the source until kickoff, then it is frozen", () => {
  it("a line move reaches the game; the pick keeps the line it was made at", async () => {
    clock.set("2025-11-21T00:20:00Z");
    vary.line(event(ID.PIT_CHI), "CHI -3.5", -3.5, 44);
    const result = await syncWeek12();
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 13, skipped: [], missing: [] });
    expect(await gameOf(12, "PIT", "CHI")).toMatchObject({
      spread: "-3.5",
      favoriteTeam: "CHI",
      overUnder: "44.0",
    });
    const pick = await pickOn(contest, alice, game.PIT_CHI.id);
    expect(pick).toMatchObject({ lineSpread: "-2.5", lineFavorite: "CHI", result: "pending" });
    expect(pick.game).toMatchObject({ spread: "-3.5" });
  });

  it("the favorite can change sides, and a line the source drops is kept", async () => {
    vary.line(event(ID.TB_LA), "TB -1", 1, 49.5);
    delete event(ID.CLE_LV).competitions[0].odds;
    expect(await syncWeek12()).toMatchObject({ updated: 1, unchanged: 13 });
    expect(await gameOf(12, "TB", "LA")).toMatchObject({ spread: "1.0", favoriteTeam: "TB" });
    expect(await gameOf(12, "CLE", "LV")).toMatchObject({
      spread: "-4.0",
      favoriteTeam: "LV",
      overUnder: "36.5",
    });
  });

  it('the older odds shape: "EVEN" is a pick\'em line with no favorite', async () => {
    const odds = event(ID.TB_LA).competitions[0].odds[0];
    event(ID.TB_LA).competitions[0].odds = [{ details: "EVEN", overUnder: odds.overUnder }];
    expect(await syncWeek12()).toMatchObject({ updated: 1 });
    expect(await gameOf(12, "TB", "LA")).toMatchObject({ spread: "0.0", favoriteTeam: null });
    event(ID.TB_LA).competitions[0].odds = [{ details: "LAR -7", overUnder: odds.overUnder }];
    expect(await syncWeek12()).toMatchObject({ updated: 1 });
    expect(await gameOf(12, "TB", "LA")).toMatchObject({ spread: "-7.0", favoriteTeam: "LA" });
  });
});

describe("Rule 2: kickoff and week follow the source until the game starts", () => {
  it("a flexed game without picks moves to its new week and kickoff", async () => {
    clock.set("2025-11-21T00:30:00Z");
    vary.moved(event(ID.SEA_TEN), "2025-11-30T21:25Z", 13);
    const result = await syncWeek12();
    expect(result).toMatchObject({ updated: 1, skipped: [], missing: [] });
    expect((await weekGames(12)).find((candidate) => candidate.id === game.SEA_TEN.id)).toBeUndefined();
    expect(await gameOf(13, "SEA", "TEN")).toMatchObject({
      id: game.SEA_TEN.id,
      week: 13,
      gameDate: "2025-11-30T21:25:00.000Z",
    });
    // Listed again under week 12's request, it is the same game: nothing moves, nothing doubles.
    expect(await syncWeek12()).toMatchObject({ created: 0, updated: 0 });
    expect((await weekGames(13)).filter((candidate) => candidate.awayTeam === "SEA")).toHaveLength(1);
  });

  it("a game with picks keeps its week; only its kickoff moves", async () => {
    vary.moved(event(ID.PIT_CHI), "2025-11-25T01:15Z", 13);
    expect(await syncWeek12()).toMatchObject({ updated: 1, skipped: [] });
    expect(await gameOf(12, "PIT", "CHI")).toMatchObject({
      id: game.PIT_CHI.id,
      week: 12,
      gameDate: "2025-11-25T01:15:00.000Z",
    });
    vary.moved(event(ID.PIT_CHI), "2025-11-23T18:00Z", 12);
    expect(await syncWeek12()).toMatchObject({ updated: 1 });
    expect(await gameOf(12, "PIT", "CHI")).toMatchObject({ gameDate: "2025-11-23T18:00:00.000Z" });
  });
});

describe("Rule 5: the admin wins", () => {
  it("an edit pins what it changed, and the feed leaves it alone", async () => {
    const edited = await as(admin).patch(`/api/games/${game.IND_KC.id}`, { spread: -4, overUnder: 51 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ spread: "-4.0", overUnder: "51.0", pinned: ["line"] });
    const moved = await as(admin).patch(`/api/games/${game.IND_KC.id}`, { gameDate: "2025-11-23T21:05:00Z" });
    expect(moved.json().pinned).toEqual(["line", "kickoff"]);

    vary.line(event(ID.IND_KC), "KC -5.5", -5.5, 48);
    vary.moved(event(ID.IND_KC), "2025-11-23T18:00Z");
    expect(await syncWeek12()).toMatchObject({ updated: 0 });
    expect(await gameOf(12, "IND", "KC")).toMatchObject({
      spread: "-4.0",
      overUnder: "51.0",
      gameDate: "2025-11-23T21:05:00.000Z",
      pinned: ["line", "kickoff"],
    });
  });

  it('"Follow the feed again" clears the pins; the next sync brings the source\'s values', async () => {
    const followed = await as(admin).post(`/api/games/${game.IND_KC.id}/follow-feed`);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().pinned).toEqual([]);
    expect(await syncWeek12()).toMatchObject({ updated: 1 });
    expect(await gameOf(12, "IND", "KC")).toMatchObject({
      spread: "-5.5",
      overUnder: "48.0",
      gameDate: "2025-11-23T18:00:00.000Z",
      pinned: [],
    });
  });
});

describe("Rule 6: each event on its own", () => {
  it("bad events are skipped and named; the rest apply", async () => {
    clock.set("2025-11-21T00:40:00Z");
    const unknownTeam = structuredClone(event(ID.BUF_HOU));
    unknownTeam.id = "900000001";
    vary.competitor(unknownTeam, "away").team.abbreviation = "XYZ";
    const noCompetitors = structuredClone(event(ID.BUF_HOU));
    noCompetitors.id = "900000002";
    noCompetitors.competitions[0].competitors = [vary.competitor(noCompetitors, "home")];
    week12.events.push(unknownTeam, noCompetitors);
    vary.live(event(ID.CLE_LV), 7, 3);
    vary.competitor(event(ID.CLE_LV), "home").score = "three";
    event(ID.ATL_NO).season.year = 2026;
    vary.final(event(ID.JAX_ARI), 27, 24);
    // And one good change among them.
    vary.line(event(ID.NYJ_BAL), "BAL -14", -14, 44.5);
    const before = await allGames();

    try {
      const result = await syncWeek12();
      expect(result.updated).toBe(1);
      expect(result.created).toBe(0);
      expect(result.skipped).toEqual(
        expect.arrayContaining([
          { eventId: "900000001", reason: "has an unknown team (XYZ)" },
          { eventId: "900000002", reason: "does not have one home and one away team" },
          { eventId: ID.CLE_LV, reason: "has a score that is not a number (7-three)" },
          { eventId: ID.ATL_NO, reason: "belongs to season 2026" },
          { eventId: ID.JAX_ARI, reason: "reports the game final before its kickoff" },
        ]),
      );
      expect(result.skipped).toHaveLength(5);
      // A skipped event's game is not reported missing: the source lists it.
      expect(result.missing).toEqual([]);
      const after = await allGames();
      expect(after).toHaveLength(before.length);
      expect(await gameOf(12, "NYJ", "BAL")).toMatchObject({ spread: "-14.0" });
      for (const [away, home] of [
        ["CLE", "LV"],
        ["ATL", "NO"],
        ["JAX", "ARI"],
      ] as const) {
        const was = before.find(
          (candidate) => candidate.awayTeam === away && candidate.homeTeam === home && candidate.week === 12,
        );
        expect(await gameOf(12, away, home)).toEqual(was);
      }
    } finally {
      week12.events.splice(-2, 2);
      for (const id of [ID.CLE_LV, ID.ATL_NO, ID.JAX_ARI]) restore(id);
    }
    expect(await syncWeek12()).toMatchObject({ updated: 0, skipped: [] });
  });

  it("a game the source no longer lists is reported, never deleted", async () => {
    const index = week12.events.findIndex((candidate: EspnEvent) => candidate.id === ID.PHI_DAL);
    const [dropped] = week12.events.splice(index, 1);
    const phiDal = await gameOf(12, "PHI", "DAL");
    const result = await syncWeek12();
    expect(result).toMatchObject({ created: 0, updated: 0, skipped: [] });
    week12.events.splice(index, 0, dropped);
    expect(result.missing).toEqual([{ gameId: phiDal.id, game: "PHI @ DAL, week 12 of 2025" }]);
    expect(await gameOf(12, "PHI", "DAL")).toEqual(phiDal);
    expect((await syncWeek12()).missing).toEqual([]);
  });
});

describe("Rule 4: live, final, graded", () => {
  it("a game under way shows its score, quarter and clock; its line is frozen", async () => {
    clock.set("2025-11-21T02:30:00Z");
    await weekGames(12); // the week is in the read cache
    vary.live(event(ID.BUF_HOU), 7, 3);
    const result = await syncWeek12();
    expect(result).toMatchObject({ updated: 1, graded: 0 });
    expect(await gameOf(12, "BUF", "HOU")).toMatchObject({
      status: "live",
      awayScore: 7,
      homeScore: 3,
      period: 2,
      clock: "6:52",
      phase: null,
      spread: "6.0",
      favoriteTeam: "BUF",
      gameDate: "2025-11-21T01:15:00.000Z",
    });
    expect((await pickOn(contest, alice, game.BUF_HOU.id)).result).toBe("pending");

    clock.set("2025-11-21T02:50:00Z");
    vary.live(event(ID.BUF_HOU), 14, 10, 2, "0:00", "STATUS_HALFTIME");
    // Odds back during the game: the line stays frozen.
    vary.line(event(ID.BUF_HOU), "BUF -3", 3, 40.5);
    await syncWeek12();
    expect(await gameOf(12, "BUF", "HOU")).toMatchObject({
      status: "live",
      awayScore: 14,
      homeScore: 10,
      phase: "halftime",
      spread: "6.0",
      overUnder: "43.5",
    });
  });

  it("a final is graded at once, and the picks show it", async () => {
    clock.set("2025-11-21T05:00:00Z");
    const lines = (await syncedLines()).length;
    vary.final(event(ID.BUF_HOU), 27, 20);
    const result = await syncWeek12();
    expect(result).toMatchObject({ updated: 1, graded: 1 });
    expect(await gameOf(12, "BUF", "HOU")).toMatchObject({
      status: "final",
      awayScore: 27,
      homeScore: 20,
      period: 4,
      clock: null,
      phase: null,
    });
    // BUF by 7 covers BUF -6.
    await pickBecomes(contest, alice, game.BUF_HOU.id, { result: "win", isWin: true });
    await pickBecomes(contest, bob, game.BUF_HOU.id, { result: "loss", isWin: false });
    const synced = await syncedLines();
    expect(synced).toHaveLength(lines + 1);
    expect(synced[0]!.summary).toBe("The data feed updated the games of 2025: 0 added, 1 updated, 1 graded");
  });

  it("a stat correction is graded again", async () => {
    vary.final(event(ID.BUF_HOU), 25, 20);
    expect(await syncWeek12()).toMatchObject({ updated: 1, graded: 1 });
    expect(await gameOf(12, "BUF", "HOU")).toMatchObject({ awayScore: 25, homeScore: 20 });
    // BUF by 5 no longer covers.
    await pickBecomes(contest, alice, game.BUF_HOU.id, { result: "loss" });
    await pickBecomes(contest, bob, game.BUF_HOU.id, { result: "win" });
  });

  it("a final never goes back to live or upcoming, and its score is never erased", async () => {
    const final = await gameOf(12, "BUF", "HOU");
    const lines = (await syncedLines()).length;
    vary.live(event(ID.BUF_HOU), 21, 20, 4, "0:40");
    expect(await syncWeek12()).toMatchObject({ updated: 0, graded: 0 });
    expect(await gameOf(12, "BUF", "HOU")).toEqual(final);

    vary.status(event(ID.BUF_HOU), "STATUS_SCHEDULED");
    vary.competitor(event(ID.BUF_HOU), "away").score = "0";
    vary.competitor(event(ID.BUF_HOU), "home").score = "0";
    expect(await syncWeek12()).toMatchObject({ updated: 0, graded: 0 });
    expect(await gameOf(12, "BUF", "HOU")).toEqual(final);
    expect(await pickOn(contest, alice, game.BUF_HOU.id)).toMatchObject({ result: "loss" });
    expect(await syncedLines()).toHaveLength(lines);
    vary.final(event(ID.BUF_HOU), 25, 20);
  });
});

describe("Rule 2: postponed and canceled", () => {
  it("a postponed game is shown, cannot be picked, is not graded", async () => {
    clock.set("2025-11-23T17:30:00Z");
    vary.status(event(ID.NYG_DET), "STATUS_POSTPONED");
    expect(await syncWeek12()).toMatchObject({ updated: 1, graded: 0 });
    expect(await gameOf(12, "NYG", "DET")).toMatchObject({ status: "postponed", homeScore: null });
    expect(await pickOn(contest, alice, game.NYG_DET.id)).toMatchObject({ result: "pending" });
    const refused = await as(bob).post("/api/picks/batch", {
      contestId: contest,
      week: 12,
      round: 1,
      picks: [{ gameId: game.NYG_DET.id, market: "spread", side: "underdog" }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("NYG @ DET is postponed: it can be picked once it has a new date.");
  });

  it("rescheduled, it is upcoming again at its new date; with picks, it keeps its week", async () => {
    vary.moved(event(ID.NYG_DET), "2025-11-26T18:00Z", 13);
    vary.status(event(ID.NYG_DET), "STATUS_SCHEDULED");
    expect(await syncWeek12()).toMatchObject({ updated: 1, graded: 0 });
    expect(await gameOf(12, "NYG", "DET")).toMatchObject({
      id: game.NYG_DET.id,
      status: "upcoming",
      week: 12,
      gameDate: "2025-11-26T18:00:00.000Z",
    });
    expect(await pickOn(contest, alice, game.NYG_DET.id)).toMatchObject({ result: "pending" });
  });

  it("a canceled game's picks are void, and the week's result counts them neither way", async () => {
    vary.status(event(ID.NE_CIN), "STATUS_CANCELED");
    expect(await syncWeek12()).toMatchObject({ updated: 1, graded: 1 });
    expect(await gameOf(12, "NE", "CIN")).toMatchObject({ status: "canceled" });
    for (const who of [alice, bob]) {
      await pickBecomes(voidContest, who, game.NE_CIN.id, { result: "push", isWin: null });
    }

    // MIN @ GB ends 6-23: 29 points, under 41.5. Bob's under wins; Alice's over loses.
    clock.set("2025-11-23T21:30:00Z");
    vary.final(event(ID.MIN_GB), 6, 23);
    expect(await syncWeek12()).toMatchObject({ updated: 1, graded: 1 });
    await eventually(async () => {
      const weekly = await as(alice).get(`/api/contests/${voidContest}/weekly-results`);
      const week = weekly.json().weeklyResults.find((candidate: { week: number }) => candidate.week === 12);
      expect(week).toMatchObject({ isSettled: true, player1Wins: 0, player2Wins: 1, weekWinner: "player2" });
    });
  });
});

describe("Rule 3 at kickoff, Rule 5 for status and score", () => {
  it("from kickoff the line is frozen, even while the start is delayed", async () => {
    clock.set("2025-11-23T21:35:00Z");
    const before = await gameOf(12, "PIT", "CHI");
    vary.status(event(ID.PIT_CHI), "STATUS_DELAYED");
    vary.line(event(ID.PIT_CHI), "CHI -6", -6, 40);
    expect(await syncWeek12()).toMatchObject({ updated: 0 });
    expect(await gameOf(12, "PIT", "CHI")).toEqual(before);
  });

  it("a status and score entered by hand stay until the admin follows the feed again", async () => {
    vary.final(event(ID.NYJ_BAL), 10, 23);
    const entered = await as(admin).patch(`/api/games/${game.NYJ_BAL.id}`, {
      status: "final",
      homeScore: 20,
      awayScore: 10,
    });
    expect(entered.statusCode).toBe(200);
    expect(entered.json().pinned).toEqual(["score", "status"]);
    expect(await syncWeek12()).toMatchObject({ graded: 0 });
    expect(await gameOf(12, "NYJ", "BAL")).toMatchObject({ status: "final", homeScore: 20, awayScore: 10 });

    expect((await as(admin).post(`/api/games/${game.NYJ_BAL.id}/follow-feed`)).json().pinned).toEqual([]);
    expect(await syncWeek12()).toMatchObject({ updated: 1, graded: 1 });
    expect(await gameOf(12, "NYJ", "BAL")).toMatchObject({
      status: "final",
      homeScore: 23,
      awayScore: 10,
      pinned: [],
    });
  });

  it("a game canceled by hand voids its picks, and the feed leaves it canceled", async () => {
    const canceled = await as(admin).patch(`/api/games/${game.NYG_DET.id}`, { status: "canceled" });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().pinned).toEqual(["status"]);
    expect(await pickOn(contest, alice, game.NYG_DET.id)).toMatchObject({ result: "push" });
    await syncWeek12();
    expect(await gameOf(12, "NYG", "DET")).toMatchObject({ status: "canceled", pinned: ["status"] });
    expect(await pickOn(contest, alice, game.NYG_DET.id)).toMatchObject({ result: "push" });
  });
});
