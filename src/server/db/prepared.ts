import type { Query, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

const dialect = new PgDialect();

/**
 * A statement for a hot path, written once with `sql.placeholder(…)` for its values and run by name:
 * its text is built once per process (not per request), and PostgreSQL parses and plans it once per
 * connection (node-postgres keeps named statements per connection). PGlite runs the same text.
 * Values are given by placeholder name; rows come back as the driver gives them (snake_case
 * columns, timestamps as text).
 */
export function preparedStatement<Row>(name: string, statement: () => SQL) {
  let query: Query | undefined;
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(statement());
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
