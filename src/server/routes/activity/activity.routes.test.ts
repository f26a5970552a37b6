import type { ActivityAction } from "@/contracts/constants";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry, ActivityPage } from "@/contracts/activity";
import { recordActivity } from "../../repositories/activity.repository";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";

const { app, db } = await createTestApp();
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

const page = async (query = ""): Promise<ActivityPage> => {
  const response = await as(admin).get(`/api/admin/activity${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const summaries = (entries: ActivityEntry[]) => entries.map((entry) => entry.summary);

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Able" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Baker" });
  carol = await signUp(app, { email: "carol@example.com", firstName: "Carol", lastName: "Cole" });

  const created = await as(admin).post("/api/contests", {
    name: "Sunday Showdown",
    player2Email: "bob@example.com",
    defaultBetAmount: 25,
  });
  expect(created.statusCode).toBe(201);
  const accepted = await as(bob).patch(`/api/contests/${created.json().id}`, { status: "active" });
  expect(accepted.statusCode).toBe(200);
  const renamed = await as(admin).put(`/api/users/${alice.id}`, { firstName: "Alicia", lastName: "Able" });
  expect(renamed.statusCode).toBe(200);
});

describe("GET /api/admin/activity", () => {
  it("is 401 signed out and 403 for players", async () => {
    expect((await as(null).get("/api/admin/activity")).statusCode).toBe(401);
    const player = await as(alice).get("/api/admin/activity");
    expect(player.statusCode).toBe(403);
    expect(player.json().message).toBe("Only administrators can do that.");
  });

  it("lists the changes newest first, each with its sentence, names and contest", async () => {
    const { entries, nextCursor } = await page();
    expect(nextCursor).toBeNull();
    expect(summaries(entries)).toEqual([
      "Ada Admin updated the profile of Alicia Able",
      "Bob Baker accepted the contest “Sunday Showdown”",
      "Ada Admin created the contest “Sunday Showdown” and challenged Bob Baker",
    ]);
    const [updated, accepted, created] = entries;
    expect(created).toMatchObject({
      action: "contest.created",
      actor: { id: admin.id, name: "Ada Admin" },
      subjectUser: { id: bob.id, name: "Bob Baker" },
      contestName: "Sunday Showdown",
      details: { name: "Sunday Showdown", player2Email: "bob@example.com", betAmount: 25 },
    });
    expect(accepted).toMatchObject({
      action: "contest.accepted",
      actor: { id: bob.id, name: "Bob Baker" },
      contestId: created!.contestId,
    });
    expect(updated).toMatchObject({ action: "user.updated", contestId: null, contestName: null });
    const times = entries.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("keeps what a user did or what was done to them", async () => {
    expect(summaries((await page(`?userId=${bob.id}`)).entries)).toEqual([
      "Bob Baker accepted the contest “Sunday Showdown”",
      "Ada Admin created the contest “Sunday Showdown” and challenged Bob Baker",
    ]);
    expect(summaries((await page(`?userId=${alice.id}`)).entries)).toEqual([
      "Ada Admin updated the profile of Alicia Able",
    ]);
    expect((await page(`?userId=${carol.id}`)).entries).toEqual([]);
  });

  it("pages with limit and the before cursor, without skipping or repeating a line", async () => {
    // Several lines written in one transaction, as a service may do.
    await db.transaction(async (tx) => {
      for (const week of [1, 2, 3, 4, 5]) {
        await recordActivity(tx, { actorId: carol.id, action: "first-picker.saved", details: { week } });
      }
    });
    const all = (await page("?limit=100")).entries;
    expect(all).toHaveLength(8);
    expect(all[0]!.summary).toBe("Carol Cole made a player the first picker of week 5");

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: ActivityPage = await page(`?limit=3${cursor ? `&before=${cursor}` : ""}`);
      expect(next.entries.length).toBeLessThanOrEqual(3);
      seen.push(...next.entries.map((entry) => entry.id));
      cursor = next.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.map((entry) => entry.id));

    const carols = await page(`?userId=${carol.id}&limit=2`);
    expect(carols.entries.map((entry) => entry.details.week)).toEqual([5, 4]);
    const older = await page(`?userId=${carol.id}&limit=2&before=${carols.nextCursor}`);
    expect(older.entries.map((entry) => entry.details.week)).toEqual([3, 2]);
  });

  it("defaults to 20 lines and refuses a bad limit, cursor or user", async () => {
    await db.transaction(async (tx) => {
      for (let i = 0; i < 20; i++)
        await recordActivity(tx, { actorId: null, action: "test.bulk" as ActivityAction });
    });
    const first = await page();
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]!.summary).toBe("The app: test bulk");
    expect(first.nextCursor).not.toBeNull();
    for (const query of ["?limit=0", "?limit=101", "?limit=two", "?before=yesterday", "?userId=42"]) {
      const response = await as(admin).get(`/api/admin/activity${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe("the sentences", () => {
  it("has one for every kind of change, and a plain one for the rest", async () => {
    const dave = await signUp(app, { email: "dave@example.com", firstName: "Dave", lastName: "Dunn" });
    const contest = (
      await as(admin).post("/api/contests", {
        name: "Old Rivalry",
        player2Email: "dave@example.com",
        defaultBetAmount: 0,
      })
    ).json();
    expect((await as(admin).delete(`/api/contests/${contest.id}`)).statusCode).toBe(204);
    const game = "BUF @ KC, week 3 of 2025";
    const lines: {
      action: ActivityAction;
      actorId: string | null;
      contestId?: string;
      details?: Record<string, unknown>;
    }[] = [
      { action: "contest.rejected", actorId: dave.id, contestId: contest.id },
      { action: "contest.completed", actorId: null, contestId: contest.id, details: { winnerId: dave.id } },
      { action: "contest.completed", actorId: null, contestId: contest.id, details: { winnerId: null } },
      { action: "user.updated", actorId: admin.id, details: { isAdmin: true } },
      { action: "user.updated", actorId: admin.id, details: { isAdmin: false } },
      { action: "user.updated", actorId: dave.id, details: { firstName: "Dave" } },
      { action: "config.updated", actorId: dave.id, details: { key: "contest_creation_password" } },
      { action: "config.updated", actorId: dave.id, details: { key: "current_season" } },
      { action: "game.created", actorId: dave.id, details: { game } },
      { action: "game.updated", actorId: dave.id, details: { game, changes: ["spread"] } },
      { action: "game.deleted", actorId: dave.id, details: { game } },
      { action: "game.scored", actorId: dave.id, details: { game, graded: 1 } },
      { action: "games.imported", actorId: dave.id, details: { created: 10, updated: 2, total: 12 } },
      { action: "picks.submitted", actorId: dave.id, contestId: contest.id, details: { week: 3, count: 2 } },
      { action: "first-picker.saved", actorId: admin.id, contestId: contest.id, details: { week: 4 } },
      // An action this version does not write (an older one's): logged with a generic summary.
      { action: "bet-change.proposed" as ActivityAction, actorId: dave.id, contestId: contest.id },
    ];
    for (const line of lines) await recordActivity(db, { subjectUserId: dave.id, ...line });

    const { entries } = await page(`?userId=${dave.id}&limit=100`);
    expect(summaries(entries).reverse()).toEqual([
      "Ada Admin created the contest “Old Rivalry” and challenged Dave Dunn",
      "Dave Dunn rejected the contest “Old Rivalry”",
      "“Old Rivalry” finished: Dave Dunn won",
      "“Old Rivalry” finished in a tie",
      "Ada Admin made Dave Dunn an admin",
      "Ada Admin removed admin access from Dave Dunn",
      "Dave Dunn updated their profile",
      "Dave Dunn changed the contest creation password",
      "Dave Dunn changed the current season",
      `Dave Dunn added the game ${game}`,
      `Dave Dunn edited the game ${game}`,
      `Dave Dunn deleted the game ${game}`,
      `Dave Dunn scored the game ${game}, grading 1 pick`,
      "Dave Dunn imported games from a CSV file: 10 added, 2 updated",
      "Dave Dunn submitted 2 picks for week 3 in “Old Rivalry”",
      "Ada Admin made Dave Dunn the first picker of week 4 in “Old Rivalry”",
      "Dave Dunn: bet change proposed in “Old Rivalry” (Dave Dunn)",
    ]);
    // An archive names no player: it shows in the whole log only.
    expect(summaries((await page("?limit=100")).entries)).toContain(
      "Ada Admin archived the contest “Old Rivalry”",
    );
  });
});
