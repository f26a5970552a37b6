import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { as as request } from "../../../../tests/as";

// 2025 week 3: contests created now start in week 3.
const { app } = await createTestApp({ now: "2025-09-17T12:00:00Z" });

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;
const PASSWORD = "kickoff";

const as = (who: SignedIn | null) => request(app, who);

const newContest = (player2Email: string, extra: object = {}) => ({
  name: "Sunday Showdown",
  description: "Loser buys wings",
  player2Email,
  defaultBetAmount: 25,
  currentWeek: 1,
  status: "pending",
  maxPicksPerPlayer: 2,
  contestCreationPassword: PASSWORD,
  ...extra,
});

async function createContest(by: SignedIn, player2Email: string, extra: object = {}) {
  const response = await as(by).post("/api/contests", newContest(player2Email, extra));
  expect(response.statusCode).toBe(201);
  return response.json();
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Able" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Baker" });
  outsider = await signUp(app, { email: "olga@example.com", firstName: "Olga", lastName: "Out" });
});

describe("POST /api/contests", () => {
  it("is closed to players until an admin sets the creation password", async () => {
    const response = await as(alice).post("/api/contests", newContest("bob@example.com"));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      "Contest creation is not open yet: an administrator must set the contest creation password.",
    );
    expect((await as(alice).get("/api/contests")).json()).toEqual([]);
    expect((await as(alice).get("/api/contest-creation")).json()).toEqual({ mode: "closed" });
  });

  it("lets an admin create without a password", async () => {
    const contest = await createContest(admin, "bob@example.com", { contestCreationPassword: undefined });
    expect(contest).toMatchObject({ player1Id: admin.id, player2Id: bob.id, status: "pending" });
    await as(admin).put("/api/system-config/contest_creation_password", { value: PASSWORD });
  });

  it("requires the right password of a player", async () => {
    const missing = await as(alice).post(
      "/api/contests",
      newContest("bob@example.com", { contestCreationPassword: undefined }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Contest creation password is required");
    const wrong = await as(alice).post(
      "/api/contests",
      newContest("bob@example.com", { contestCreationPassword: "nope" }),
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe("The contest creation password is incorrect.");
  });

  it("sets player 1, status, season and start week itself, whatever is sent", async () => {
    const contest = await createContest(alice, "BOB@example.com", { status: "active", currentWeek: 9 });
    expect(contest).toMatchObject({
      name: "Sunday Showdown",
      description: "Loser buys wings",
      player1Id: alice.id,
      player2Id: bob.id,
      player2Email: "bob@example.com",
      status: "pending",
      season: 2025,
      startWeek: 3,
      currentWeek: 3,
      totalWeeks: 18,
      maxPicksPerPlayer: 2,
      betAmount: 25,
      isFree: false,
    });
  });

  it("runs the weeks its creator chooses, from the first still open to week 18", async () => {
    const short = await createContest(alice, "bob@example.com", { firstWeek: 5, lastWeek: 10 });
    expect(short).toMatchObject({ startWeek: 5, totalWeeks: 10, currentWeek: 5 });
    const one = await createContest(alice, "bob@example.com", { firstWeek: 3, lastWeek: 3 });
    expect(one).toMatchObject({ startWeek: 3, totalWeeks: 3 });
    const to = await createContest(alice, "bob@example.com", { lastWeek: 6 });
    expect(to).toMatchObject({ startWeek: 3, totalWeeks: 6 });

    const before = (await as(alice).get("/api/contests")).json().length;
    for (const [weeks, status, field, message] of [
      [{ firstWeek: 2 }, 400, "firstWeek", "The first week can be week 3 at the earliest."],
      [{ firstWeek: 8, lastWeek: 7 }, 400, "lastWeek", "The last week cannot come before the first."],
      [{ lastWeek: 19 }, 400, "lastWeek", "Last week must be a week from 1 to 18"],
      [{ firstWeek: 0 }, 400, "firstWeek", "First week must be a week from 1 to 18"],
    ] as const) {
      const response = await as(alice).post("/api/contests", newContest("bob@example.com", weeks));
      expect(response.statusCode, JSON.stringify(weeks)).toBe(status);
      expect(response.json().message).toBe(message);
      expect(response.json().issues?.[0]?.path).toEqual(expect.stringContaining(field));
    }
    expect((await as(alice).get("/api/contests")).json()).toHaveLength(before);
  });

  it("makes a contest with a bet of 0 free", async () => {
    const contest = await createContest(alice, "bob@example.com", { defaultBetAmount: 0 });
    expect(contest).toMatchObject({ betAmount: 0, isFree: true });
  });

  it("refuses a challenge to yourself, at the e-mail field, before looking at the password", async () => {
    const response = await as(alice).post("/api/contests", newContest("Alice@Example.com"));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "You cannot challenge yourself.",
      issues: [{ path: "player2Email", message: "You cannot challenge yourself." }],
    });
    const noPassword = await as(alice).post(
      "/api/contests",
      newContest("alice@example.COM", { contestCreationPassword: undefined }),
    );
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe("You cannot challenge yourself.");
    const byAdmin = await as(admin).post("/api/contests", newContest("admin@example.com"));
    expect(byAdmin.statusCode).toBe(400);
    expect((await as(alice).get("/api/contests")).json()).not.toContainEqual(
      expect.objectContaining({ player2Email: "alice@example.com" }),
    );
  });

  it.each([
    [{ name: "ab" }, "Contest name must be at least 3 characters"],
    [{ player2Email: "not-an-email" }, "Please enter a valid email address"],
    [{ defaultBetAmount: -5 }, "Bet amount must be 0 or greater"],
    [{ maxPicksPerPlayer: 0 }, "Max picks must be at least 1"],
  ])("validates %o", async (change, message) => {
    const response = await as(alice).post("/api/contests", { ...newContest("bob@example.com"), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("is 401 signed out", async () => {
    expect((await as(null).post("/api/contests", newContest("bob@example.com"))).statusCode).toBe(401);
  });
});

describe("invitations to an e-mail without an account", () => {
  it("links player 2 when that e-mail signs up, who then sees, accepts and plays", async () => {
    const contest = await createContest(alice, "carol@example.com");
    expect(contest.player2Id).toBeNull();
    const carol = await signUp(app, { email: "Carol@example.com", firstName: "Carol", lastName: "Cole" });
    const list = (await as(carol).get("/api/contests")).json();
    expect(list.map((c: { id: string }) => c.id)).toContain(contest.id);
    expect(list.find((c: { id: string }) => c.id === contest.id).player2Id).toBe(carol.id);
    const accepted = await as(carol).patch(`/api/contests/${contest.id}`, { status: "active" });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe("active");
  });
});

describe("GET /api/contests and /api/contests/{id}", () => {
  it("shows a player their own contests, an admin all, an outsider none of them", async () => {
    const contest = await createContest(alice, "bob@example.com");
    const ids = async (who: SignedIn) =>
      (await as(who).get("/api/contests")).json().map((c: { id: string }) => c.id);
    expect(await ids(alice)).toContain(contest.id);
    expect(await ids(bob)).toContain(contest.id);
    expect(await ids(admin)).toContain(contest.id);
    expect(await ids(outsider)).not.toContain(contest.id);
    expect((await as(alice).get(`/api/contests/${contest.id}`)).statusCode).toBe(200);
    expect((await as(admin).get(`/api/contests/${contest.id}`)).statusCode).toBe(200);
    const hidden = await as(outsider).get(`/api/contests/${contest.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("Contest not found.");
    expect((await as(null).get("/api/contests")).statusCode).toBe(401);
  });
});

describe("PATCH /api/contests/{id}: accept and reject", () => {
  it("lets only player 2 accept, once", async () => {
    const contest = await createContest(alice, "bob@example.com");
    const byCreator = await as(alice).patch(`/api/contests/${contest.id}`, { status: "active" });
    expect(byCreator.statusCode).toBe(403);
    expect((await as(outsider).patch(`/api/contests/${contest.id}`, { status: "active" })).statusCode).toBe(
      404,
    );
    expect((await as(admin).patch(`/api/contests/${contest.id}`, { status: "active" })).statusCode).toBe(403);
    expect((await as(null).patch(`/api/contests/${contest.id}`, { status: "active" })).statusCode).toBe(401);

    const accepted = await as(bob).patch(`/api/contests/${contest.id}`, { status: "active" });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe("active");
    const again = await as(bob).patch(`/api/contests/${contest.id}`, { status: "active" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This contest is no longer pending: it is active.");
    const rejectLater = await as(bob).patch(`/api/contests/${contest.id}`, { status: "rejected" });
    expect(rejectLater.statusCode).toBe(409);
  });

  it("lets player 2 reject, and the contest stays rejected", async () => {
    const contest = await createContest(alice, "bob@example.com");
    const rejected = await as(bob).patch(`/api/contests/${contest.id}`, { status: "rejected" });
    expect(rejected.json().status).toBe("rejected");
    expect((await as(bob).patch(`/api/contests/${contest.id}`, { status: "active" })).statusCode).toBe(409);
  });

  it("accepts only active or rejected", async () => {
    const contest = await createContest(alice, "bob@example.com");
    const response = await as(bob).patch(`/api/contests/${contest.id}`, { status: "completed" });
    expect(response.statusCode).toBe(400);
    expect((await as(bob).get(`/api/contests/${contest.id}`)).json().status).toBe("pending");
  });
});

describe("DELETE /api/contests/{id}: archive", () => {
  it("is for admins only; an archived contest leaves every list", async () => {
    const contest = await createContest(alice, "bob@example.com");
    expect((await as(alice).delete(`/api/contests/${contest.id}`)).statusCode).toBe(403);
    expect((await as(outsider).delete(`/api/contests/${contest.id}`)).statusCode).toBe(403);
    expect((await as(null).delete(`/api/contests/${contest.id}`)).statusCode).toBe(401);
    expect((await as(admin).delete(`/api/contests/${contest.id}`)).statusCode).toBe(204);
    for (const who of [alice, bob, admin]) {
      const ids = (await as(who).get("/api/contests")).json().map((c: { id: string }) => c.id);
      expect(ids).not.toContain(contest.id);
    }
    expect((await as(admin).delete(`/api/contests/${contest.id}`)).statusCode).toBe(404);
    expect((await as(bob).patch(`/api/contests/${contest.id}`, { status: "active" })).statusCode).toBe(404);
  });
});

describe("who may create contests: open to every player, or with the password", () => {
  it("says how a player creates one now, and an admin may open it to every player", async () => {
    // The password was set above: players give it.
    expect((await as(alice).get("/api/contest-creation")).json()).toEqual({ mode: "password" });
    expect((await as(null).get("/api/contest-creation")).statusCode).toBe(401);

    const refused = await as(admin).put("/api/system-config/contest_creation", { value: "everyone" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Contest creation is either "open" or "password".');
    expect((await as(alice).put("/api/system-config/contest_creation", { value: "open" })).statusCode).toBe(
      403,
    );
    expect((await as(alice).get("/api/contest-creation")).json()).toEqual({ mode: "password" });

    expect((await as(admin).put("/api/system-config/contest_creation", { value: "open" })).statusCode).toBe(
      200,
    );
    expect((await as(bob).get("/api/contest-creation")).json()).toEqual({ mode: "open" });
    const open = await as(bob).post(
      "/api/contests",
      newContest("alice@example.com", { contestCreationPassword: undefined }),
    );
    expect(open.statusCode, open.body).toBe(201);

    // Back to the password: a player without it is refused again.
    await as(admin).put("/api/system-config/contest_creation", { value: "password" });
    const closed = await as(bob).post(
      "/api/contests",
      newContest("alice@example.com", { contestCreationPassword: undefined }),
    );
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe("Contest creation password is required");
  });
});
