import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it, onTestFinished } from "vitest";
import { buildApp } from "../app";
import { loadEnv } from "../env";
import { requestLogger, type RequestLogger } from "./request-log";
import { freshDatabase } from "../../../tests/setup/test-database";
import { signUp } from "../../../tests/factories";

/** The app on a fresh database, its log's lines collected (closed when the test ends). */
async function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const database = await freshDatabase();
  const app = await buildApp({
    database,
    env: loadEnv({ NODE_ENV: "test", FEED_URL: "off" }),
    clientRoot: "/nonexistent",
    logger: { level: "info", stream },
  });
  onTestFinished(async () => {
    await app.close();
    await database.close();
  });
  return { app, lines };
}

describe("the request log", () => {
  it("writes one line per request: method, route, path, status, time, user and request id", async () => {
    const { app, lines } = await loggedApp();

    await app.inject({ url: "/api/health" });
    const user = await signUp(app);
    await app.inject({ url: "/api/contests/not-a-uuid?token=secret", headers: { cookie: user.cookie } });
    await app.inject({ url: "/api/no-such-thing" });
    await app.inject({ url: "/api/calendar/a-secret-calendar-token.ics" });

    const requests = lines.filter((line) => line.msg === "request");
    expect(requests).toHaveLength(lines.filter((line) => "reqId" in line).length);
    expect(requests).toEqual([
      expect.objectContaining({ method: "GET", route: "/api/health", status: 200, level: 30 }),
      expect.objectContaining({ method: "POST", route: "/api/auth/register", status: 201 }),
      expect.objectContaining({
        method: "GET",
        route: "/api/contests/:id",
        path: "/api/contests/not-a-uuid",
        status: 400,
        userId: user.id,
      }),
      expect.objectContaining({ method: "GET", route: "/api/no-such-thing", status: 401 }),
      // A calendar feed's path is its token: the route alone is logged.
      expect.objectContaining({ method: "GET", route: "/api/calendar/:token.ics", status: 404 }),
    ]);
    for (const line of requests) {
      expect(line.reqId).toEqual(expect.any(String));
      expect(line.responseTime).toEqual(expect.any(Number));
    }
    expect(requests[0]).not.toHaveProperty("userId");
    expect(requests.at(-1)).not.toHaveProperty("path");
    expect(JSON.stringify(lines)).not.toContain("secret");
  });

  it("never logs a token that a path carries, whether a route matches it or not", async () => {
    const { app, lines } = await loggedApp();
    const token = randomBytes(32).toString("base64url");
    const user = await signUp(app);
    const asked = [
      // A calendar feed's address, and mistyped ones: anything under /api/calendar/ is its token.
      `/api/calendar/${token}.ics`,
      `/api/calendar/${token}.ICS`,
      `/API/Calendar/${token}.ics`,
      `/api/calendar/${token}`,
      `/api/calendar/${token}/feed.ics`,
      "/api/calendar/short.ics",
      // The app's own pages and other paths with a token-like segment: a link cut or pasted wrongly.
      `/calendar/${token}.ics`,
      `/reset-password/${token}`,
      `/confirm-email/${token}?token=${token}`,
      `/api/contests/${token}`,
      `/api/notifications/unsubscribe/${token}?t=${token}`,
      `/api/notifications/unsubscribe?u=${user.id}&k=reminder&t=${token}`,
      `/api/callback?code=${token}&state=${token}`,
    ];
    for (const url of asked) await app.inject({ url, headers: { cookie: user.cookie } });

    const requests = lines.filter((line) => line.msg === "request").slice(-asked.length);
    expect(requests).toHaveLength(asked.length);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.slice(0, 20));
    expect(logged).not.toContain("short");
    // What an operator still reads: which route, or which path with the token's place marked.
    expect(requests.map((line) => line.path ?? line.route)).toEqual([
      "/api/calendar/:token.ics",
      "/api/calendar/:token",
      "/api/calendar/:token.ics",
      "/api/calendar/:token",
      "/api/calendar/:token",
      "/api/calendar/:token.ics",
      "/calendar/:token.ics",
      "/reset-password/:token",
      "/confirm-email/:token",
      "/api/contests/:token",
      "/api/notifications/unsubscribe/:token",
      "/api/notifications/unsubscribe",
      "/api/callback",
    ]);
    // Ids stay: they are what an operator looks for.
    await app.inject({ url: `/api/contests/${user.id}`, headers: { cookie: user.cookie } });
    expect(lines.at(-1)).toMatchObject({ route: "/api/contests/:id", path: `/api/contests/${user.id}` });
  });

  it("makes a request's own logger only when it is used, with the request's id once (decision 020)", () => {
    const written: string[] = [];
    const parent = pino({ level: "info" }, { write: (line: string) => written.push(line) });
    const quiet = requestLogger.call({} as never, parent, { reqId: "req-1" }, {});
    (quiet as RequestLogger).line("info", { reqId: "req-1", status: 200 }, "request");
    const used = requestLogger.call({} as never, parent, { reqId: "req-2" }, {});
    used.warn({ detail: 1 }, "something");
    (used as RequestLogger).line("info", { reqId: "req-2", status: 500 }, "request");
    expect(written.map((line) => line.match(/"reqId"/g)?.length)).toEqual([1, 1, 1]);
    expect(written.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ reqId: "req-1", status: 200, msg: "request" }),
      expect.objectContaining({ reqId: "req-2", detail: 1, msg: "something", level: 40 }),
      expect.objectContaining({ reqId: "req-2", status: 500, msg: "request" }),
    ]);
  });
});
