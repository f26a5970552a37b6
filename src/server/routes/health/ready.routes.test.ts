import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { openDatabase, queryRows, type Database } from "../../db/client";
import { loadEnv } from "../../env";
import { freshDatabase } from "../../../../tests/setup/test-database";

const env = loadEnv({ NODE_ENV: "test", FEED_URL: "off" });
const appOn = (database: Database) => buildApp({ database, env, clientRoot: "/nonexistent" });

describe("GET /api/ready", async () => {
  const database = await freshDatabase();
  const app = await appOn(database);
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const ready = () => app.inject({ url: "/api/ready" });

  it("is 200 for anyone, signed out too, on a database with every migration applied", async () => {
    const response = await ready();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("is 503 with a message while the last shipped migration is not applied, 200 once it is", async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      database.db,
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
          returning id, hash, created_at`,
    );
    const response = await ready();
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ ok: false, message: expect.stringMatching(/lacks 1 of this version/) });
    // Liveness is another question: the process and its database still answer.
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);

    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
          values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
    );
    expect((await ready()).statusCode).toBe(200);
  });

  it("is 503 on a database that was never migrated", async () => {
    await database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to migrations_aside`);
    try {
      const response = await ready();
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().message).toMatch(/lacks \d+ of this version's migrations/);
    } finally {
      await database.db.execute(sql`alter table drizzle.migrations_aside rename to __drizzle_migrations`);
    }
    expect((await ready()).statusCode).toBe(200);
  });
});

describe("GET /api/ready without a database", () => {
  it("is 503 once the database is closed", async () => {
    const database = await freshDatabase();
    const app = await appOn(database);
    expect((await app.inject({ url: "/api/ready" })).statusCode).toBe(200);
    await database.close();
    const response = await app.inject({ url: "/api/ready" });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ ok: false, message: "The database is not answering." });
    await app.close();
  });

  it("is 503 while the PostgreSQL server cannot be reached", async () => {
    // Nothing listens on port 1: every connection is refused.
    const database = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/none", poolSize: 1 });
    const app = await appOn(database);
    const response = await app.inject({ url: "/api/ready" });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ ok: false, message: "The database is not answering." });
    await app.close();
    await database.close();
  });
});
