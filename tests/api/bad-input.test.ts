import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { RouteCatalogEntry } from "../../src/server/app";
import { signUp, type SignedIn } from "../factories";
import { EspnStandIn } from "../feed-stand-in";
import { fingerprint } from "../setup/fingerprint";
import { createTestApp } from "../setup/test-app";

/**
 * Bad input, generated (docs/reliability.md, "Bad input"): every JSON endpoint the app serves, read from its
 * route catalog, gets bodies its own zod schema refuses (wrong types, missing fields, huge strings and
 * numbers, negative and fractional numbers, unicode and control characters, arrays for objects), and every
 * route with an id gets ids that are not ids. Each answer must be a 4xx with a message, never a 500, and the
 * database must be exactly as before. Sent as an admin who is also a player of a live contest, so every
 * permission check passes and the body itself is what gets judged.
 */
// Thousands of requests from one address: the sign-in rate limit is not what is tested here. The
// data feed on a stand-in that lists nothing, so that a sync's valid body runs to its end (the app
// never listens: its poller never starts).
const standIn = await new EspnStandIn().start();
afterAll(() => standIn.stop());
const { app, db } = await createTestApp({
  authLimits: { perIp: 1e9, perEmail: 1e9 },
  env: { FEED_URL: standIn.url },
});

// npm test: 60 per route; npm run test:stress: FUZZ_RUNS=1000.
export const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 60);
let admin: SignedIn;
let opponent: SignedIn;
let contestId: string;
let gameId: string;

type Schema = z.ZodType & { shape?: Record<string, z.ZodType> };

const writes = () =>
  app.routeCatalog.filter(
    (route): route is RouteCatalogEntry & { schema: { body: Schema } } =>
      route.url.startsWith("/api/") &&
      ["POST", "PUT", "PATCH"].includes(route.method) &&
      !!route.schema?.body,
  );

/** Fills a route's params with real ids, so the request reaches the body's check. */
const realUrl = (url: string) =>
  url
    .replace(":contestId", contestId)
    .replace(":key", "contest_creation_password")
    .replace(/:(id|gameId)\b/, url.includes("/games/") ? gameId : contestId)
    .replace(":userId", admin.id)
    .replace(/:[a-zA-Z]+/g, "1");

/** Values that break a field: every wrong type, and the edges of the right ones. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    "",
    " ",
    "x".repeat(20_000),
    "\u0000\u0007\u001b[31m",
    "\u202e\ud83c\udfc8 émoji ✓",
    "'; drop table users; --",
    '=HYPERLINK("http://evil")',
    "not-a-uuid",
    "00000000-0000-0000-0000-000000000000",
    -1,
    -0.5,
    0.5,
    1.25,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    [],
    [1, 2],
    {},
    { nested: { deeper: [] } },
  ),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.anything({ maxDepth: 2 }),
);

/** A body shaped like the schema's object, with some fields dropped, broken or added. */
function bodyFor(schema: Schema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.shape ?? {});
  const shaped = fc
    .record(Object.fromEntries(keys.map((key) => [key, nastyValue])), { requiredKeys: [] })
    .chain((body) =>
      fc
        .option(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), nastyValue), { nil: undefined })
        .map((extra) => (extra ? { ...body, [extra[0]]: extra[1] } : body)),
    );
  return fc.oneof(shaped, shaped, nastyValue, fc.array(shaped, { maxLength: 3 }));
}

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  opponent = await signUp(app, { email: "opponent@example.com" });
  const headers = (who: SignedIn) => ({ cookie: who.cookie });
  const created = await app.inject({
    method: "POST",
    url: "/api/contests",
    headers: headers(admin),
    payload: { name: "Fuzzed", description: "", player2Email: opponent.email, defaultBetAmount: 25 },
  });
  contestId = created.json<{ id: string }>().id;
  await app.inject({
    method: "PATCH",
    url: `/api/contests/${contestId}`,
    headers: headers(opponent),
    payload: { status: "active" },
  });
  const week = await app.inject({ url: "/api/games/week/1/season/2025", headers: headers(admin) });
  gameId = week.json<{ id: string }[]>()[0]!.id;
});

describe("generated bad input", () => {
  it("finds the JSON endpoints to try", () => {
    expect(writes().length).toBeGreaterThanOrEqual(10);
  });

  it("answers every invalid body with a 4xx and a message, and changes nothing", async () => {
    const before = await fingerprint(db);
    let tried = 0;
    for (const route of writes()) {
      const schema = route.schema.body;
      // As the server will see it: through JSON.
      const invalid = bodyFor(schema)
        .map((body) => JSON.parse(JSON.stringify(body) ?? "null") as unknown)
        .filter((body) => !schema.safeParse(body).success);
      await fc.assert(
        fc.asyncProperty(invalid, async (body) => {
          tried += 1;
          const response = await app.inject({
            method: route.method as "POST",
            url: realUrl(route.url),
            headers: { cookie: admin.cookie, "content-type": "application/json" },
            payload: JSON.stringify(body),
          });
          const what = `${route.method} ${route.url} ${JSON.stringify(body)?.slice(0, 200)}`;
          expect(response.statusCode, `${what} -> ${response.body}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${what} -> ${response.body}`).toBeLessThan(500);
          expect(typeof response.json<{ message?: unknown }>().message, what).toBe("string");
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(tried).toBeGreaterThanOrEqual(writes().length * RUNS_PER_ROUTE);
    console.info(`invalid bodies: ${tried} sent to ${writes().length} routes, all 4xx, database unchanged`);
    expect(await fingerprint(db)).toEqual(before);
  });

  it("never answers 500 to plausible bodies at the edges (big numbers, unicode, real and unknown ids)", async () => {
    // Values of the right kinds, at their edges: many of these bodies pass the schema and meet the
    // rules (and the database's constraints) for real.
    const plausible = fc.oneof(
      fc.constantFrom(
        "",
        "Ünïcödé 🏈 name",
        // What the database cannot store (U+0000, half a surrogate pair) and a name with nothing to see.
        "Two\u0000",
        "\ud800",
        "\u200b\u200b\u200b",
        "x".repeat(300),
        "active",
        "rejected",
        "spread",
        "total",
        "favorite",
        "under",
        "final",
        "upcoming",
        "-3.5",
        "44.5",
        "2025-09-07T17:00:00.000Z",
        2025,
        "KC",
        "opponent@example.com",
        contestId,
        gameId,
        admin.id,
        "00000000-0000-4000-8000-000000000000",
        0,
        1,
        5,
        25,
        2 ** 31,
        Number.MAX_SAFE_INTEGER,
        1e21,
        -5,
        true,
        false,
        null,
      ),
      fc.integer({ min: -10, max: 100 }),
    );
    let accepted = 0;
    let sent = 0;
    for (const route of writes()) {
      const schema = route.schema.body;
      const keys = Object.keys(schema.shape ?? {});
      const bodies = fc.record(Object.fromEntries(keys.map((key) => [key, plausible])));
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          sent += 1;
          if (schema.safeParse(body).success) accepted += 1;
          const response = await app.inject({
            method: route.method as "POST",
            url: realUrl(route.url),
            headers: { cookie: admin.cookie, "content-type": "application/json" },
            payload: JSON.stringify(body),
          });
          const what = `${route.method} ${route.url} ${JSON.stringify(body).slice(0, 300)}`;
          expect(response.statusCode, `${what} -> ${response.body}`).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(sent).toBe(writes().length * RUNS_PER_ROUTE);
    expect(accepted).toBeGreaterThan(0);
    console.info(
      `plausible bodies: ${sent} sent to ${writes().length} routes, ${accepted} passed the schema`,
    );
  });

  it("answers ids that are not ids with a 4xx, on every route that takes one", async () => {
    const withParams = app.routeCatalog.filter(
      (route) => route.url.startsWith("/api/") && route.url.includes(":"),
    );
    const badIds = fc.oneof(
      fc.constantFrom("not-a-uuid", "0", "-1", "1.5", "%00", "..%2F..%2Fetc", "x".repeat(5000), "%E2%80%AE"),
      fc
        .string({ minLength: 1, maxLength: 40 })
        .map(encodeURIComponent)
        // "." and ".." are path segments, not ids: /api/contests/. is /api/contests/ (the list).
        .filter((id) => id !== "." && id !== ".."),
    );
    const before = await fingerprint(db);
    for (const route of withParams) {
      if (route.url.endsWith("/events")) continue;
      await fc.assert(
        fc.asyncProperty(badIds, async (bad) => {
          const url = route.url.replace(/:[a-zA-Z]+/g, bad);
          const response = await app.inject({
            method: route.method as "GET",
            url,
            headers: { cookie: admin.cookie, "content-type": "application/json" },
            payload: route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
          });
          expect(response.statusCode, `${route.method} ${url} -> ${response.body}`).toBeGreaterThanOrEqual(
            400,
          );
          expect(response.statusCode, `${route.method} ${url} -> ${response.body}`).toBeLessThan(500);
        }),
        { numRuns: 25 },
      );
    }
    expect(await fingerprint(db)).toEqual(before);
  });

  it("refuses an oversized JSON body early with 413, whatever the route", async () => {
    const huge = JSON.stringify({ name: "x".repeat(200_000) });
    for (const route of writes()) {
      const response = await app.inject({
        method: route.method as "POST",
        url: realUrl(route.url),
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        payload: huge,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(413);
    }
  });

  it("refuses a body that is not JSON with a 400 and a message", async () => {
    for (const payload of ["{", "nul", "\u0000", '{"a":1}}']) {
      const response = await app.inject({
        method: "POST",
        url: "/api/contests",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
  });
});
