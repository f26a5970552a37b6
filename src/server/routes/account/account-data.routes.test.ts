import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountExport, deletionCheck, PICKS_CSV_COLUMNS } from "@/contracts/account-data";
import { as } from "../../../../tests/as";
import {
  acceptedContest,
  adminAliceAndBob,
  CREATION_PASSWORD,
  signUp,
  type SignedIn,
} from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import {
  accountTokens,
  activity,
  contests,
  games,
  notificationSettings,
  outbox,
  pushSubscriptions,
  sessions,
  signInDevices,
  users,
} from "../../db/schema";
import { issueAccountToken } from "../../repositories/account-tokens.repository";
import { insertUser } from "../../repositories/users.repository";
import { startSession } from "../../services/auth.service";
import { safeCell } from "../../services/account-data.service";
import { LAST_ADMIN } from "../../services/account-deletion.service";
import { ACCOUNT_LIMITS } from "./account-data.routes";

/**
 * A player's data (GET /api/account/export, export.csv), what deleting the account would do
 * (GET /api/account/deletion-check) and the deletion (DELETE /api/account), for each role.
 */
// Thursday of week 1, 2025, before the opener.
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
const PASSWORD = "correct horse battery";

interface GameView {
  id: string;
  homeTeam: string;
  awayTeam: string;
  spread: string | null;
  overUnder: string | null;
}

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let olga: SignedIn;
let week1: GameView[];
/** Alice against Bob: week 1 played and settled, Alice took the $20 pot. */
let played: string;
/** Alice against Bob, named like a formula: Alice's two picks, the week still in progress. */
let formula: string;
/** Olga against Bob: nothing to do with Alice. */
let unrelated: string;

const deleteAccount = (who: SignedIn | null, payload: object) =>
  app.inject({ method: "DELETE", url: "/api/account", payload, headers: who ? { cookie: who.cookie } : {} });

/** Sets a game final, so that the favorite (the home team at pick'em) covers and the over wins, and grades it. */
async function finalFavoriteAndOver(game: GameView, favorite: string | null) {
  const winner = favorite ?? game.homeTeam;
  const [home, away] = winner === game.homeTeam ? [150, 100] : [100, 150];
  await db
    .update(games)
    .set({ status: "final", homeScore: home, awayScore: away })
    .where(eq(games.id, game.id));
  expect((await as(app, admin).post(`/api/games/${game.id}/score`)).statusCode).toBe(200);
}

/** Week 1 of a contest: the first player takes the favorite and the over, the second the other sides. */
async function pickWeek1(
  contestId: string,
  first: SignedIn,
  second: SignedIn | null,
  [a, b]: GameView[] = week1,
) {
  const body = (picks: object[]) => ({ contestId, week: 1, round: 1, picks });
  const made = await as(app, first).post(
    "/api/picks/batch",
    body([
      { gameId: a!.id, market: "spread", side: "favorite" },
      { gameId: b!.id, market: "total", side: "over" },
    ]),
  );
  expect(made.statusCode, made.body).toBe(201);
  if (second) {
    const answered = await as(app, second).post(
      "/api/picks/batch",
      body([
        { gameId: a!.id, market: "spread", side: "underdog" },
        { gameId: b!.id, market: "total", side: "under" },
      ]),
    );
    expect(answered.statusCode, answered.body).toBe(201);
  }
  return (made.json() as { lineFavorite: string | null }[])[0]!.lineFavorite;
}

beforeAll(async () => {
  ({ admin, alice, bob } = await adminAliceAndBob(app));
  olga = await signUp(app, { email: "olga@example.com", firstName: "Olga" });
  week1 = ((await as(app, alice).get("/api/games/week/1/season/2025")).json() as GameView[]).filter(
    (game) => game.spread !== null && game.overUnder !== null,
  );
  played = await acceptedContest(app, alice, bob, { name: "Sunday Rivals" });
  formula = await acceptedContest(app, alice, bob, { name: '=HYPERLINK("http://x.example","Click")' });
  unrelated = await acceptedContest(app, olga, bob, { name: "Olga's Private Pool" });
  const favorite = await pickWeek1(played, alice, bob);
  await pickWeek1(formula, alice, null);
  await pickWeek1(unrelated, olga, bob);
  await finalFavoriteAndOver(week1[0]!, favorite);
  await finalFavoriteAndOver(week1[1]!, null);
});

describe("signed out", () => {
  it("gets 401 from every route", async () => {
    for (const url of ["/api/account/export", "/api/account/export.csv", "/api/account/deletion-check"])
      expect((await as(app, null).get(url)).statusCode, url).toBe(401);
    expect((await deleteAccount(null, { password: PASSWORD })).statusCode).toBe(401);
  });
});

describe("GET /api/account/export", () => {
  const exportOf = async (who: SignedIn) => {
    const response = await as(app, who).get("/api/account/export");
    expect(response.statusCode, response.body).toBe(200);
    return { response, data: accountExport.parse(response.json()) };
  };

  it("is a JSON file of the player's own data, held to its schema", async () => {
    const { response, data } = await exportOf(alice);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="football-pool-alice-${alice.lastName.toLowerCase()}-2025-09-04.json"`,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(data.profile).toEqual({
      id: alice.id,
      firstName: "Alice",
      lastName: alice.lastName,
      email: "alice@example.com",
      isAdmin: false,
      createdAt: expect.any(String),
    });
    expect(data.contests.map((contest) => contest.id).sort()).toEqual([played, formula].sort());
    // Nothing of a contest she does not play: not its id, its name, nor its picks.
    expect(response.body).not.toContain(unrelated);
    expect(response.body).not.toContain("Olga");
    expect(response.body).not.toContain("$argon2");
  });

  it("holds what the contest screens show: standings, weekly results, ledger, picks at their lines", async () => {
    const { data } = await exportOf(alice);
    const contest = data.contests.find((entry) => entry.id === played)!;
    const screen = (await as(app, alice).get(`/api/contests/${played}`)).json();
    const weekly = (await as(app, alice).get(`/api/contests/${played}/weekly-results`)).json().weeklyResults;
    expect(contest).toMatchObject({
      name: "Sunday Rivals",
      status: "active",
      seat: "player1",
      opponent: `Bob ${bob.lastName}`,
      betAmount: 20,
      isFree: false,
      maxPicksPerPlayer: 2,
      standing: { you: screen.standing.player1, opponent: screen.standing.player2, completedWeeks: 1 },
    });
    expect(contest.standing.you).toEqual({ wins: 2, losses: 0, weeksWon: 1, weeksLost: 0, runningTotal: 20 });
    expect(contest.weeklyResults[0]).toEqual({
      week: 1,
      potAmount: 20,
      isSettled: true,
      yourWins: weekly[0].player1Wins,
      opponentWins: weekly[0].player2Wins,
      winner: "you",
    });
    expect(contest.ledger).toEqual({
      summary: `Bob ${bob.lastName} owes you $20`,
      balance: 20,
      weeks: [{ week: 1, pot: 20, winner: "you", balance: 20 }],
    });
    const screenPicks = weekly[0].player1Picks as { id: string; lineSpread: string; lineTotal: string }[];
    expect(contest.picks.map((pick) => pick.id).sort()).toEqual(screenPicks.map((pick) => pick.id).sort());
    const spread = contest.picks.find((pick) => pick.market === "spread")!;
    expect(spread).toMatchObject({
      side: "favorite",
      result: "win",
      lineSpread: screenPicks.find((pick) => pick.id === spread.id)!.lineSpread,
      game: { season: 2025, week: 1, homeTeam: week1[0]!.homeTeam, awayTeam: week1[0]!.awayTeam },
    });
    expect(spread.pick).toMatch(/^[A-Z]{2,3} (-\d+(\.5)?|\(Pick'em\))$/);
    const total = contest.picks.find((pick) => pick.market === "total")!;
    expect(total).toMatchObject({ side: "over", result: "win", pick: `Over ${Number(week1[1]!.overUnder)}` });
    expect(contest.betChanges).toEqual([]);
    expect(contest.proposals).toEqual([]);
  });

  it("holds bet changes and proposals as their screens list them", async () => {
    const proposed = await as(app, bob).post(`/api/contests/${played}/bet-changes`, {
      week: 2,
      newAmount: 40,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { data } = await exportOf(alice);
    const contest = data.contests.find((entry) => entry.id === played)!;
    expect(contest.betChanges).toEqual([
      expect.objectContaining({
        kind: "proposal",
        proposedBy: "opponent",
        fromWeek: 2,
        newAmount: 40,
        status: "proposed",
      }),
    ]);
    // Bob's export says the same from his seat: his proposal, and what he owes.
    const bobs = (await exportOf(bob)).data;
    const his = bobs.contests.find((entry) => entry.id === played)!;
    expect(his.betChanges[0]).toMatchObject({ proposedBy: "you" });
    expect(his.ledger).toMatchObject({ summary: `You owe Alice ${alice.lastName} $20`, balance: -20 });
    expect(bobs.contests.map((entry) => entry.id).sort()).toEqual([played, formula, unrelated].sort());
  });

  it("gives an admin their own contests only, and an outsider theirs", async () => {
    const adminData = (await exportOf(admin)).data;
    expect(adminData.profile.isAdmin).toBe(true);
    expect(adminData.contests).toEqual([]);
    const olgas = (await exportOf(olga)).data;
    expect(olgas.contests.map((contest) => contest.id)).toEqual([unrelated]);
  });
});

describe("GET /api/account/export.csv", () => {
  it("parses back as one row per pick, with the week's result, formulas defused", async () => {
    const response = await as(app, alice).get("/api/account/export.csv");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="football-pool-alice-[a-z0-9-]+-2025-09-04\.csv"$/,
    );
    expect(response.body).toContain("\r\n");
    const header = parse(response.body, { bom: true, to: 1 }) as string[][];
    expect(header[0]).toEqual([...PICKS_CSV_COLUMNS]);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(4);
    const rivals = rows.filter((row) => row.Contest === "Sunday Rivals");
    expect(rivals).toHaveLength(2);
    for (const row of rivals) {
      expect(row).toMatchObject({
        Opponent: `Bob ${bob.lastName}`,
        Season: "2025",
        Week: "1",
        Result: "win",
        "Week result": "Won",
        "Week money": "20",
      });
    }
    expect(rivals.map((row) => row.Game).sort()).toEqual(
      [week1[0]!, week1[1]!].map((game) => `${game.awayTeam} @ ${game.homeTeam}`).sort(),
    );
    expect(rivals.find((row) => row.Market === "total")!.Line).toBe(String(Number(week1[1]!.overUnder)));
    const risky = rows.filter((row) => row.Contest !== "Sunday Rivals");
    expect(risky).toHaveLength(2);
    for (const row of risky) {
      expect(row.Contest).toBe(`'=HYPERLINK("http://x.example","Click")`);
      expect(row["Week result"]).toBe("In progress");
      expect(row["Week money"]).toBe("");
    }
  });

  it("defuses every formula opening, and leaves plain numbers alone", () => {
    expect(["=1+1", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx"].map(safeCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1+2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(["-20", "-8.5", "PHI -8.5", "Over 47.5"].map(safeCell)).toEqual([
      "-20",
      "-8.5",
      "PHI -8.5",
      "Over 47.5",
    ]);
    expect(safeCell(-20)).toBe(-20);
  });
});

describe("the downloads' limit", () => {
  it(`allows ${ACCOUNT_LIMITS.downloads.max} an hour per player, JSON and CSV together`, async () => {
    const greedy = await signUp(app);
    for (let n = 0; n < ACCOUNT_LIMITS.downloads.max; n += 1) {
      const url = n % 2 ? "/api/account/export.csv" : "/api/account/export";
      expect((await as(app, greedy).get(url)).statusCode).toBe(200);
    }
    const refused = await as(app, greedy).get("/api/account/export.csv");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "You have downloaded your data several times in a short while. Please try again later.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another player's downloads are their own.
    expect((await as(app, olga).get("/api/account/export")).statusCode).toBe(200);
  });
});

describe("GET /api/account/deletion-check", () => {
  it("tells a player their contests under way, paid or not, and that they may leave", async () => {
    const response = await as(app, alice).get("/api/account/deletion-check");
    expect(response.statusCode).toBe(200);
    const check = deletionCheck.parse(response.json());
    expect(check).toEqual({
      confirmWith: "password",
      lastAdmin: false,
      activeContests: expect.arrayContaining([
        { id: played, name: "Sunday Rivals", opponent: `Bob ${bob.lastName}`, paid: true },
      ]),
      pendingContests: [],
    });
    expect(check.activeContests).toHaveLength(2);
    // Olga's sees her contest only.
    const olgas = deletionCheck.parse((await as(app, olga).get("/api/account/deletion-check")).json());
    expect(olgas.activeContests.map((contest) => contest.id)).toEqual([unrelated]);
  });

  it("tells the only administrator that they cannot leave", async () => {
    const check = deletionCheck.parse((await as(app, admin).get("/api/account/deletion-check")).json());
    expect(check).toEqual({
      confirmWith: "password",
      lastAdmin: true,
      activeContests: [],
      pendingContests: [],
    });
  });
});

describe("DELETE /api/account", () => {
  /** What Dora's screens show of a contest: its standing, its weekly results (with their ledger), her list of people. */
  const doraSees = async (dora: SignedIn, contestId: string) => {
    const contest = (await as(app, dora).get(`/api/contests/${contestId}`)).json();
    const weekly = (await as(app, dora).get(`/api/contests/${contestId}/weekly-results`)).json();
    const listed = (await as(app, dora).get("/api/contests")).json() as { id: string; standing: unknown }[];
    return {
      standing: contest.standing,
      status: contest.status,
      weekly,
      inList: listed.find((entry) => entry.id === contestId)?.standing,
    };
  };

  it("refuses a wrong or missing password at its field, and changes nothing", async () => {
    const carl = await signUp(app, { firstName: "Carl" });
    const wrong = await deleteAccount(carl, { password: "not my password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: "password", message: expect.stringContaining("password") }]);
    const missing = await deleteAccount(carl, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toBe("password");
    expect((await as(app, carl).get("/api/auth/user")).json()).toMatchObject({ firstName: "Carl" });
  });

  it("erases the person, keeps the opponent's standings and ledger as they were, and tells them", async () => {
    const carl = await signUp(app, { email: "carl@example.com", firstName: "Carl", lastName: "Cole" });
    const dora = await signUp(app, { email: "dora@example.com", firstName: "Dora" });
    const erin = await signUp(app, { email: "erin@example.com", firstName: "Erin" });
    // Carl and Dora played week 1 (Dora took it), and Carl challenged Dora again; Erin challenged Carl.
    const contestId = await acceptedContest(app, dora, carl, { name: "Carl and Dora" });
    // Two games of week 1 not played yet.
    const [c, d] = week1.slice(2, 4);
    const favorite = await pickWeek1(contestId, dora, carl, [c!, d!]);
    await finalFavoriteAndOver(c!, favorite);
    await finalFavoriteAndOver(d!, null);
    const challenge = async (from: SignedIn, to: string, name: string) => {
      const response = await as(app, from).post("/api/contests", {
        name,
        player2Email: to,
        defaultBetAmount: 10,
        contestCreationPassword: CREATION_PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const carlsChallenge = await challenge(carl, dora.email, "Carl's rematch");
    const erinsChallenge = await challenge(erin, carl.email, "Erin's challenge");
    // Carl's traces: a calendar link, a device, an account link, mail waiting for him.
    const calendarUrl = new URL((await as(app, carl).get("/api/me/calendar")).json().url).pathname;
    expect((await as(app, null).get(calendarUrl)).statusCode).toBe(200);
    const subscribed = await as(app, carl).post("/api/push/subscriptions", {
      endpoint: "https://push.example.com/send/carl",
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
    const now = new Date("2025-09-04T12:00:00Z");
    await issueAccountToken(db, {
      userId: carl.id,
      purpose: "password_reset",
      expiresAt: new Date(now.getTime() + 3_600_000),
      now,
    });
    const unsentToCarl = () =>
      db.$count(
        outbox,
        and(sql`lower(${outbox.toAddress}) = 'carl@example.com'`, sql`${outbox.status} <> 'sent'`),
      );
    expect(await unsentToCarl()).toBeGreaterThan(0);

    const before = await doraSees(dora, contestId);
    expect(before.standing.player1).toEqual({
      wins: 2,
      losses: 0,
      weeksWon: 1,
      weeksLost: 0,
      runningTotal: 20,
    });
    const deleted = await deleteAccount(carl, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const cleared = deleted.cookies.find((cookie) => cookie.name === "fp_session");
    expect(cleared?.value).toBe("");

    // Dora's screens read the same: standing, weekly results (and so the ledger), her contests list.
    expect(await doraSees(dora, contestId)).toEqual(before);
    const people = (await as(app, dora).get("/api/users")).json() as {
      id: string;
      firstName: string;
      lastName: string;
      email: string;
    }[];
    expect(people.find((person) => person.id === carl.id)).toMatchObject({
      firstName: "Former",
      lastName: "player",
      email: `deleted-${carl.id}@deleted.invalid`,
    });
    // The person is erased.
    const [row] = await db.select().from(users).where(eq(users.id, carl.id));
    expect(row).toMatchObject({
      firstName: "Former",
      lastName: "player",
      email: `deleted-${carl.id}@deleted.invalid`,
      passwordHash: null,
      isAdmin: false,
      calendarToken: null,
      deletedAt: expect.any(Date),
    });
    expect(await db.$count(sessions, eq(sessions.userId, carl.id))).toBe(0);
    expect(await db.$count(pushSubscriptions, eq(pushSubscriptions.userId, carl.id))).toBe(0);
    expect(await db.$count(accountTokens, eq(accountTokens.userId, carl.id))).toBe(0);
    // The devices he signed in on (his sign-up gave one its device cookie).
    expect(await db.$count(signInDevices, eq(signInDevices.userId, carl.id))).toBe(0);
    expect(await unsentToCarl()).toBe(0);
    const [silenced] = await db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, carl.id));
    expect(silenced!.reminderLeadMinutes).toEqual([]);
    expect(Object.values({ ...silenced!.email, ...silenced!.push }).every((on) => on === false)).toBe(true);
    expect((await as(app, null).get(calendarUrl)).statusCode).toBe(404);
    // No contest carries his address any more; the challenges waiting for an answer are declined.
    expect(await db.$count(contests, sql`lower(${contests.player2Email}) = 'carl@example.com'`)).toBe(0);
    const statusOf = async (id: string) =>
      (await db.select({ status: contests.status }).from(contests).where(eq(contests.id, id)))[0]!.status;
    expect(await statusOf(carlsChallenge)).toBe("rejected");
    expect(await statusOf(erinsChallenge)).toBe("rejected");
    expect(await statusOf(contestId)).toBe("active");
    // Dora hears of both her contests with Carl, Erin of hers.
    const told = await db
      .select({ to: outbox.toAddress, subject: outbox.subject, body: outbox.body })
      .from(outbox)
      .where(eq(outbox.kind, "account-deleted"));
    expect(told.map((mail) => mail.to).sort()).toEqual([
      "dora@example.com",
      "dora@example.com",
      "erin@example.com",
    ]);
    for (const mail of told) expect(mail.subject).toBe("Carl Cole deleted their Football Pool account");
    expect(told.find((mail) => mail.body.includes("“Carl and Dora”"))!.body).toContain(
      "Carl Cole deleted their Football Pool account. Your contest “Carl and Dora” stays as it is",
    );
    expect(told.find((mail) => mail.to === "erin@example.com")!.body).toContain(
      "The challenge “Erin's challenge” is declined",
    );
    const [line] = await db
      .select()
      .from(activity)
      .where(and(eq(activity.action, "user.deleted"), eq(activity.subjectUserId, carl.id)));
    expect(line).toMatchObject({ actorId: carl.id, details: { contests: 3 } });
    expect(await db.$count(activity, sql`${activity.details}::text ilike '%carl@example.com%'`)).toBe(0);

    // He cannot sign in, by his session or his password, nor get a reset link.
    expect((await as(app, carl).get("/api/auth/user")).statusCode).toBe(401);
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "carl@example.com", password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    for (const email of ["carl@example.com", `deleted-${carl.id}@deleted.invalid`]) {
      await app.inject({ method: "POST", url: "/api/auth/password-reset/request", payload: { email } });
    }
    expect(await db.$count(outbox, eq(outbox.kind, "password-reset"))).toBe(0);

    // The address is free again: a new challenge to it waits for a new account, which signing up makes.
    const again = await challenge(dora, "carl@example.com", "Welcome back");
    const newcomer = await signUp(app, { email: "carl@example.com", firstName: "Carl" });
    expect(newcomer.id).not.toBe(carl.id);
    const linked = (await as(app, newcomer).get(`/api/contests/${again}`)).json();
    expect(linked.player2Id).toBe(newcomer.id);
    expect((await as(app, newcomer).get(`/api/contests/${contestId}`)).statusCode).toBe(404);

    // Nobody edits or promotes the former player; a mail to the address nobody receives is kept.
    const edit = await app.inject({
      method: "PUT",
      url: `/api/users/${carl.id}`,
      headers: { cookie: admin.cookie },
      payload: { firstName: "Carl", lastName: "Cole", isAdmin: true },
    });
    expect(edit.statusCode).toBe(404);
    const kept = await db
      .select({ status: outbox.status })
      .from(outbox)
      .where(eq(outbox.toAddress, `deleted-${carl.id}@deleted.invalid`));
    expect(kept.every((mail) => mail.status === "kept")).toBe(true);
  });

  it("lets an account without a password confirm by typing its e-mail address", async () => {
    const row = await insertUser(db, {
      email: "sso@example.com",
      firstName: "Sam",
      lastName: "Single",
      passwordHash: null,
    });
    const { token } = await startSession(app.ctx, row.id);
    const sam: SignedIn = { ...row, cookie: `fp_session=${token}` };
    const check = deletionCheck.parse((await as(app, sam).get("/api/account/deletion-check")).json());
    expect(check.confirmWith).toBe("email");
    const wrong = await deleteAccount(sam, { confirmEmail: "someone@example.com" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe("confirmEmail");
    expect((await deleteAccount(sam, { password: "anything" })).statusCode).toBe(400);
    expect((await deleteAccount(sam, { confirmEmail: "  SSO@example.com " })).statusCode).toBe(204);
    const [erased] = await db.select().from(users).where(eq(users.id, row.id));
    expect(erased).toMatchObject({ firstName: "Former", lastName: "player", deletedAt: expect.any(Date) });
  });

  it(`allows ${ACCOUNT_LIMITS.deletions.max} tries per player in a while`, async () => {
    const guesser = await signUp(app);
    for (let n = 0; n < ACCOUNT_LIMITS.deletions.max; n += 1)
      expect((await deleteAccount(guesser, { password: `guess ${n}` })).statusCode).toBe(400);
    const refused = await deleteAccount(guesser, { password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect((await as(app, guesser).get("/api/auth/user")).statusCode).toBe(200);
  });

  it("refuses the last administrator until another admin exists", async () => {
    const refused = await deleteAccount(admin, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LAST_ADMIN);
    expect(LAST_ADMIN).toBe("You are the last administrator: make someone else an admin first.");
    expect((await as(app, admin).get("/api/auth/user")).json().isAdmin).toBe(true);
    const promoted = await as(app, admin).put(`/api/users/${olga.id}`, {
      firstName: "Olga",
      lastName: olga.lastName,
      isAdmin: true,
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await deleteAccount(admin, { password: PASSWORD })).statusCode).toBe(204);
    // Olga is now the only one.
    const check = deletionCheck.parse((await as(app, olga).get("/api/account/deletion-check")).json());
    expect(check.lastAdmin).toBe(true);
    expect((await deleteAccount(olga, { password: PASSWORD })).statusCode).toBe(409);
  });
});
