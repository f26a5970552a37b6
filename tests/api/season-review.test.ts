import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SeasonReview } from "../../src/contracts/season-review";
import { contests, contestShares, games, picks } from "../../src/server/db/schema";
import { NOT_COMPLETED, ONLY_COMPLETED, ONLY_PLAYERS } from "../../src/server/services/season-review.service";
import { as as request } from "../as";
import { acceptedContest, adminAliceAndBob, signUp, type SignedIn } from "../factories";
import { createTestApp } from "../setup/test-app";

/**
 * The season in review (docs/rules.md, "Season in review"): Alice and Bob's 2024 contest of four
 * weeks, its games and graded picks written as the season left them, read by its players and an
 * admin, shared, opened signed out, and revoked. Bob's last name and the contest's name carry
 * markup, which the public page must show as text.
 */
const PUBLIC_URL = "https://pool.example.com";
const { app, db } = await createTestApp({ now: "2025-11-20T12:00:00Z", env: { PUBLIC_URL } });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let completed: string;
let tied: string;
let active: string;

const NAME = `Fall <Classic> & "Friends"`;
const BOB_LAST = `O'Brien <img src=x onerror=alert(1)>`;

type Side = "favorite" | "underdog" | "over" | "under";
interface Played {
  home: string;
  away: string;
  /** The favorite's points and who it is. */
  spread: string;
  favorite: string;
  /** Each pick: who, its side, whether it won, whether it is a lock. */
  picks: [who: "alice" | "bob", side: Side, won: boolean, lock?: boolean][];
}

const DAY = 24 * 60 * 60 * 1000;
const FIRST_KICKOFF = Date.UTC(2024, 8, 8, 17, 0);

/** A completed 2024 contest of Alice (player 1) against Bob, one game a week, as the weeks say. */
async function playedContest(name: string, winner: SignedIn | null, weeks: Played[]) {
  const [contest] = await db
    .insert(contests)
    .values({
      name,
      status: "completed",
      player1Id: alice.id,
      player2Id: bob.id,
      player2Email: bob.email,
      betAmount: 10,
      season: 2024,
      startWeek: 1,
      totalWeeks: weeks.length,
      maxPicksPerPlayer: 2,
      winnerId: winner?.id ?? null,
      rulePlans: [{ fromWeek: 1, lockOfTheWeek: true }],
    })
    .returning();
  for (const [at, played] of weeks.entries()) {
    const week = at + 1;
    const kickoff = new Date(FIRST_KICKOFF + at * 7 * DAY);
    const [game] = await db
      .insert(games)
      .values({
        season: 2024,
        week,
        homeTeam: played.home,
        awayTeam: played.away,
        gameDate: kickoff,
        spread: played.spread,
        favoriteTeam: played.favorite,
        overUnder: "45.5",
        status: "final",
        homeScore: 0,
        awayScore: 0,
      })
      .onConflictDoNothing()
      .returning();
    const gameId =
      game?.id ??
      (await db.query.games.findFirst({
        where: (row, { and, eq }) =>
          and(eq(row.season, 2024), eq(row.homeTeam, played.home), eq(row.awayTeam, played.away)),
      }))!.id;
    await db.insert(picks).values(
      played.picks.map(([who, side, won, lock], order) => ({
        contestId: contest!.id,
        userId: who === "alice" ? alice.id : bob.id,
        gameId,
        week,
        market: side === "over" || side === "under" ? ("total" as const) : ("spread" as const),
        side,
        lineSpread: played.spread,
        lineFavorite: played.favorite,
        lineTotal: "45.5",
        isLock: lock ?? false,
        result: won ? ("win" as const) : ("loss" as const),
        createdAt: new Date(kickoff.getTime() - DAY + order * 60_000),
      })),
    );
  }
  return contest!.id;
}

const reviewOf = async (who: SignedIn, id = completed) => {
  const response = await as(who).get(`/api/contests/${id}/review`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SeasonReview>();
};

/** A PNG's width and height, from its header chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  carol = await signUp(app, { email: "carol@example.com", firstName: "Carol" });
  const renamed = await as(bob).put(`/api/users/${bob.id}`, { firstName: "Bob", lastName: BOB_LAST });
  expect(renamed.statusCode, renamed.body).toBe(200);
  // Week 1 pushed 1–1 (DEN covers, the game goes under); week 2 Alice 3–0 on her lock, BUF; week 3
  // Alice 2–0; week 4 Bob 2–0. Alice 6 correct picks to Bob's 3.
  completed = await playedContest(NAME, alice, [
    {
      home: "DEN",
      away: "KC",
      spread: "-3.5",
      favorite: "DEN",
      picks: [
        ["alice", "favorite", true],
        ["alice", "over", false],
        ["bob", "underdog", false],
        ["bob", "under", true],
      ],
    },
    {
      home: "BUF",
      away: "NE",
      spread: "-7.0",
      favorite: "BUF",
      picks: [
        ["alice", "favorite", true, true],
        ["alice", "over", true],
        ["bob", "underdog", false],
        ["bob", "under", false],
      ],
    },
    {
      home: "MIA",
      away: "NYJ",
      spread: "-2.5",
      favorite: "MIA",
      picks: [
        ["alice", "favorite", true],
        ["alice", "over", true],
        ["bob", "underdog", false],
        ["bob", "under", false],
      ],
    },
    {
      home: "DEN",
      away: "LV",
      spread: "-3.5",
      favorite: "DEN",
      picks: [
        ["bob", "underdog", true],
        ["bob", "under", true],
        ["alice", "favorite", false],
        ["alice", "over", false],
      ],
    },
  ]);
  // One week, 1–1, and 2–2 picks over the season: a tie.
  tied = await playedContest("Dead Heat", null, [
    {
      home: "SEA",
      away: "SF",
      spread: "-1.0",
      favorite: "SEA",
      picks: [
        ["alice", "favorite", true],
        ["bob", "under", true],
        ["alice", "over", false],
        ["bob", "underdog", false],
      ],
    },
  ]);
  active = await acceptedContest(app, alice, bob, { name: "Still Going" });
});

describe("GET /api/contests/:id/review", () => {
  it("tells the season: the champion, each player's record and money", async () => {
    const review = await reviewOf(alice);
    expect(review).toMatchObject({
      contestId: completed,
      name: NAME,
      season: 2024,
      startWeek: 1,
      totalWeeks: 4,
      isFree: false,
      players: {
        player1: { id: alice.id, name: "Alice " + alice.lastName },
        player2: { id: bob.id, name: `Bob ${BOB_LAST}` },
      },
      champion: "player1",
      record: {
        // The lock counts twice: 2 + 1 in week 2.
        player1: { weeks: { won: 2, lost: 1, pushed: 1 }, picks: { won: 6, lost: 3 } },
        player2: { weeks: { won: 1, lost: 2, pushed: 1 }, picks: { won: 3, lost: 5 } },
      },
      money: { player1: 10, player2: -10 },
      share: null,
    });
  });

  it("finds the best week and the longest streak of either player, and each one's teams", async () => {
    const review = await reviewOf(bob);
    expect(review.bestWeek).toEqual({ player: "player1", week: 2, wins: 3, otherWins: 0, pot: 10 });
    expect(review.longestStreak).toEqual({ player: "player1", weeks: 2, fromWeek: 2, toWeek: 3 });
    expect(review.teams.player1).toEqual({
      rode: { team: "DEN", name: "Denver Broncos", picks: 2, wins: 1, losses: 1, pushes: 0 },
      // KC, NE and NYJ once each, a win each: by name.
      faded: { team: "KC", name: "Kansas City Chiefs", picks: 1, wins: 1, losses: 0, pushes: 0 },
    });
    expect(review.teams.player2).toEqual({
      rode: { team: "LV", name: "Las Vegas Raiders", picks: 1, wins: 1, losses: 0, pushes: 0 },
      faded: { team: "DEN", name: "Denver Broncos", picks: 2, wins: 1, losses: 1, pushes: 0 },
    });
  });

  it("names the pick that decided it: Alice's lock on BUF put her ahead for good", async () => {
    const { clincher } = await reviewOf(admin);
    expect(clincher).toEqual({
      player: "player1",
      week: 2,
      homeTeam: "BUF",
      awayTeam: "NE",
      kickoff: new Date(FIRST_KICKOFF + 7 * DAY).toISOString(),
      market: "spread",
      choice: "BUF",
      line: "-7",
      isLock: true,
      lead: 2,
    });
  });

  it("has no champion and no clincher for a tie", async () => {
    const review = await reviewOf(alice, tied);
    expect(review).toMatchObject({
      champion: null,
      clincher: null,
      record: { player1: { weeks: { won: 0, lost: 0, pushed: 1 }, picks: { won: 1, lost: 1 } } },
      money: { player1: 0, player2: 0 },
      bestWeek: null,
      longestStreak: null,
    });
  });

  it("is for the players and the admins only, and a completed contest's", async () => {
    expect((await as(null).get(`/api/contests/${completed}/review`)).statusCode).toBe(401);
    const outsider = await as(carol).get(`/api/contests/${completed}/review`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe("Contest not found.");
    for (const who of [alice, admin]) {
      const early = await as(who).get(`/api/contests/${active}/review`);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(NOT_COMPLETED);
    }
  });
});

describe("the share link", () => {
  const liveShares = (contestId: string) =>
    db
      .select()
      .from(contestShares)
      .where(and(eq(contestShares.contestId, contestId), isNull(contestShares.revokedAt)));
  let url = "";
  let path = "";

  it("is refused to the signed out, outsiders, an admin looking on, and before the contest ends", async () => {
    for (const method of ["post", "delete"] as const) {
      expect((await as(null)[method](`/api/contests/${completed}/share`)).statusCode).toBe(401);
      const outsider = await as(carol)[method](`/api/contests/${completed}/share`);
      expect(outsider.statusCode).toBe(404);
      expect(outsider.json().message).toBe("Contest not found.");
      const onlooker = await as(admin)[method](`/api/contests/${completed}/share`);
      expect(onlooker.statusCode).toBe(403);
      expect(onlooker.json().message).toBe(ONLY_PLAYERS);
    }
    const early = await as(bob).post(`/api/contests/${active}/share`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ONLY_COMPLETED);
    expect(await db.select().from(contestShares)).toEqual([]);
  });

  it("is made by either player, once: the other gets the same live link", async () => {
    const made = await as(bob).post(`/api/contests/${completed}/share`);
    expect(made.statusCode, made.body).toBe(201);
    ({ url } = made.json<{ url: string }>());
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/share/[\\w-]{32}$`));
    path = new URL(url).pathname;
    const again = await as(alice).post(`/api/contests/${completed}/share`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ url });
    expect((await reviewOf(alice)).share).toEqual({ url });
    expect(await liveShares(completed)).toHaveLength(1);
    const log = (await as(admin).get("/api/admin/activity")).json<{
      entries: { action: string; contestId: string; summary: string }[];
    }>();
    expect(log.entries.filter((entry) => entry.action === "contest.shared")).toEqual([
      expect.objectContaining({
        contestId: completed,
        summary: `Bob ${BOB_LAST} shared the season in review of the contest “${NAME}”`,
      }),
    ]);
  });

  it("opens a page of its own signed out, with its link previews, every name as text", async () => {
    const page = await app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const html = page.body;
    const title = `Alice ${alice.lastName} vs Bob O&#39;Brien &lt;img src=x onerror=alert(1)&gt;: the 2024 season in review`;
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain(`<meta property="og:image" content="${url}/image.png">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toMatch(
      /<meta property="og:description" content="Alice [^"]+ wins, 6 correct picks to 3\. Weeks won: [^"]+ 2, [^"]+ 1\. [^"]+ owes [^"]+ \$10\.">/,
    );
    expect(html).toContain("Fall &lt;Classic&gt; &amp; &quot;Friends&quot;");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<Classic>");
    expect(html).toContain("Week 2: BUF -7 vs NE, a lock.");
    expect(html).toContain('href="/signin"');
  });

  it("draws its image: a 1200×630 PNG, kept a few minutes", async () => {
    const image = await app.inject({ url: `${path}/image.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toBe("public, max-age=300");
    const png = image.rawPayload;
    expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    const etag = image.headers.etag as string;
    const unchanged = await app.inject({ url: `${path}/image.png`, headers: { "if-none-match": etag } });
    expect(unchanged.statusCode).toBe(304);
  });

  it("answers 404 for a token that is not a live link", async () => {
    for (const token of ["x".repeat(32), "short", "not a token at all"]) {
      const page = await app.inject({ url: `/share/${encodeURIComponent(token)}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain("This link is not shared");
      expect((await app.inject({ url: `/share/${encodeURIComponent(token)}/image.png` })).statusCode).toBe(
        404,
      );
    }
  });

  it("is revoked by either player: the link then answers 404, and a new one is another", async () => {
    const stopped = await as(alice).delete(`/api/contests/${completed}/share`);
    expect(stopped.statusCode).toBe(204);
    expect((await app.inject({ url: path })).statusCode).toBe(404);
    expect((await app.inject({ url: `${path}/image.png` })).statusCode).toBe(404);
    expect((await reviewOf(bob)).share).toBeNull();
    // Nothing left to revoke: the same answer, and no line in the log.
    expect((await as(bob).delete(`/api/contests/${completed}/share`)).statusCode).toBe(204);
    const log = (await as(admin).get("/api/admin/activity")).json<{
      entries: { action: string; summary: string }[];
    }>();
    expect(log.entries.filter((entry) => entry.action === "contest.share_revoked")).toEqual([
      expect.objectContaining({
        summary: `Alice ${alice.lastName} stopped sharing the season in review of the contest “${NAME}”`,
      }),
    ]);
    const fresh = await as(alice).post(`/api/contests/${completed}/share`);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json<{ url: string }>().url).not.toBe(url);
    expect((await app.inject({ url: path })).statusCode).toBe(404);
  });

  it("is made once when both players ask at the same moment", async () => {
    await as(alice).delete(`/api/contests/${tied}/share`);
    const [one, two] = await Promise.all([
      as(alice).post(`/api/contests/${tied}/share`),
      as(bob).post(`/api/contests/${tied}/share`),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    expect(one.json()).toEqual(two.json());
    expect(await liveShares(tied)).toHaveLength(1);
  });
});
