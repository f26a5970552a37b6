import { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, type Query, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./client";
import { runPrepared, toText } from "./pglite-run";
import { PgliteThread } from "./pglite-thread";

const dialect = new PgDialect();

/**
 * A statement for a hot path, written once with `sql.placeholder(…)` for its values and run by name:
 * its text is built once per process (not per request), and the database parses and plans it once
 * per connection. On PostgreSQL node-postgres keeps named statements per connection. On PGlite,
 * outside a transaction, the statement is prepared once per database and each run is one Bind,
 * Describe, Execute and Sync in a single call into PGlite (its `query` parses and plans every time,
 * in six calls: five times the cost for the pick's statements); inside a transaction it runs
 * through Drizzle as any other statement. Values are given by placeholder name; rows come back as
 * Drizzle's drivers give them (snake_case columns, timestamps as text).
 */
export function preparedStatement<Row>(name: string, statement: () => SQL) {
  let query: Query | undefined;
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(statement());
    const client = (db._.session as unknown as { client?: unknown }).client;
    if (client instanceof PGlite || client instanceof PgliteThread) {
      const params = fillPlaceholders(query.params, values).map(toText);
      return client instanceof PGlite
        ? runPrepared<Row>(client, name, query.sql, params)
        : client.runPrepared<Row>(name, query.sql, params);
    }
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/**
 * A statement built and named once per executor (`build` on it, which ends in `.prepare(name)`): its
 * text is not built again at each call, and PostgreSQL parses it once per connection. The reads of a
 * crowd's first requests come in many small batches, and building and planning each anew would cost
 * as much as running it. PostgreSQL plans a named statement again at each run for its first
 * five, then keeps a generic plan when it costs no more: a statement by one id (`= $1`) gets one, one
 * by an array of ids (`= any($1)`, whose plan depends on the array's length) is planned at every run
 * (decision 058).
 */
export function preparedPer<T>(build: (db: Executor) => T): (db: Executor) => T {
  const made = new WeakMap<Executor, T>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) made.set(db, (statement = build(db)));
    return statement;
  };
}
