// A section's database, new for every run: PGlite in .tmp/bench, or fp_bench on a PostgreSQL server
// (dropped after, unless BENCH_KEEP), migrated and seeded with the data set.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "@/server/db/client";
import { seedBench, type BenchData } from "./seed";
import { APP_NOW, work } from "./settings";

export interface Prepared {
  data: BenchData;
  seedMs: number;
  /** The variables that point a server or an anchor at the database. */
  dbEnv: Record<string, string>;
  drop?: () => Promise<void>;
}

interface Opened {
  database: Database;
  dbEnv: Record<string, string>;
  drop?: () => Promise<void>;
}

async function openPglite(): Promise<Opened> {
  const dir = path.join(work, "pglite-data");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return { database: await openDatabase({ dataDir: dir }), dbEnv: { DATA_DIR: dir } };
}

/** These statements on the database the URL names: fp_bench is made and dropped from outside it. */
async function onServer(url: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const statement of statements) await admin.query(statement);
  await admin.end();
}

async function openPostgres(url: string): Promise<Opened> {
  await onServer(url, ["drop database if exists fp_bench with (force)", "create database fp_bench"]);
  const benchUrl = new URL(url);
  benchUrl.pathname = "/fp_bench";
  return {
    database: await openDatabase({ url: benchUrl.toString() }),
    dbEnv: { DATABASE_URL: benchUrl.toString() },
    drop: async () => {
      if (process.env.BENCH_KEEP) return;
      await onServer(url, ["drop database if exists fp_bench with (force)"]);
    },
  };
}

export async function prepare(kind: "pglite" | "postgres", url?: string): Promise<Prepared> {
  const { database, dbEnv, drop } = kind === "pglite" ? await openPglite() : await openPostgres(url!);
  try {
    await database.migrate();
    const started = performance.now();
    const data = await seedBench(database, new Date(APP_NOW));
    return { data, seedMs: performance.now() - started, dbEnv, drop };
  } finally {
    await database.close();
  }
}
