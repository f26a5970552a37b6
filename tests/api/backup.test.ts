import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup, restoreBackup, type Backup } from "../../src/server/db/backup";
import { openDatabase } from "../../src/server/db/client";
import { seed } from "../../src/server/db/seed";
import { as } from "../as";
import { signUp, type SignedIn } from "../factories";
import { fingerprint } from "../setup/fingerprint";
import { freshDatabase } from "../setup/test-database";
import { createTestApp } from "../setup/test-app";

/**
 * Backup and restore (docs/reliability.md, "Backup and restore"): a backup of a database with real play in
 * it, restored into a fresh database (PGlite here, PostgreSQL under TEST_DB=postgres), gives every table back
 * row for row.
 */
const { app, db } = await createTestApp({ now: "2025-09-04T12:00:00Z" });
let admin: SignedIn;

beforeAll(async () => {
  admin = await signUp(app, { email: "admin@example.com" });
  const alice = await signUp(app, { email: "alice@example.com" });
  const bob = await signUp(app, { email: "bob@example.com" });
  const contest = await as(app, admin).post("/api/contests", {
    name: "Backed up",
    description: "Ünïcödé, 'quotes' and \"doubles\" survive",
    player2Email: bob.email,
    defaultBetAmount: 25,
  });
  expect(contest.statusCode).toBe(201);
  const contestId = contest.json<{ id: string }>().id;
  await as(app, bob).patch(`/api/contests/${contestId}`, { status: "active" });
  await as(app, alice).post("/api/contests", {
    name: "Pending one",
    player2Email: "nobody-yet@example.com",
    defaultBetAmount: 0,
  });
  const games = (await as(app, admin).get("/api/games/week/1/season/2025")).json<{ id: string }[]>();
  const picks = await as(app, admin).post("/api/picks/batch", {
    contestId,
    week: 1,
    round: 1,
    picks: [
      { gameId: games[0]!.id, market: "spread", side: "favorite" },
      { gameId: games[1]!.id, market: "total", side: "over" },
    ],
  });
  expect(picks.statusCode, picks.body).toBe(201);
  await as(app, admin).patch(`/api/games/${games[0]!.id}`, {
    status: "final",
    homeScore: 24,
    awayScore: 20,
    confirmFinalBeforeKickoff: true,
  });
  expect((await as(app, admin).post(`/api/games/${games[0]!.id}/score`)).statusCode).toBe(200);
});

describe("backup and restore", () => {
  it("restores every table, row for row, into a fresh database", async () => {
    const backup = JSON.parse(JSON.stringify(await createBackup(db))) as Backup;
    const rows = Object.values(backup.tables).reduce((sum, table) => sum + table.length, 0);
    expect(rows).toBeGreaterThan(300);
    expect(backup.tables.picks).toHaveLength(2);

    const target = await freshDatabase();
    try {
      const counts = await restoreBackup(target.db, backup);
      expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(rows);
      expect(await fingerprint(target.db)).toEqual(await fingerprint(db));
    } finally {
      await target.close();
    }
  });

  it("replaces what the target held, and a failed restore changes nothing", async () => {
    const backup = JSON.parse(JSON.stringify(await createBackup(db))) as Backup;
    const target = await freshDatabase();
    try {
      await seed(target.db, new Date("2025-09-04T12:00:00Z"));
      await restoreBackup(target.db, backup);
      expect(await fingerprint(target.db)).toEqual(await fingerprint(db));

      const before = await fingerprint(target.db);
      const broken = structuredClone(backup);
      (broken.tables.picks![1] as Record<string, unknown>).contest_id =
        "00000000-0000-4000-8000-000000000000";
      await expect(restoreBackup(target.db, broken)).rejects.toThrow();
      await expect(restoreBackup(target.db, { ...backup, migrations: 999 })).rejects.toThrow(
        /backup was made at migration 999/,
      );
      await expect(restoreBackup(target.db, { ...backup, format: "other" } as never)).rejects.toThrow(
        "This file is not a Football Pool backup.",
      );
      expect(await fingerprint(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  });
});

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.skipIf(process.env.TEST_DB === "postgres")(
  "npm run db:backup and db:restore on PGlite folders",
  () => {
    it("round-trips a PGlite folder through a file, and refuses a folder in use", async () => {
      const root = mkdtempSync(path.join(tmpdir(), "fp-backup-"));
      dirs.push(root);
      const source = path.join(root, "source");
      const copy = path.join(root, "copy");
      const file = path.join(root, "backup.json.gz");

      const original = await openDatabase({ dataDir: source });
      await original.migrate();
      await restoreBackup(original.db, await createBackup(db));
      const expected = await fingerprint(original.db);
      // While this process holds the folder, the command refuses to touch it.
      const cli = (args: string[], dataDir: string) =>
        run(process.execPath, ["--import", "tsx", "src/server/db/backup-cli.ts", ...args], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" },
        });
      await expect(cli(["backup", file], source)).rejects.toMatchObject({
        stderr: expect.stringContaining("is in use by process"),
      });
      await original.close();

      const backedUp = await cli(["backup", file], source);
      expect(backedUp.stdout).toMatch(/^Backup written to .*: \d+ tables, \d+ rows \(pglite\)\./);
      const restored = await cli(["restore", file], copy);
      expect(restored.stdout).toMatch(/^Restored .*\(pglite\)\./);

      const reopened = await openDatabase({ dataDir: copy });
      try {
        expect(await fingerprint(reopened.db)).toEqual(expected);
      } finally {
        await reopened.close();
      }
      writeFileSync(file, "not a backup");
      await expect(cli(["restore", file], copy)).rejects.toMatchObject({ code: 1 });
      // Four commands through tsx and two new PGlite folders (each an initdb): 20 to 30 s alone,
      // more than a minute on this 2-core machine when other work shares it.
    }, 180_000);
  },
);

describe.skipIf(process.env.TEST_DB !== "postgres")("npm run db:backup and db:restore on PostgreSQL", () => {
  it("round-trips one PostgreSQL database into another through a file", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "fp-backup-pg-"));
    dirs.push(root);
    const file = path.join(root, "backup.json.gz");
    const source = await freshDatabase();
    const copy = await freshDatabase();
    try {
      await restoreBackup(source.db, await createBackup(db));
      const cli = (args: string[], url: string) =>
        run(process.execPath, ["--import", "tsx", "src/server/db/backup-cli.ts", ...args], {
          env: { ...process.env, DATABASE_URL: url, NODE_ENV: "test" },
        });
      expect((await cli(["backup", file], source.url!)).stdout).toMatch(/\(postgres\)\.$/m);
      expect((await cli(["restore", file], copy.url!)).stdout).toMatch(/^Restored .*\(postgres\)\./);
      expect(await fingerprint(copy.db)).toEqual(await fingerprint(source.db));
    } finally {
      await source.close();
      await copy.close();
    }
  }, 60_000);
});
