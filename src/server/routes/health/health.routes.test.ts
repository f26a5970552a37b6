import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadEnv } from "../../env";
import { freshDatabase } from "../../../../tests/setup/test-database";

describe("GET /api/health", () => {
  it("is 200 while the database answers and 503 once it does not", async () => {
    const database = await freshDatabase();
    const app = await buildApp({ database, env: loadEnv({ NODE_ENV: "test" }), clientRoot: "/nonexistent" });
    expect((await app.inject({ url: "/api/health" })).json()).toEqual({ ok: true });
    await database.close();
    const down = await app.inject({ url: "/api/health" });
    expect(down.statusCode).toBe(503);
    expect(down.json().ok).toBe(false);
    await app.close();
  });
});
