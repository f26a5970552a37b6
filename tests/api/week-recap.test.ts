import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Game } from "../../src/contracts/games";
import type { NotificationSettings } from "../../src/contracts/notifications";
import { recapList, type WeekRecap } from "../../src/contracts/recaps";
import { outbox, weekRecaps } from "../../src/server/db/schema";
import { readStartingData } from "../../src/client/app/starting-data";
import { as as request } from "../as";
import { acceptedContest, adminAliceAndBob, signUp, type SignedIn } from "../factories";
import { fakeClientRoot, startingDataText } from "../setup/client-root";
import { createTestApp } from "../setup/test-app";

/**
 * The week's recap (docs/rules.md, "Week recap"), on week 1 of 2025 from the shipped schedule:
 * Alice takes Philadelphia at -8.5 against Dallas and Kansas City at -3 in Los Angeles; Bob takes
 * the over (47.5) in both. The admin enters the finals (PHI 24–20, LAC 27–21): Alice misses both,
 * Bob's overs hit, then miss. The week settles; each player is told their own recap, once.
 */
const { app, clock, db } = await createTestApp({ now: "2025-09-04T12:00:00Z", clientRoot: fakeClientRoot() });
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let contestId: string;
let games: Game[];

const gameOf = (away: string) => games.find((game) => game.awayTeam === away)!;
const recapsOf = async (who: SignedIn) => {
  const response = await as(who).get("/api/recaps");
  expect(response.statusCode, response.body).toBe(200);
  return recapList.parse(response.json()) as WeekRecap[];
};
const recapMails = () =>
  db
    .select({ to: outbox.toAddress, subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.kind, "week-recap"), eq(outbox.channel, "email")));

beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  carol = await signUp(app, { email: "carol@example.com", firstName: "Carol" });
  contestId = await acceptedContest(app, alice, bob, { name: "Opening Night" });
  games = (await as(alice).get("/api/games/week/1/season/2025")).json() as Game[];
  // Bob turns the recap's e-mail off (its push stays on).
  const settings = (await as(bob).get("/api/me/notifications")).json() as NotificationSettings;
  const saved = await as(bob).put("/api/me/notifications", {
    ...settings,
    email: { ...settings.email, "week-recap": false },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submit = (who: SignedIn, picks: object[]) =>
    as(who).post("/api/picks/batch", { contestId, week: 1, round: 1, picks });
  const first = await submit(alice, [
    { gameId: gameOf("DAL").id, market: "spread", side: "favorite" },
    { gameId: gameOf("KC").id, market: "spread", side: "favorite" },
  ]);
  expect(first.statusCode, first.body).toBe(201);
  const second = await submit(bob, [
    { gameId: gameOf("DAL").id, market: "total", side: "over" },
    { gameId: gameOf("KC").id, market: "total", side: "over" },
  ]);
  expect(second.statusCode, second.body).toBe(201);
});

describe("the week's recap", () => {
  it("is nothing before the week settles", async () => {
    expect(await recapsOf(alice)).toEqual([]);
  });

  it("is made for both players when the week settles, each from their side, and told once", async () => {
    clock.set("2025-09-08T12:00:00Z");
    for (const [away, awayScore, homeScore] of [
      ["DAL", 20, 24],
      ["KC", 21, 27],
    ] as const) {
      const response = await as(admin).patch(`/api/games/${gameOf(away).id}`, {
        status: "final",
        awayScore,
        homeScore,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await vi.waitFor(async () => expect(await recapsOf(alice)).toHaveLength(1), {
      timeout: 5_000,
      interval: 20,
    });
    const [mine] = await recapsOf(alice);
    expect(mine).toMatchObject({
      contestId,
      contestName: "Opening Night",
      season: 2025,
      week: 1,
      opponentName: `${bob.firstName} ${bob.lastName}`,
      winner: "opponent",
      yourWins: 0,
      opponentWins: 1,
      pot: 20,
      standing: { weeksWon: 0, weeksLost: 1, weeksPushed: 0, money: -20 },
    });
    expect(mine!.picks.map((pick) => [pick.whose, pick.pick, pick.game, pick.note])).toEqual([
      ["you", "PHI −8.5", "DAL 20 at PHI 24", "missed by 4.5 points"],
      ["opponent", "Over 47.5", "DAL 20 at PHI 24", "stayed under by 3.5 points"],
      ["you", "KC −3", "KC 21 at LAC 27", "missed by 9 points"],
      ["opponent", "Over 47.5", "KC 21 at LAC 27", "went over by half a point"],
    ]);
    expect(mine!.sentences[0]).toBe(`${mine!.opponentName} took week 1, 1–0, and the $20 pot.`);
    expect(mine!.sentences).toContain(
      `Best cover: ${mine!.opponentName}'s Over 47.5 (KC 21 at LAC 27), went over by half a point.`,
    );
    const [bobs] = await recapsOf(bob);
    expect(bobs).toMatchObject({ winner: "you", yourWins: 1, opponentWins: 0, standing: { money: 20 } });
    expect(bobs!.sentences[0]).toBe("You took week 1, 1–0, and the $20 pot.");

    // Alice's e-mail; Bob turned his off. Once: the sweep after finds the week told.
    await app.reminders.run({ sweepNow: true });
    const mails = await recapMails();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [alice.email, "Week 1 of “Opening Night”: your recap"],
    ]);
    expect(mails[0]!.body).toContain(mine!.sentences[0]);
    expect(mails[0]!.body).toContain("- Your PHI −8.5 (DAL 20 at PHI 24): missed by 4.5 points.");
    expect(await db.select().from(weekRecaps)).toHaveLength(2);
  });

  it("is the viewer's own, and no one else's", async () => {
    expect((await as(null).get("/api/recaps")).statusCode).toBe(401);
    expect(await recapsOf(carol)).toEqual([]);
    expect(await recapsOf(admin)).toEqual([]);
  });

  it("is carried by the player's Dashboard page, as the GET answers it", async () => {
    const page = await app.inject({
      url: "/",
      headers: { cookie: alice.cookie, "accept-encoding": "identity" },
    });
    expect(page.statusCode).toBe(200);
    const { screenAnswers } = readStartingData(startingDataText(page.body));
    expect(new Map(screenAnswers).get("/api/recaps")).toEqual(await recapsOf(alice));
  });
});
