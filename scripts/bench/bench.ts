// npm run bench: seeds the data set, starts the built server, loads it over loopback with autocannon
// (50 connections) and prints every budget with its anchor ratio; writes docs/performance.md.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh
// database fp_bench is created on that server and dropped after). BENCH_SECONDS sets each row's length.
// While working on one figure: BENCH_ONLY=contests,results (games, user, contests, results, picks, score)
// runs only those loads, BENCH_DB=pglite or postgres only that database; docs/performance.md is then
// left alone (it holds full runs only). BENCH_ONLY=live runs the live Sunday alone (live-sunday.ts:
// BENCH_LIVE_SECONDS shortens it, BENCH_LIVE_INSTANCES=1 leaves out its two-instance row,
// BENCH_LIVE_INSTANCES=2 runs that row alone).
// BENCH_SETTLE_MS=8000 waits that long after a server starts, before its first row: a partial run's
// first row otherwise meets the server's first reminders pass (every contest's week read).
// BENCH_SERVER_LOG=<file> keeps the servers' request logs there.
// BENCH_NODE_OPTIONS="--trace-gc" adds node options to the live Sunday's servers.
// BENCH_VIEWS_DUMP=<file> writes the live Sunday's page views and updates there (the last run's, when
// it has several); scripts/bench/views-dump-summary.mjs tells where the slow views fall.
// BENCH_PROFILE=<folder> writes a V8 CPU profile of each server run there (.cpuprofile, for
// Chrome DevTools or scripts/bench/profile-summary.mjs); BENCH_VIEWS_PROFILE=<folder> one of the
// live Sunday's page views' process. BENCH_LATENCY=1 prints each load's latency percentiles
// (autocannon's, in ms). BENCH_KEEP=1 leaves the PostgreSQL database fp_bench in place, to inspect.
// BENCH_MEMLOG=1 adds this process's heap and CPU to each progress line.
// Before a full run, `npx tsx scripts/bench/cores-speed.ts` says whether the cores run at their normal
// speed: at half of it, code that meets the live Sunday's absolute budgets misses them
// (docs/decisions/057-the-two-instances-row-on-a-machine-at-half-speed.md).
// This file runs the sections and writes the report: each part has its own file (settings.ts, section.ts,
// budgets.ts, report.ts, live-sunday.ts, ...).
import { buildServerIfStale } from "../build-server.mjs";
import type { Section } from "./budgets";
import { bundles } from "./client-bundles";
import { bareRate, loopMs } from "./cores-speed";
import { coresTime, stealSince } from "./proc-stats";
import { reportText, writeReport } from "./report";
import { runSection } from "./section";
import { ONLY, ONLY_DB } from "./settings";

const runStart = coresTime();
// The cores' speed before and after: the absolute budgets hold at normal speed.
const loopBefore = loopMs();
const bareBefore = await bareRate();
const clientRows = await bundles();
await buildServerIfStale();
const sections: Section[] = [];
const measured = async (run: () => Promise<Section>) => {
  const from = coresTime();
  const section = await run();
  section.notes.push(`The host took ${stealSince(from)} of the cores' time while this section ran (steal).`);
  sections.push(section);
};
if (ONLY_DB !== "postgres") await measured(() => runSection("pglite"));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl && ONLY_DB !== "pglite") await measured(() => runSection("postgres", pgUrl));

const loopAfter = loopMs();
const bareAfter = await bareRate();
const text = reportText({
  runStart,
  loopBefore,
  loopAfter,
  bareBefore,
  bareAfter,
  clientRows,
  sections,
  postgres: Boolean(pgUrl),
});
if (!ONLY && !ONLY_DB) writeReport(text);
console.log(text);
const failed = [...clientRows, ...sections.flatMap((s) => s.rows)].filter((row) => row.pass === false);
if (failed.length) console.log(`${failed.length} budget(s) not met.`);
