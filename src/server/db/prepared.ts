import { PGlite, protocol, parse, types } from "@electric-sql/pglite";
import { fillPlaceholders, type Query, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

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
    if (client instanceof PGlite) return runOnPglite<Row>(client, name, query, values);
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/** Statement names prepared on each PGlite database (a statement lives as long as its database). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

/** As Drizzle's PGlite driver reads them: dates, times and intervals stay text. */
const asText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (type) => [type, asText],
  ),
);

const { serialize } = protocol;
const RUN_TAIL = concat([serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]);

async function runOnPglite<Row>(
  client: PGlite,
  name: string,
  query: Query,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const params = fillPlaceholders(query.params, values).map(toText);
  // Both locks, as PGlite's own `query` takes them: never inside another caller's transaction.
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const names = preparedOn.get(client) ?? new Set<string>();
      preparedOn.set(client, names);
      if (!names.has(name)) {
        await client.execProtocol(concat([serialize.parse({ name, text: query.sql }), serialize.sync()]));
        names.add(name);
      }
      const { messages } = await client.execProtocol(
        concat([serialize.bind({ statement: name, values: params }), RUN_TAIL]),
      );
      return parse.parseResults(messages, parsers)[0]!.rows as Row[];
    }),
  );
}

/** A value in PostgreSQL's text format, as node-postgres would send it. */
function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
