import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../setup/server-process";
import { openDatabase, queryRows, type Database } from "../../src/server/db/client";
import { freshDatabase } from "../setup/test-database";

/**
 * Faults (docs/reliability.md, "Faults"): the real server, as `npm start` runs it, is killed with SIGKILL in
 * the middle of a stream of writes, then started again on the same data. Every write it acknowledged must be
 * there, and the data must be consistent: each contest with exactly its one "created" line in the activity
 * log. On PGlite (a folder) by default, on PostgreSQL under TEST_DB=postgres. KILL_CYCLES sets how many kills
 * (npm test: 2; npm run test:stress: more).
 */
const CYCLES = Number(process.env.KILL_CYCLES ?? 2);
const onPostgres = process.env.TEST_DB === "postgres";
const root = mkdtempSync(path.join(tmpdir(), "fp-kill-"));
let postgres: (Database & { url?: string }) | null = null;
afterAll(async () => {
  await postgres?.close();
  rmSync(root, { recursive: true, force: true });
});

async function json(response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body };
}

describe("SIGKILL during a stream of writes", () => {
  it(
    `keeps every acknowledged write, ${CYCLES} kills in a row`,
    async () => {
      let env: Record<string, string>;
      if (onPostgres) {
        postgres = await freshDatabase();
        env = { DATABASE_URL: postgres.url! };
      } else {
        env = { DATA_DIR: path.join(root, "data") };
      }
      let server = await startServer(env);
      const register = await fetch(`${server.base}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "admin@example.com",
          password: "correct horse battery",
          firstName: "A",
          lastName: "D",
        }),
      });
      expect(register.status).toBe(201);
      const cookie = register.headers.get("set-cookie")!.split(";")[0]!;
      const acknowledged = new Set<string>();
      let attempted = 0;

      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        const base = server.base;
        let stop = false;
        let killed = false;
        const writer = async () => {
          while (!stop) {
            attempted += 1;
            try {
              const { status, body } = await json(
                await fetch(`${base}/api/contests`, {
                  method: "POST",
                  headers: { "content-type": "application/json", cookie },
                  body: JSON.stringify({
                    name: `Kill ${cycle} ${attempted}`,
                    description: "",
                    player2Email: `p${attempted}@example.com`,
                    defaultBetAmount: 25,
                  }),
                }),
              );
              if (status === 201) acknowledged.add(body.id as string);
              else throw new Error(`unexpected ${status}`);
            } catch (error) {
              // Refused or cut off by the kill: not acknowledged, so not counted.
              if (!killed) throw error;
            }
          }
        };
        const writers = Array.from({ length: 4 }, writer);
        // Let some writes land, then kill in the middle of the stream.
        const before = acknowledged.size;
        while (acknowledged.size < before + 20) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
        killed = true;
        server.child.kill("SIGKILL");
        await server.exited;
        stop = true;
        await Promise.allSettled(writers);

        server = await startServer(env);
        const listed = await fetch(`${server.base}/api/contests`, { headers: { cookie } });
        expect(listed.status).toBe(200);
        const ids = new Set(((await listed.json()) as { id: string }[]).map((contest) => contest.id));
        const lost = [...acknowledged].filter((id) => !ids.has(id));
        expect(lost, `cycle ${cycle}: acknowledged contests lost after SIGKILL`).toEqual([]);
      }

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);

      const database = onPostgres
        ? await openDatabase({ url: postgres!.url! })
        : await openDatabase({ dataDir: env.DATA_DIR! });
      try {
        const [check] = await queryRows<{ contests: number; unrecorded: number; doubled: number }>(
          database.db,
          sql`select
          (select count(*)::int from contests) as contests,
          (select count(*)::int from contests c where not exists (
            select 1 from activity a where a.contest_id = c.id and a.action = 'contest.created')) as unrecorded,
          (select count(*)::int from (select contest_id from activity where action = 'contest.created'
            group by contest_id having count(*) > 1) d) as doubled`,
        );
        expect(check).toMatchObject({ unrecorded: 0, doubled: 0 });
        expect(check!.contests).toBeGreaterThanOrEqual(acknowledged.size);
        console.info(
          `kill-restart (${onPostgres ? "PostgreSQL" : "PGlite"}): ${CYCLES} SIGKILLs, ${attempted} writes tried, ` +
            `${acknowledged.size} acknowledged, all present; ${check!.contests} contests, each recorded once`,
        );
      } finally {
        await database.close();
      }
    },
    60_000 + CYCLES * 45_000,
  );
});

describe("graceful shutdown", () => {
  it("finishes a request in flight at SIGTERM, then exits 0", async () => {
    if (onPostgres && !postgres) postgres = await freshDatabase();
    const env: Record<string, string> = onPostgres
      ? { DATABASE_URL: postgres!.url! }
      : { DATA_DIR: path.join(root, "graceful") };
    const server = await startServer(env);
    const body = JSON.stringify({
      email: "late@example.com",
      password: "correct horse battery",
      firstName: "L",
      lastName: "T",
    });
    // Half the body now, SIGTERM, the rest later: the request is in flight when the signal lands.
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.base}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.write(body.slice(0, 20));
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => request.end(body.slice(20)), 500);
      }, 200);
    });
    expect(await answer).toBe(201);
    expect(await server.exited).toBe(0);
  }, 60_000);
});
