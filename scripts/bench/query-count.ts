// Queries per request, counted in-process on the seeded PGlite database (the same code runs on
// PostgreSQL): every statement the app sends through Drizzle, and every run of a prepared statement
// sent to PGlite directly (src/server/db/prepared.ts), the request sent once to warm the caches and
// counted the second time. A query per row (N+1) shows as a count that grows with data.
import { PGlite } from "@electric-sql/pglite";
import { PgliteSession } from "drizzle-orm/pglite";
import { buildApp } from "@/server/app";
import { clockFrom } from "@/server/clock";
import { openDatabase } from "@/server/db/client";
import { loadEnv } from "@/server/env";
import type { BenchData } from "./seed";

export interface QueryCount {
  what: string;
  status: number;
  queries: number;
}

export async function countQueries(dataDir: string, appNow: string, data: BenchData): Promise<QueryCount[]> {
  let count = 0;
  const prototype = PgliteSession.prototype as unknown as { prepareQuery: (...args: unknown[]) => unknown };
  const original = prototype.prepareQuery;
  prototype.prepareQuery = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  const protocolOriginal = PGlite.prototype.execProtocol;
  PGlite.prototype.execProtocol = function (this: PGlite, ...args) {
    count += 1;
    return protocolOriginal.apply(this, args);
  };
  const database = await openDatabase({ dataDir });
  const env = loadEnv({ NODE_ENV: "production", LOG_LEVEL: "warn", APP_NOW: appNow });
  const app = await buildApp({ database, env, clock: clockFrom(appNow) });
  const cookie = (i: number) => ({ fp_session: data.tokens[i]! });
  const week = data.currentWeek;
  const requests: { what: string; method: "GET" | "POST"; url: string; user: number; body?: object }[] = [
    {
      what: `GET /api/games/week/${week}/season/2025`,
      method: "GET",
      url: `/api/games/week/${week}/season/2025`,
      user: 1,
    },
    { what: "GET /api/auth/user", method: "GET", url: "/api/auth/user", user: 1 },
    { what: "GET /api/contests", method: "GET", url: "/api/contests", user: 1 },
    {
      what: "GET /api/contests/{id}/weekly-results",
      method: "GET",
      url: `/api/contests/${data.contestIds[0]}/weekly-results`,
      user: 1,
    },
    {
      what: "POST /api/games/{id}/score",
      method: "POST",
      url: `/api/games/${data.heavyGameId}/score`,
      user: 0,
    },
  ];
  const results: QueryCount[] = [];
  try {
    for (const request of requests) {
      await app.inject({ method: request.method, url: request.url, cookies: cookie(request.user) });
      count = 0;
      const response = await app.inject({
        method: request.method,
        url: request.url,
        cookies: cookie(request.user),
      });
      results.push({ what: request.what, status: response.statusCode, queries: count });
    }
    // Picks: requests the load never makes (the week's last pair of games; it picks the first four
    // pairs), in the first two contests, whose allowance has room for them:
    // the first warms the caches (the season's games); then two counted in another contest, one pick
    // each: its week read first, then remembered from that submission (decision 015).
    const pick = (contest: number, picks: { gameId: string | undefined; market: string; side: string }[]) =>
      app.inject({
        method: "POST",
        url: "/api/picks/batch",
        cookies: cookie(contest * 2),
        payload: { contestId: data.contestIds[contest], week, round: 1, picks },
      });
    const spread = { gameId: data.openGameIds.at(-2), market: "spread", side: "favorite" };
    const total = { gameId: data.openGameIds.at(-1), market: "total", side: "over" };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20)); // notices go after the response
    await pick(1, [spread, total]);
    await settle();
    for (const [what, wish] of [
      ["POST /api/picks/batch, a contest's week first", spread],
      ["POST /api/picks/batch, the week seen before", total],
    ] as const) {
      count = 0;
      const picked = await pick(0, [wish]);
      await settle();
      results.push({ what, status: picked.statusCode, queries: count });
    }
  } finally {
    prototype.prepareQuery = original;
    PGlite.prototype.execProtocol = protocolOriginal;
    await app.close();
    await database.close();
  }
  return results;
}
