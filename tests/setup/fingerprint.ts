import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../src/server/db/client";

/** Every table of the app with its row count and a digest of every row: equal means identical data. */
export async function fingerprint(db: Executor): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const table = sql.identifier(name);
    const [row] = await queryRows<{ digest: string | null; rows: string }>(
      db,
      sql`select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*)::text as rows from ${table} t`,
    );
    out[name] = `${row!.rows}:${row!.digest ?? ""}`;
  }
  return out;
}
