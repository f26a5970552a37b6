import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  migrate(): Promise<void>;
  /** Answers when the database does (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded client, for tests that copy a database. */
  pglite?: PGlite;
}

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      kind: "postgres",
      db,
      // Instances starting together take turns: the first migrates, the others find nothing to do.
      migrate: async () => {
        const connection = await pool.connect();
        try {
          await connection.query("select pg_advisory_lock(hashtext('football-pool:migrations'))");
          await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
        } finally {
          await connection
            .query("select pg_advisory_unlock(hashtext('football-pool:migrations'))")
            .catch(() => undefined);
          connection.release();
        }
      },
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ("pglite" in options) {
    client = options.pglite;
  } else {
    const dir = path.resolve(options.dataDir, "pglite");
    mkdirSync(path.dirname(dir), { recursive: true });
    client = await PGlite.create({ dataDir: dir });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pglite: client,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
