import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it, onTestFinished } from "vitest";
import { buildApp } from "../app";
import { loadEnv } from "../env";
import { requestLogger, type RequestLogger } from "./request-log";
import { freshDatabase } from "../../../tests/setup/test-database";
import { signUp } from "../../../tests/factories";

describe("the request log", () => {
  it("writes one line per request: method, route, path, status, time, user and request id", async () => {
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
