import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { PendingProposals } from "@/contracts/bets";
import type { NotificationSettings } from "@/contracts/notifications";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { outbox } from "../../db/schema";

/**
 * GET /api/proposals/pending (what waits for a player's answer, the dashboard's list) and the
 * "Proposals" notification kind that tells them: by e-mail and push, as their settings say.
 */
// Thursday of week 1, 2025, before the opener (DAL @ PHI, 00:20 UTC Friday).
const START = "2025-09-04T12:00:00Z";
const { app, db, clock } = await createTestApp({ now: START, mailer: { kicks: false, intervalMs: 0 } });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let contestId: string;
type GameJson = { id: string; homeTeam: string; awayTeam: string };
let week1: GameJson[];
const home = (team: string) => week1.find((game) => game.homeTeam === team)!;

const pending = async (who: SignedIn) => {
  const response = await as(who).get("/api/proposals/pending");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PendingProposals>();
};
const outboxTo = (email: string, channel: "email" | "push") =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.channel, channel)));

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Anders" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Brown" });
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  week1 = (await as(alice).get("/api/games/week/1/season/2025")).json();
  const created = await as(alice).post("/api/contests", {
    name: "Rivals",
    player2Email: bob.email,
    defaultBetAmount: 10,
    maxPicksPerPlayer: 2,
    contestCreationPassword: "pw",
  });
  contestId = created.json().id as string;
  expect((await as(bob).patch(`/api/contests/${contestId}`, { status: "active" })).statusCode).toBe(200);
  const phone = {
    endpoint: "https://push.example.com/send/bob-phone",
    expirationTime: null,
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  };
  expect((await as(bob).post("/api/push/subscriptions", phone)).statusCode).toBe(204);
});

describe("what waits for a player's answer", () => {
  it("is empty before anything is proposed, and needs a sign-in", async () => {
    expect(await pending(bob)).toEqual({ betChanges: [], games: [] });
    expect((await as(null).get("/api/proposals/pending")).statusCode).toBe(401);
  });

  it("lists the opponent's bet change and additional game to the one who answers, not to the proposer", async () => {
    const change = await as(alice).post(`/api/contests/${contestId}/bet-changes`, { week: 2, newAmount: 25 });
    expect(change.statusCode, change.body).toBe(201);
    const game = await as(alice).post(`/api/contests/${contestId}/proposals`, { gameId: home("BUF").id });
    expect(game.statusCode, game.body).toBe(201);

    const bobs = await pending(bob);
    expect(bobs.betChanges).toMatchObject([
      { contestId, contestName: "Rivals", proposerName: "Alice Anders", fromWeek: 2, newAmount: 25 },
    ]);
    expect(bobs.games).toMatchObject([
      { contestId, contestName: "Rivals", proposerName: "Alice Anders", week: 1, game: { homeTeam: "BUF" } },
    ]);
    expect(await pending(alice)).toEqual({ betChanges: [], games: [] });
    expect(await pending(admin)).toEqual({ betChanges: [], games: [] });
  });

  it("tells the one who answers by e-mail and push (kind Proposals)", async () => {
    const mails = (await outboxTo(bob.email, "email")).filter((mail) => mail.kind !== "invitation");
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["bet-change", "proposal"]);
    const pushes = await outboxTo(bob.email, "push");
    expect(pushes.map((push) => push.kind)).toEqual(["proposals", "proposals"]);
    expect(pushes.map((push) => (push.payload as { title: string }).title).sort()).toEqual([
      "Additional game proposed",
      "New bet proposed",
    ]);
  });

  it("drops what was answered, and a game once it has kicked off", async () => {
    const { betChanges, games } = await pending(bob);
    const approved = await as(bob).patch(`/api/contests/${contestId}/bet-changes/${betChanges[0]!.id}`, {
      status: "approved",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await pending(bob)).betChanges).toEqual([]);
    expect((await pending(bob)).games).toHaveLength(1);

    clock.set("2025-09-08T01:00:00Z"); // Sunday night: BAL @ BUF has kicked off.
    expect((await pending(bob)).games).toEqual([]);
    clock.set(START);
    expect(games[0]!.game.homeTeam).toBe("BUF");
  });

  it("goes without e-mail when the player turned Proposals off for e-mail, still by push", async () => {
    const settings = (await as(bob).get("/api/me/notifications")).json<NotificationSettings>();
    const saved = await as(bob).put("/api/me/notifications", {
      ...settings,
      email: { ...settings.email, proposals: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await db.delete(outbox);
    const change = await as(alice).post(`/api/contests/${contestId}/bet-changes`, { week: 3, newAmount: 30 });
    expect(change.statusCode, change.body).toBe(201);
    expect(await outboxTo(bob.email, "email")).toEqual([]);
    expect((await outboxTo(bob.email, "push")).map((push) => push.kind)).toEqual(["proposals"]);
  });
});
