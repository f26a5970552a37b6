import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder, queryRows, type Executor } from "./client";

/** When each shipped migration was made (the journal's `when`), read once: the files ship with the code. */
let shipped: number[] | undefined;
const shippedMigrations = () =>
  (shipped ??= readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));

/** SQLSTATE: the schema or the table of applied migrations does not exist (never migrated). */
const NOT_MIGRATED = new Set(["3F000", "42P01"]);

function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string") return code;
    current = cause;
  }
  return undefined;
}

/**
 * How many shipped migrations the database lacks, judged as drizzle's migrator judges it: those
 * newer than the last one applied (`migrate()` would run exactly these). A database that a newer
 * version migrated further lacks none. Throws when the database does not answer.
 */
export async function pendingMigrations(db: Executor): Promise<number> {
  let last: number;
  try {
    const [row] = await queryRows<{ last: string | number | null }>(
      db,
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    last = Number(row?.last ?? 0);
  } catch (error) {
    if (!NOT_MIGRATED.has(sqlState(error) ?? "")) throw error;
    last = 0;
  }
  return shippedMigrations().filter((made) => made > last).length;
}
