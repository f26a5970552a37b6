import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { FixedClock } from "../../src/server/clock";
import { openDatabase } from "../../src/server/db/client";
import { seed } from "../../src/server/db/seed";
import { loadEnv } from "../../src/server/env";
import { signUp } from "../factories";
import { freshDatabase } from "../setup/test-database";

/**
 * The database going away (docs/reliability.md, "Faults"): the PostgreSQL server is reached through a TCP
 * proxy the test cuts and restores. While it is cut every request answers 503 with a message (never a 500 or
 * a hang), and once it is back the same app answers again, with no restart.
 */
class Proxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
    this.server = null;
  }
}

describe.skipIf(process.env.TEST_DB !== "postgres")("PostgreSQL going away", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("answers 503 while the database is unreachable and recovers by itself", async () => {
    const target = await freshDatabase();
    cleanups.push(() => target.close());
    const url = new URL(target.url!);
    const proxy = new Proxy(url.hostname, Number(url.port || 5432));
    await proxy.up();
    cleanups.push(() => proxy.down());
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);

    const database = await openDatabase({ url: url.toString(), poolSize: 4 });
    const clock = new FixedClock(new Date("2025-09-04T12:00:00Z"));
    await seed(database.db, clock.now());
    const app = await buildApp({
      database,
      env: loadEnv({ NODE_ENV: "test" }),
      clock,
      clientRoot: "/nonexistent",
    });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    const player = await signUp(app);
    // A read the app cannot answer from memory (a week's games and contests may be cached).
    const read = () => app.inject({ url: "/api/teams", headers: { cookie: player.cookie } });
    const write = () =>
      app.inject({
        method: "PUT",
        url: `/api/users/${player.id}`,
        headers: { cookie: player.cookie },
        payload: { firstName: "Still", lastName: "Here" },
      });
    expect((await read()).statusCode).toBe(200);

    await proxy.down();
    for (const response of [await read(), await write(), await app.inject({ url: "/api/health" })]) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json<{ message: string }>().message).toMatch(/database is not answering/);
    }
    expect((await write()).headers["retry-after"]).toBe("5");

    await proxy.up();
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    const saved = await write();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ firstName: "Still", lastName: "Here" });
  }, 60_000);
});
