import { sql } from "drizzle-orm";
import { queryRows, type Db, type Executor } from "./client";
import { clearNow } from "./read-cache";

/**
 * Logical backups: every table of the app as JSON rows, with the migration level they belong to.
 * The same file restores into PGlite or PostgreSQL (so it also moves a PGlite folder to a server).
 */
export interface Backup {
  format: "football-pool-backup";
  version: 1;
  createdAt: string;
  /** How many migrations the database had: a backup restores only into the same level. */
  migrations: number;
  tables: Record<string, unknown[]>;
}

async function tableNames(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.name);
}

/** Parents before children: the order that satisfies every foreign key on insert. */
async function insertOrder(db: Executor): Promise<string[]> {
  const names = await tableNames(db);
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...parents.get(name)!].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) throw new Error("The tables' foreign keys form a cycle: cannot order them.");
    for (const name of ready) {
      order.push(name);
      placed.add(name);
    }
  }
  return order;
}

async function migrationLevel(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.n ?? 0;
}

/** Reads every table in one repeatable-read snapshot, so the backup is consistent. */
export async function createBackup(db: Db, now = new Date()): Promise<Backup> {
  return db.transaction(
    async (tx) => {
      const tables: Record<string, unknown[]> = {};
      for (const name of await insertOrder(tx)) {
        const table = sql.identifier(name);
        const result = await queryRows<{ rows: unknown[] | null }>(
          tx,
          sql`select coalesce(json_agg(t order by t::text), '[]'::json) as rows from ${table} t`,
        );
        tables[name] = result[0]?.rows ?? [];
      }
      return {
        format: "football-pool-backup",
        version: 1,
        createdAt: now.toISOString(),
        migrations: await migrationLevel(tx),
        tables,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

const ROWS_PER_INSERT = 2000;

/**
 * Replaces the database's data with the backup's, in one transaction: on any error nothing changes.
 * The database must be migrated to the backup's level first (start the app or `npm run db:migrate`).
 */
export async function restoreBackup(db: Db, backup: Backup): Promise<Record<string, number>> {
  if (backup.format !== "football-pool-backup" || backup.version !== 1) {
    throw new Error("This file is not a Football Pool backup.");
  }
  return db.transaction(async (tx) => {
    const level = await migrationLevel(tx);
    if (level !== backup.migrations) {
      throw new Error(
        `The backup was made at migration ${backup.migrations}, the database is at ${level}: restore into a database at the same level.`,
      );
    }
    const order = await insertOrder(tx);
    const unknown = Object.keys(backup.tables).filter((name) => !order.includes(name));
    if (unknown.length) throw new Error(`The backup has tables this database lacks: ${unknown.join(", ")}.`);
    await tx.execute(sql.raw(`truncate ${order.map((name) => `"${name}"`).join(", ")} cascade`));
    const counts: Record<string, number> = {};
    for (const name of order) {
      const rows = backup.tables[name] ?? [];
      const table = sql.identifier(name);
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const chunk = JSON.stringify(rows.slice(start, start + ROWS_PER_INSERT));
        await tx.execute(
          sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${chunk}::json)`,
        );
      }
      counts[name] = rows.length;
    }
    await clearNow(tx, "sessions");
    await clearNow(tx, "games");
    await clearNow(tx, "contests");
    return counts;
  });
}
