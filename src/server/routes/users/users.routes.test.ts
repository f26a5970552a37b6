import { beforeAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";

const { app } = await createTestApp();
const as = (who: SignedIn | null) => request(app, who);

let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let outsider: SignedIn;

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com", firstName: "Ada", lastName: "Admin" });
  alice = await signUp(app, { email: "alice@example.com", firstName: "Alice", lastName: "Able" });
  bob = await signUp(app, { email: "bob@example.com", firstName: "Bob", lastName: "Baker" });
  outsider = await signUp(app, { email: "olga@example.com", firstName: "Olga", lastName: "Out" });
  const created = await as(alice).post("/api/contests", {
    name: "Rivals",
    player2Email: "bob@example.com",
    defaultBetAmount: 10,
  });
  expect(created.statusCode).toBe(403); // no password yet
  await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
  const contest = await as(alice).post("/api/contests", {
    name: "Rivals",
    player2Email: "bob@example.com",
    defaultBetAmount: 10,
    contestCreationPassword: "pw",
  });
  expect(contest.statusCode).toBe(201);
});

const ids = async (who: SignedIn) =>
  (await as(who).get("/api/users")).json().map((user: { id: string }) => user.id) as string[];

describe("GET /api/users", () => {
  it("gives an admin everyone, with contest counts", async () => {
    const list = (await as(admin).get("/api/users")).json();
    expect(list).toHaveLength(4);
    expect(list.find((user: { id: string }) => user.id === alice.id)).toMatchObject({
      firstName: "Alice",
      email: "alice@example.com",
      isAdmin: false,
      contestsCount: 1,
    });
    expect(list.find((user: { id: string }) => user.id === outsider.id).contestsCount).toBe(0);
  });

  it("gives a player themself and their opponents only", async () => {
    expect((await ids(alice)).sort()).toEqual([alice.id, bob.id].sort());
    expect((await ids(bob)).sort()).toEqual([alice.id, bob.id].sort());
    expect(await ids(outsider)).toEqual([outsider.id]);
  });

  it("is 401 signed out", async () => {
    expect((await as(null).get("/api/users")).statusCode).toBe(401);
  });
});

describe("PUT /api/users/{id}", () => {
  it("lets a player rename themself", async () => {
    const response = await as(bob).put(`/api/users/${bob.id}`, { firstName: "Robert", lastName: "Baker" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: "Robert", lastName: "Baker", isAdmin: false });
  });

  it("refuses a player editing someone else, or making themself admin", async () => {
    const other = await as(bob).put(`/api/users/${alice.id}`, { firstName: "X", lastName: "Y" });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("Only admins can edit other players.");
    const stranger = await as(outsider).put(`/api/users/${alice.id}`, { firstName: "X", lastName: "Y" });
    expect(stranger.statusCode).toBe(404);
    const promote = await as(bob).put(`/api/users/${bob.id}`, {
      firstName: "Bob",
      lastName: "Baker",
      isAdmin: true,
    });
    expect(promote.statusCode).toBe(403);
    const me = (await as(bob).get("/api/auth/user")).json();
    expect(me).toMatchObject({ firstName: "Robert", isAdmin: false });
  });

  it.each([
    [{ firstName: "", lastName: "B" }, "First name is required"],
    [{ firstName: "A", lastName: "  " }, "Last name is required"],
  ])("validates names (%o)", async (body, message) => {
    const response = await as(bob).put(`/api/users/${bob.id}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("lets an admin rename anyone and grant and remove admin access", async () => {
    const renamed = await as(admin).put(`/api/users/${alice.id}`, {
      firstName: "Alicia",
      lastName: "Able",
      isAdmin: true,
    });
    expect(renamed.json()).toMatchObject({ firstName: "Alicia", isAdmin: true });
    const alicesView = (await as(alice).get("/api/users")).json();
    expect(alicesView).toHaveLength(4);
    const removed = await as(admin).put(`/api/users/${alice.id}`, {
      firstName: "Alicia",
      lastName: "Able",
      isAdmin: false,
    });
    expect(removed.json().isAdmin).toBe(false);
    // Losing admin rights ends the person's sessions.
    expect((await as(alice).get("/api/auth/user")).statusCode).toBe(401);
    alice = await (async () => {
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "alice@example.com", password: "correct horse battery" },
      });
      const cookie = login.cookies.find((c) => c.name === "fp_session")!;
      return { ...alice, cookie: `fp_session=${cookie.value}` };
    })();
  });

  it("never removes the last admin", async () => {
    const response = await as(admin).put(`/api/users/${admin.id}`, {
      firstName: "Ada",
      lastName: "Admin",
      isAdmin: false,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("This is the last administrator: make someone else an admin first.");
    expect((await as(admin).get("/api/auth/user")).json().isAdmin).toBe(true);
  });

  it("is 404 for an unknown id and 401 signed out", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await as(admin).put(`/api/users/${unknown}`, { firstName: "A", lastName: "B" })).statusCode).toBe(
      404,
    );
    expect((await as(null).put(`/api/users/${bob.id}`, { firstName: "A", lastName: "B" })).statusCode).toBe(
      401,
    );
  });
});

describe("system configuration", () => {
  it("is read and written by admins only", async () => {
    expect((await as(alice).get("/api/system-config")).statusCode).toBe(403);
    expect((await as(null).get("/api/system-config")).statusCode).toBe(401);
    const write = await as(alice).put("/api/system-config/contest_creation_password", { value: "mine" });
    expect(write.statusCode).toBe(403);
    const saved = await as(admin).put("/api/system-config/contest_creation_password", {
      value: "new-password",
    });
    expect(saved.json()).toEqual({ key: "contest_creation_password", value: "new-password" });
    expect((await as(admin).get("/api/system-config")).json()).toContainEqual({
      key: "contest_creation_password",
      value: "new-password",
    });
  });

  it("refuses an empty password and unknown settings", async () => {
    const empty = await as(admin).put("/api/system-config/contest_creation_password", { value: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Password cannot be empty");
    expect((await as(admin).put("/api/system-config/something_else", { value: "x" })).statusCode).toBe(400);
    expect((await as(admin).put("/api/system-config/current_season", { value: "1999" })).statusCode).toBe(
      400,
    );
  });
});

// Last: it adds people and contests the tests above do not expect.
describe("GET /api/users, a player's own row", () => {
  it("shows a player each person as the admin's list does, their contest counts too", async () => {
    // Dora plays one contest (accepted), turned one down and played one an admin deleted: neither the
    // rejected one nor the archived one is counted.
    const carl = await signUp(app, { email: "carl@example.com", firstName: "Carl", lastName: "Cole" });
    const dora = await signUp(app, { email: "dora@example.com", firstName: "Dora", lastName: "Dean" });
    await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
    const invite = (from: SignedIn, name: string) =>
      as(from).post("/api/contests", {
        name,
        player2Email: "dora@example.com",
        defaultBetAmount: 5,
        contestCreationPassword: "pw",
      });
    const played = await invite(carl, "Played");
    const declined = await invite(alice, "Declined");
    const deleted = await invite(alice, "Deleted");
    const answer = (id: string, status: string) => as(dora).patch(`/api/contests/${id}`, { status });
    expect((await answer(played.json().id, "active")).statusCode).toBe(200);
    expect((await answer(declined.json().id, "rejected")).statusCode).toBe(200);
    expect((await answer(deleted.json().id, "active")).statusCode).toBe(200);
    expect((await as(admin).delete(`/api/contests/${deleted.json().id}`)).statusCode).toBe(204);
    const everyone = (await as(admin).get("/api/users")).json() as { id: string; contestsCount: number }[];
    const row = (id: string) => everyone.find((user) => user.id === id);
    expect(row(dora.id)?.contestsCount).toBe(1);
    expect(row(alice.id)?.contestsCount).toBe(1);
    for (const who of [alice, carl, dora]) {
      const list = (await as(who).get("/api/users")).json() as { id: string }[];
      expect(list.map((user) => user.id)).toContain(who.id);
      for (const user of list) expect(user).toEqual(row(user.id));
    }
    expect((await ids(dora)).sort()).toEqual([alice.id, carl.id, dora.id].sort());
  });
});

describe("PUT /api/users/{id}, a player invited by e-mail before signing up", () => {
  it("finds the player who invited them (403, not 404): a contest they are invited to is one they share", async () => {
    await as(admin).put("/api/system-config/contest_creation_password", { value: "pw" });
    const invited = await as(alice).post("/api/contests", {
      name: "Before Erin joined",
      player2Email: "Erin@Example.com",
      defaultBetAmount: 5,
      contestCreationPassword: "pw",
    });
    expect(invited.statusCode).toBe(201);
    const erin = await signUp(app, { email: "erin@example.com", firstName: "Erin", lastName: "Ennis" });
    const edit = await as(erin).put(`/api/users/${alice.id}`, { firstName: "X", lastName: "Y" });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe("Only admins can edit other players.");
    expect(await ids(erin)).toContain(alice.id);
    const stranger = await as(erin).put(`/api/users/${outsider.id}`, { firstName: "X", lastName: "Y" });
    expect(stranger.statusCode).toBe(404);
  });
});
