import { describe, expect, it } from "vitest";
import { as as request } from "../as";
import { signUp } from "../factories";
import { createTestApp } from "../setup/test-app";

// Replay mode (docs/rules.md, "Interface"): the app's clock is fixed in the past, as APP_NOW fixes it.
const APP_NOW = "2025-09-04T12:00:00.000Z";
const { app, clock } = await createTestApp({ now: APP_NOW });

describe("dates in replay mode", () => {
  it("dates accounts and contests by the app's clock, newest contest first at one moment", async () => {
    const admin = await signUp(app, { email: "admin@example.com" });
    const users = (await request(app, admin).get("/api/users")).json() as { createdAt: string }[];
    expect(users.map((user) => user.createdAt)).toEqual([APP_NOW]);

    const create = (name: string) =>
      request(app, admin).post("/api/contests", {
        name,
        player2Email: "bob@example.com",
        defaultBetAmount: 25,
      });
    const first = (await create("First of the day")).json() as { id: string; createdAt: string };
    const second = (await create("Second of the day")).json() as { id: string; createdAt: string };
    expect(first.createdAt).toBe(APP_NOW);
    // The clock stands still: the next contest is a microsecond later, so lists keep their order.
    expect(Date.parse(second.createdAt)).toBeGreaterThanOrEqual(Date.parse(APP_NOW));
    const listed = (await request(app, admin).get("/api/contests")).json() as { id: string }[];
    expect(listed.map((contest) => contest.id)).toEqual([second.id, first.id]);

    // Later by the clock: a later date.
    clock.set("2025-09-10T08:00:00Z");
    const third = (await create("Next week")).json() as { createdAt: string };
    expect(third.createdAt).toBe("2025-09-10T08:00:00.000Z");
  });
});
