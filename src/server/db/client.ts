import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { listenPostgres, type ChannelHandlers, type Subscription } from "./listener";
import { PgliteThread } from "./pglite-thread";
import * as schema from "./schema";
import { fromRoot } from "../paths";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  kind: "pglite" | "postgres";
  /**
   * The database runs on the server's thread: an in-memory PGlite (the tests'). Its statements then
   * hold the requests meanwhile, and long passes of work give way more often. A PGlite folder runs in
   * a thread of its own (decision 039).
   */
  onServerThread: boolean;
  db: Db;
  migrate(): Promise<void>;
  /** Answers when the database does (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Receives the NOTIFY payloads of a channel (live updates), until the subscription is closed. */
  listen(channel: string, handlers: ChannelHandlers): Promise<Subscription>;
  /** PostgreSQL: the pool's connections now, for the metrics. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** A PGlite folder: statements sent to its thread and not yet answered, for the metrics. */
  pendingStatements?: () => number;
}

export const migrationsFolder = fromRoot("drizzle");

/**
 * PGlite's start parameters: its defaults, with a smaller buffer pool. PGlite clears its whole pool
 * at every start, in a time that grows with its size (the figures are in decision 014); the
 * server's read caches keep the hot reads out of the database, and a page not in the pool is read
 * from the operating system's file cache (decision 014).
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir: string } | { pglite: PGlite };

/**
 * An embedded database folder belongs to one process: two processes writing it would corrupt it.
 * A lock file holds the owner's pid; a lock left by a process that died (SIGKILL) is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = path.join(dir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8"));
      if (owner && owner !== process.pid && processAlive(owner)) {
        throw new Error(
          `The database folder ${dir} is in use by process ${owner} (is the server running?). Stop it first.`,
          { cause: error },
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dir}.`);
}

/** Whether a process of this host runs under this id (another user's process counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    // A server that does not answer fails a request in seconds (503), rather than holding it forever.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      kind: "postgres",
      onServerThread: false,
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
      listen: (channel, handlers) => listenPostgres(options.url, channel, handlers),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // A folder's database runs in a thread of its own (decision 039); the tests' in-memory copies run
  // in the test's thread.
  let client: PGlite | PgliteThread;
  let unlock = () => undefined as void;
  if ("pglite" in options) {
    client = options.pglite;
  } else {
    const dir = path.resolve(options.dataDir, "pglite");
    mkdirSync(path.dirname(dir), { recursive: true });
    unlock = lockDataDir(path.dirname(dir));
    try {
      client = await PgliteThread.open({ dataDir: dir, startParams: pgliteStartParams });
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const thread = client instanceof PgliteThread ? client : null;
  // Drizzle's PGlite driver asks of its client what PgliteThread answers (query, transaction).
  const driverClient = client as PGlite;
  const db = drizzlePglite({ client: driverClient, schema }) as unknown as Db;
  return {
    kind: "pglite",
    onServerThread: client instanceof PGlite,
    db,
    migrate: () => migratePglite(drizzlePglite({ client: driverClient, schema }), { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    // One embedded database, one process: its own connection hears what it notifies, after commit.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onPayload);
      return { close: () => (client.closed ? Promise.resolve() : unlisten()) };
    },
    ...(thread && { pendingStatements: () => thread.unanswered }),
  };
}

/** Rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
