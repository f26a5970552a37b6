import { protocol, parse, types, type PGlite } from "@electric-sql/pglite";

/**
 * What runs against a PGlite database in the thread that holds it: the server's worker thread
 * (pglite-worker.ts), or the test's own thread for the databases the tests open in memory.
 */

/** As Drizzle's PGlite driver reads them: dates, times and intervals stay text. */
const asText = (value: string) => value;
export const textParsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (type) => [type, asText],
  ),
);

/** Statement names prepared on each PGlite database (a statement lives as long as its database). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

const { serialize } = protocol;
const RUN_TAIL = concat([serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]);

/**
 * A named statement: prepared once per database, then each run is one Bind, Describe, Execute and
 * Sync in a single call into PGlite (its `query` parses and plans every time, in six calls). Values
 * in PostgreSQL's text format (`toText`).
 */
export async function runPrepared<Row>(
  client: PGlite,
  name: string,
  text: string,
  params: (string | null)[],
): Promise<Row[]> {
  // Both locks, as PGlite's own `query` takes them: never inside another caller's transaction.
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const names = preparedOn.get(client) ?? new Set<string>();
      preparedOn.set(client, names);
      if (!names.has(name)) {
        await client.execProtocol(concat([serialize.parse({ name, text }), serialize.sync()]));
        names.add(name);
      }
      const { messages } = await client.execProtocol(
        concat([serialize.bind({ statement: name, values: params }), RUN_TAIL]),
      );
      return parse.parseResults(messages, textParsers)[0]!.rows as Row[];
    }),
  );
}

/** A value in PostgreSQL's text format, as node-postgres would send it. */
export function toText(value: unknown): string | null {
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
