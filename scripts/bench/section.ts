// One database's section of the report: its data set seeded, the queries per request (PGlite), the
// anchors, the server's rows, then the live Sunday on the same data set.
import { anchor, anchorLoad, startAnchor, type Anchor } from "./anchors";
import { anchorRows, seedRow, type Section } from "./budgets";
import { prepare, type Prepared } from "./bench-database";
import { liveSunday } from "./live-sunday";
import { countQueries } from "./query-count";
import { serverRows } from "./server-rows";
import { APP_NOW, fmt, log, ONLY, runs } from "./settings";

type Kind = "pglite" | "postgres";

export async function runSection(kind: Kind, url?: string): Promise<Section> {
  const name = kind === "pglite" ? "PGlite" : "PostgreSQL";
  log(`${name}: seeding`);
  const prepared = await prepare(kind, url);
  const { data, seedMs, dbEnv, drop } = prepared;
  const section: Section = { name, rows: [seedRow(kind, seedMs)], notes: [dataSetNote(prepared)] };
  // The live Sunday (live-sunday.ts): after the other rows, on the same data set, its own servers.
  const live = async () => {
    const result = await liveSunday({ kind, data, dbEnv });
    section.rows.push(...result.rows);
    section.notes.push(...result.notes);
  };
  if (ONLY && [...ONLY].every((key) => key === "live")) {
    try {
      await live();
    } finally {
      await drop?.();
    }
    return section;
  }
  if (kind === "pglite") {
    log(`${name}: queries per request`);
    section.queries = await countQueries(dbEnv.DATA_DIR!, APP_NOW, data);
  }
  // The bare anchor stays up for the section: the rows measured against it take turns with it.
  let bareAnchor: Anchor | undefined;
  try {
    log(`${name}: anchors`);
    bareAnchor = await startAnchor("bare", {});
    const bare = await anchorLoad(bareAnchor);
    const query = await anchor("query", dbEnv);
    section.rows.push(...anchorRows(bare, query));
    await serverRows({ ...section, kind, data, anchors: { bare, query, bareAnchor } }, dbEnv);
    if (runs("live")) await live();
  } finally {
    await bareAnchor?.stop();
    await drop?.();
  }
  return section;
}

function dataSetNote({ data, seedMs }: Prepared): string {
  const counts = Object.entries(data.counts)
    .map(([k, v]) => `${fmt(v)} ${k}`)
    .join(", ");
  return `Data set: ${counts}; seeded in ${(seedMs / 1000).toFixed(1)} s. Current week ${data.currentWeek} (APP_NOW ${APP_NOW}).`;
}
