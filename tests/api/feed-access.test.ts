import { describe, expect, it } from "vitest";
import { as as request } from "../as";
import { signUp } from "../factories";
import { createTestApp } from "../setup/test-app";
import { admin, alice, as, setUpFeedTest, standIn, THURSDAY, weekGames } from "./feed-test-setup";

/** Who may use the live data feed's endpoints, and what they refuse (docs/rules.md, "The data feed"). */
await setUpFeedTest();

/** The same app with the feed off (FEED_URL=off, as every other test runs). */
const off = await createTestApp({ now: THURSDAY });

describe("access and input", () => {
  it("the feed's endpoints are for admins: 401 signed out, 403 for a player", async () => {
    const [game] = await weekGames(12);
    for (const who of [null, alice]) {
      const status = who ? 403 : 401;
      expect((await as(who).get("/api/admin/feed")).statusCode).toBe(status);
      expect((await as(who).post("/api/admin/feed/sync", { season: 2025, week: 12 })).statusCode).toBe(
        status,
      );
      expect((await as(who).post(`/api/games/${game!.id}/follow-feed`)).statusCode).toBe(status);
    }
    // Nothing was fetched for them.
    expect(standIn.requests).toEqual([]);
  });

  it.each<[string, object]>([
    ["week 23", { season: 2025, week: 23 }],
    ["week 0", { week: 0 }],
    ['season "x"', { season: "x" }],
    ["season 1999", { season: 1999 }],
    ["a week that is not a whole number", { season: 2025, week: 2.5 }],
  ])("a bad body is a 400: %s", async (_label, body) => {
    const response = await as(admin).post("/api/admin/feed/sync", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    expect(standIn.requests).toEqual([]);
  });

  it("with FEED_URL off: the sync is a 409 and the state says off", async () => {
    const offAdmin = await signUp(off.app, { email: "admin@example.com" });
    const response = await request(off.app, offAdmin).post("/api/admin/feed/sync", {
      season: 2025,
      week: 12,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The data feed is off (FEED_URL is "off").');
    const state = await request(off.app, offAdmin).get("/api/admin/feed");
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ enabled: false, lastSyncAt: null, nextSyncAt: null, recent: [] });
    expect(standIn.requests).toEqual([]);
  });
});
