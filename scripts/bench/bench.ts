// npm run bench: seeds the data set, starts the built server, loads it over loopback with autocannon
// (50 connections) and prints every budget of issue 8 with its anchor ratio; writes docs/performance.md.
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
// speed: at half of it, code that met the live Sunday's absolute budgets missed them (decision 057).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase, type Database } from "@/server/db/client";
import { buildServerIfStale, serverBundle, serverNodeOptions } from "../build-server.mjs";
import { LIVE_NOW, liveSunday, type LiveTools } from "./live-sunday";
import { bareRate, loopMs, NORMAL_BARE_RATE, NORMAL_LOOP_MS } from "./cores-speed";
import { freePort } from "./free-port";
import { collectOwnGarbage } from "./own-heap";
import { countQueries, type QueryCount } from "./query-count";
import { ALLOWANCE, seedBench, type BenchData } from "./seed";

const root = fileURLToPath(new URL("../..", import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const APP_NOW = "2025-11-20T12:00:00Z";
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",")) : null;
const runs = (key: string) => !ONLY || ONLY.has(key);
const ONLY_DB = process.env.BENCH_DB;
const PROFILE = process.env.BENCH_PROFILE;
/** BENCH_NODE_OPTIONS="--trace-gc ...": more node options for the live Sunday's servers (a flag tried out). */
const NODE_EXTRA = process.env.BENCH_NODE_OPTIONS?.split(" ").filter(Boolean) ?? [];
/** BENCH_SERVER_LOG=<file>: the servers' request logs are appended there instead of thrown away. */
const SERVER_LOG = process.env.BENCH_SERVER_LOG;
const work = path.join(root, ".tmp", "bench");

interface Row {
  what: string;
  value: string;
  ratio?: string;
  budget: string;
  pass: boolean | null;
}

interface Section {
  name: string;
  rows: Row[];
  notes: string[];
  queries?: QueryCount[];
}

let lastLog = { at: performance.now(), cpu: process.cpuUsage() };
function log(message: string) {
  // BENCH_MEMLOG: this process's heap too, and its CPU since the line before (autocannon runs in it:
  // a heap left large by an earlier section, or work left running, slows the load it makes).
  let own = "";
  if (process.env.BENCH_MEMLOG) {
    const now = { at: performance.now(), cpu: process.cpuUsage() };
    const cpu = process.cpuUsage(lastLog.cpu);
    const share = (cpu.user + cpu.system) / 1000 / (now.at - lastLog.at);
    own = ` (bench heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB; CPU ${Math.round(100 * share)}% of a core since the line before)`;
    lastLog = now;
  }
  process.stderr.write(`[bench] ${message}${own}\n`);
}

/** One GET's status, 0 when nothing listens: node:http, lighter than fetch on a busy core. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = httpGet(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", () => resolve(0));
  });
}

// Polled every 10 ms with one plain request each: the poller shares the 2 cores with the starting
// server (with fetch, undici's first calls and failed attempts cost the start up to ~100 ms here).
async function waitForOk(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if ((await statusOf(url)) === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function startChild(script: string, env: Record<string, string>, nodeOptions: string[] = []): ChildProcess {
  // node itself (not npx): the pid is the server's, for RSS and for stopping it. A TypeScript
  // source (the anchors) runs through tsx; the app runs from its bundle.
  const args = script.endsWith(".ts") ? ["--import", "tsx", script] : [...nodeOptions, script];
  const child = spawn(process.execPath, args, {
    cwd: root,
    // The live data feed would reach the internet (and write between runs): the bench runs without it.
    env: { ...process.env, FEED_URL: "off", ...env },
    // The app's request log goes through a pipe that is read (and thrown away), as when a user runs
    // `npm start | tee`, or under a process manager; the anchors write nothing.
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (SERVER_LOG) child.stdout!.pipe(createWriteStream(SERVER_LOG, { flags: "a" }));
  else child.stdout!.resume();
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  // Gone already: by its own exit, or by a signal (a crash: then exitCode stays null).
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) : 0;
  } catch {
    return 0;
  }
}

const CLOCK_TICK_MS =
  1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

/** CPU time (user + system, ms) these processes have used so far, from /proc. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // gone
    }
  }
  return ticks * CLOCK_TICK_MS;
}

/** The PostgreSQL server's processes on this machine (the bench's backends among them). */
function postgresPids(): number[] {
  const listed = spawnSync("pgrep", ["-u", "postgres"], { encoding: "utf8" }).stdout;
  return listed.split("\n").filter(Boolean).map(Number);
}

/**
 * CPU per request from now on (ms, as text): the server's, PostgreSQL's (on PGlite nothing: the
 * server's holds it) and this process's (autocannon). Contention for the cores moves it less than
 * the rate.
 */
function cpuMeter(kind: "pglite" | "postgres", serverPid: number) {
  const dbPids = kind === "postgres" ? postgresPids() : [];
  const before = { server: cpuMs([serverPid]), db: cpuMs(dbPids), bench: process.cpuUsage() };
  return (requests: number) => {
    const perRequest = (ms: number) => (requests ? (ms / requests).toFixed(2) : "?");
    const bench = process.cpuUsage(before.bench);
    return {
      server: perRequest(cpuMs([serverPid]) - before.server),
      db: perRequest(cpuMs(dbPids) - before.db),
      autocannon: perRequest((bench.user + bench.system) / 1000),
    };
  };
}

interface Load {
  rps: number;
  p99: number;
  ok: number;
  bad: number;
  /** "409 ×3, timeouts ×1": what the failed requests answered. */
  failures: string;
}

async function load(
  url: string,
  request: Omit<autocannon.Request, "setupRequest"> & {
    setupRequest?: (request: autocannon.Request) => autocannon.Request;
  },
  seconds = SECONDS,
  /** A number of requests instead of a duration. */
  amount?: number,
  /**
   * Collect this process's garbage first: a full collection costs as much as the heap that lives
   * (~50 MB here, 50-200 ms), so a load whose CPU is counted (`cpuMeter`) has it done before the
   * count starts instead.
   */
  collect = true,
): Promise<Load> {
  if (collect) collectOwnGarbage();
  const started = performance.now();
  let lastResponse = started;
  const run = autocannon({
    url,
    connections: CONNECTIONS,
    ...(amount ? { amount } : { duration: seconds }),
    requests: [request as autocannon.Request],
  });
  // A run of an amount ends at autocannon's next one-second tick: its duration would round the rate.
  run.on("response", () => {
    lastResponse = performance.now();
  });
  const result = await run;
  if (process.env.BENCH_LATENCY) console.log("latency", JSON.stringify(result.latency));
  return {
    rps: amount ? result["2xx"] / ((lastResponse - started) / 1000) : result.requests.average,
    p99: result.latency.p99,
    ok: result["2xx"],
    bad: result.non2xx + result.errors + result.timeouts,
    failures: [
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, stats]) => `${code} ×${stats.count}`),
      ...(result.timeouts ? [`timeouts ×${result.timeouts}`] : []),
      ...(result.errors - result.timeouts > 0 ? [`errors ×${result.errors - result.timeouts}`] : []),
    ].join(", "),
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const pct = (n: number) => `${(n * 100).toFixed(0)}%`;

interface Anchor {
  base: string;
  stop(): Promise<void>;
}

/** An anchor server in its own process, warmed up, until `stop`. */
async function startAnchor(kind: "bare" | "query", dbEnv: Record<string, string>): Promise<Anchor> {
  const port = await freePort();
  const child = startChild("scripts/bench/anchor-server.ts", { ANCHOR: kind, PORT: String(port), ...dbEnv });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/anchor`);
    await load(base, ANCHOR_REQUEST, 2); // warm-up
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { base, stop: () => stopChild(child) };
}

const ANCHOR_REQUEST = { method: "GET", path: "/anchor" } as const;

/** An anchor's own row: one load of SECONDS. */
async function anchor(kind: "bare" | "query", dbEnv: Record<string, string>): Promise<Load> {
  const running = await startAnchor(kind, dbEnv);
  try {
    return await load(running.base, ANCHOR_REQUEST);
  } finally {
    await running.stop();
  }
}

/** Slices of a paired load: the anchor and the row take turns, SECONDS / SLICES each. */
const SLICES = 5;

/**
 * A load and the bare anchor, measured in alternating slices (anchor first, then the row first, and
 * so on), so that both meet the same machine: on a host shared with other tenants the speed of the
 * cores moves by a third from one minute to the next. Rates are over the whole of each side's
 * slices; the p99 is the worst slice's.
 */
async function paired(
  url: string,
  request: Parameters<typeof load>[1],
  anchorBase: string,
): Promise<{ result: Load; anchorLoad: Load }> {
  const slice = SECONDS / SLICES;
  const mine: Load[] = [];
  const theirs: Load[] = [];
  for (let i = 0; i < SLICES; i += 1) {
    if (i % 2 === 0) theirs.push(await load(anchorBase, ANCHOR_REQUEST, slice));
    mine.push(await load(url, request, slice));
    if (i % 2 === 1) theirs.push(await load(anchorBase, ANCHOR_REQUEST, slice));
  }
  return { result: combine(mine), anchorLoad: combine(theirs) };
}

function combine(loads: Load[]): Load {
  const failures = loads.map((one) => one.failures).filter(Boolean);
  return {
    rps: loads.reduce((sum, one) => sum + one.rps, 0) / loads.length,
    p99: Math.max(...loads.map((one) => one.p99)),
    ok: loads.reduce((sum, one) => sum + one.ok, 0),
    bad: loads.reduce((sum, one) => sum + one.bad, 0),
    failures: failures.join("; "),
  };
}

async function prepare(
  kind: "pglite" | "postgres",
  url?: string,
): Promise<{ data: BenchData; seedMs: number; dbEnv: Record<string, string>; drop?: () => Promise<void> }> {
  let database: Database;
  let dbEnv: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  if (kind === "pglite") {
    const dir = path.join(work, "pglite-data");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    database = await openDatabase({ dataDir: dir });
    dbEnv = { DATA_DIR: dir };
  } else {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("drop database if exists fp_bench with (force)");
    await admin.query("create database fp_bench");
    await admin.end();
    const benchUrl = new URL(url!);
    benchUrl.pathname = "/fp_bench";
    database = await openDatabase({ url: benchUrl.toString() });
    dbEnv = { DATABASE_URL: benchUrl.toString() };
    drop = async () => {
      if (process.env.BENCH_KEEP) return;
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query("drop database if exists fp_bench with (force)");
      await again.end();
    };
  }
  try {
    await database.migrate();
    const started = performance.now();
    const data = await seedBench(database, new Date(APP_NOW));
    return { data, seedMs: performance.now() - started, dbEnv, drop };
  } finally {
    await database.close();
  }
}

const PICK_BUDGET = {
  pglite: { rps: 300, p99: 250, score: 3_000, rss: 700 },
  postgres: { rps: 800, p99: 100, score: 1_000, rss: 250 },
};

async function runSection(kind: "pglite" | "postgres", url?: string): Promise<Section> {
  const name = kind === "pglite" ? "PGlite" : "PostgreSQL";
  log(`${name}: seeding`);
  const { data, seedMs, dbEnv, drop } = await prepare(kind, url);
  const notes = [
    `Data set: ${Object.entries(data.counts)
      .map(([k, v]) => `${fmt(v)} ${k}`)
      .join(
        ", ",
      )}; seeded in ${(seedMs / 1000).toFixed(1)} s. Current week ${data.currentWeek} (APP_NOW ${APP_NOW}).`,
  ];
  const rows: Row[] = [];
  rows.push({
    what: "seeding the data set",
    value: `${(seedMs / 1000).toFixed(1)} s`,
    budget: kind === "pglite" ? "< 60 s" : "—",
    pass: kind === "pglite" ? seedMs < 60_000 : null,
  });
  // The live Sunday (live-sunday.ts): after the other rows, on the same data set, its own servers.
  const live = async () => {
    const result = await liveSunday({ kind, data, dbEnv, tools: liveTools(kind, dbEnv) });
    rows.push(...result.rows);
    notes.push(...result.notes);
  };
  if (ONLY && [...ONLY].every((key) => key === "live")) {
    try {
      await live();
    } finally {
      await drop?.();
    }
    return { name, rows, notes };
  }
  let queries: QueryCount[] | undefined;
  if (kind === "pglite") {
    log(`${name}: queries per request`);
    queries = await countQueries(dbEnv.DATA_DIR!, APP_NOW, data);
  }
  // The bare anchor stays up for the section: the rows measured against it take turns with it.
  let bareAnchor: Anchor | undefined;
  try {
    log(`${name}: anchors`);
    bareAnchor = await startAnchor("bare", {});
    const bare = await load(bareAnchor.base, ANCHOR_REQUEST);
    const query = await anchor("query", dbEnv);
    rows.push({
      what: "anchor: bare Fastify, small JSON",
      value: `${fmt(bare.rps)} req/s, p99 ${bare.p99} ms`,
      budget: "—",
      pass: null,
    });
    rows.push({
      what: "anchor: one indexed query (16 rows) through Drizzle",
      value: `${fmt(query.rps)} req/s, p99 ${query.p99} ms`,
      budget: "—",
      pass: null,
    });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    log(`${name}: starting the server`);
    const started = performance.now();
    const server = startChild(
      serverBundle,
      {
        ...dbEnv,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_NOW,
        AUTH_RATE_LIMIT: "1000000",
        // The default configuration, as `npm start` gives it (info: one line per request), unless
        // BENCH_LOG_LEVEL says otherwise (issue 19).
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
      },
      [
        ...serverNodeOptions(kind === "postgres"),
        ...(PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(root, PROFILE)}`] : []),
      ],
    );
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, statusKb(server.pid!, "VmRSS"));
    }, 100);
    try {
      await waitForOk(`${base}/api/health`);
      const startMs = performance.now() - started;
      const idleRss = statusKb(server.pid!, "VmRSS");
      // BENCH_SETTLE_MS (header): a partial run may wait out the server's first reminders pass.
      await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_MS ?? 0)));
      const cookie = (i: number) => `fp_session=${data.tokens[i]}`;
      // Players 1..2000 take turns, so sessions and contests vary from request to request.
      let n = 0;
      const nextPlayer = () => 1 + (n++ % 2000);
      const rotating = (pathOf: (i: number) => string, next = nextPlayer) => ({
        method: "GET" as const,
        path: pathOf(1),
        setupRequest: (request: autocannon.Request) => {
          const i = next();
          return { ...request, path: pathOf(i), headers: { ...request.headers, cookie: cookie(i) } };
        },
      });
      // Players 4001..4400: other players and contests than those measured, for a route's code to be
      // warm (compiled by V8) before its cold row, as on a server that has been running a while; few,
      // so that the server holds little more than the rows' own players (its peak memory is a row).
      const WARM_PLAYERS = 400;
      let w = 0;
      const nextOtherPlayer = () => 4001 + (w++ % WARM_PLAYERS);
      const contestOf = (i: number) => data.contestIds[Math.floor(i / 2)]!;
      /** The session of contest c's first picker (seed.ts: player 2c picks first). */
      const pickerCookie = (c: number) => cookie(2 * c);

      const readRow = async (
        key: string,
        what: string,
        pathOf: (i: number) => string,
        anchorLoad: Load,
        anchorName: string,
        share: number,
        p99Limit?: number,
        /** Measure first each of the 2,000 players' first request (nothing cached yet): ≥ 100% of the anchor. */
        cold = false,
      ) => {
        if (!runs(key)) return;
        log(`${name}: ${what}`);
        if (cold) {
          // The route's code warm first, on other players' contests (their first requests too).
          await load(base, rotating(pathOf, nextOtherPlayer), SECONDS, WARM_PLAYERS);
          collectOwnGarbage();
          const meter = cpuMeter(kind, server.pid!);
          const first = await load(base, rotating(pathOf), SECONDS, 2000, false);
          const used = meter(2000);
          const cpu = [
            `server${kind === "postgres" ? "" : " with PGlite"} ${used.server} ms`,
            ...(kind === "postgres" ? [`PostgreSQL ${used.db} ms`] : []),
            `autocannon ${used.autocannon} ms`,
          ];
          rows.push({
            what: `${what}: the 2,000 players' first requests (cache cold)`,
            value: `${fmt(first.rps)} req/s, p99 ${first.p99} ms${first.bad ? `, ${fmt(first.bad)} failed (${first.failures})` : ""}; CPU per request: ${cpu.join(", ")}`,
            ratio: `${pct(first.rps / anchorLoad.rps)} of ${anchorName}`,
            // Issue 19: a cold read is at least as fast as the single-query anchor.
            budget: `≥ 100% of ${anchorName}`,
            pass: first.rps >= anchorLoad.rps && first.bad === 0,
          });
        }
        await load(base, rotating(pathOf), 2); // warm-up
        // Against the bare anchor, measured alongside (`paired`); the query anchor holds the database
        // (PGlite's folder belongs to one process), so its rows use its own row's figure.
        const { result, anchorLoad: against } =
          anchorName === "bare"
            ? await paired(base, rotating(pathOf), bareAnchor!.base)
            : { result: await load(base, rotating(pathOf)), anchorLoad: anchorLoad };
        const ratio = result.rps / against.rps;
        const pass = ratio >= share && result.bad === 0 && (p99Limit === undefined || result.p99 < p99Limit);
        rows.push({
          what,
          value: `${fmt(result.rps)} req/s, p99 ${result.p99} ms${result.bad ? `, ${fmt(result.bad)} failed (${result.failures})` : ""}`,
          ratio: `${pct(ratio)} of ${anchorName}${against === anchorLoad ? "" : ` (${fmt(against.rps)} req/s alongside)`}`,
          budget: `≥ ${pct(share)} of ${anchorName}${p99Limit ? `, p99 < ${p99Limit} ms` : ""}`,
          pass,
        });
      };

      await readRow(
        "games",
        `GET /api/games/week/${data.currentWeek}/season/2025 signed in`,
        () => `/api/games/week/${data.currentWeek}/season/2025`,
        bare,
        "bare",
        0.4,
      );
      await readRow("user", "GET /api/auth/user", () => "/api/auth/user", bare, "bare", 0.5);
      await readRow(
        "contests",
        "GET /api/contests (a player)",
        () => "/api/contests",
        query,
        "query",
        0.8,
        undefined,
        true,
      );
      await readRow(
        "results",
        "GET /api/contests/{id}/weekly-results",
        (i) => `/api/contests/${contestOf(i)}/weekly-results`,
        query,
        "query",
        0.6,
        100,
        true,
      );

      const budget = PICK_BUDGET[kind];
      if (runs("picks")) {
        // Picks: each request is the first picker's next two picks in the next contest, so two
        // requests in flight never share a contest. The seeded allowance holds four such requests per
        // contest: one warm-up, then the row is the other three (a fixed amount of work, whatever the
        // rate), the third completing the first picker's picks and queuing the second's e-mail.
        log(`${name}: POST /api/picks/batch`);
        let k = 0;
        const contests = data.contestIds.length;
        const requestsPerContest = ALLOWANCE / 2;
        // Each picker has loaded a page before (as a player does before picking): the row measures
        // the pick, not a first sight of 5,000 sessions (the cold reads have their own rows above).
        let w = 0;
        await load(
          base,
          {
            method: "GET",
            path: "/api/auth/user",
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, cookie: pickerCookie(w++ % contests) },
            }),
          },
          SECONDS,
          contests,
        );
        const pickRequest = {
          method: "POST" as const,
          path: "/api/picks/batch",
          headers: { "content-type": "application/json" },
          setupRequest: (request: autocannon.Request) => {
            const c = k % contests;
            const round = Math.floor(k / contests);
            k += 1;
            const body = {
              contestId: data.contestIds[c],
              week: data.currentWeek,
              round: 1,
              picks: [
                { gameId: data.openGameIds[2 * round], market: "spread", side: "favorite" },
                { gameId: data.openGameIds[2 * round + 1], market: "total", side: "over" },
              ],
            };
            return {
              ...request,
              body: JSON.stringify(body),
              headers: { ...request.headers, cookie: pickerCookie(c) },
            };
          },
        };
        // One unmeasured pick in every contest first: after a checkpoint (the bench's own, above)
        // PostgreSQL's first write to each page carries the whole page into the WAL, and the pick's
        // index pages (about 10,000) would all take theirs inside the measured row.
        const warmUp = await load(base, pickRequest, SECONDS, contests);
        if (warmUp.bad) notes.push(`Picks warm-up: ${fmt(warmUp.bad)} failed (${warmUp.failures}).`);
        const meter = cpuMeter(kind, server.pid!);
        const picksResult = await load(base, pickRequest, SECONDS, contests * (requestsPerContest - 1));
        const used = meter(picksResult.ok + picksResult.bad);
        const cpu =
          kind === "postgres"
            ? `CPU per request: server ${used.server} ms, PostgreSQL ${used.db} ms`
            : `CPU per request (server with PGlite): ${used.server} ms`;
        rows.push({
          what: "POST /api/picks/batch (2 picks, distinct contests)",
          value: `${fmt(picksResult.rps)} req/s, p99 ${picksResult.p99} ms${picksResult.bad ? `, ${fmt(picksResult.bad)} failed (${picksResult.failures})` : ""}; ${cpu}`,
          budget: `≥ ${budget.rps}/s, p99 < ${budget.p99} ms`,
          pass: picksResult.rps >= budget.rps && picksResult.p99 < budget.p99 && picksResult.bad === 0,
        });
      }
      if (runs("score")) {
        log(`${name}: scoring`);
        const scoreStarted = performance.now();
        const scored = await fetch(`${base}/api/games/${data.heavyGameId}/score`, {
          method: "POST",
          headers: { cookie: cookie(0) },
        });
        const scoreMs = performance.now() - scoreStarted;
        const graded = scored.ok ? ((await scored.json()) as { graded: number }).graded : 0;
        rows.push({
          what: `scoring one game carrying ${fmt(data.heavyGamePicks)} picks`,
          value: `${fmt(scoreMs)} ms (${scored.status}, ${fmt(graded)} graded)`,
          budget: `< ${budget.score / 1000} s`,
          pass: scored.ok && graded === data.heavyGamePicks && scoreMs < budget.score,
        });
      }
      const hwm = statusKb(server.pid!, "VmHWM");
      peakRss = Math.max(peakRss, statusKb(server.pid!, "VmRSS"));
      rows.push({
        what: "server memory, peak RSS",
        value: `${fmt(peakRss / 1024)} MB under load (${fmt(idleRss / 1024)} MB once started; VmHWM ${fmt(hwm / 1024)} MB)`,
        budget: `< ${budget.rss} MB`,
        pass: peakRss / 1024 < budget.rss,
      });
      rows.push({
        what: "start with existing data to first 200 on /api/health",
        value: `${fmt(startMs)} ms`,
        budget: "< 2 s",
        pass: startMs < 2_000,
      });
    } finally {
      clearInterval(sampler);
      await stopChild(server);
    }
    if (runs("live")) await live();
  } finally {
    await bareAnchor?.stop();
    await drop?.();
  }
  return { name, rows, notes, queries };
}

/** The live Sunday's servers, started as runSection starts its own (the same variables and options). */
function liveTools(kind: "pglite" | "postgres", dbEnv: Record<string, string>): LiveTools {
  return {
    startServer: (env) =>
      startChild(
        serverBundle,
        {
          ...dbEnv,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          AUTH_RATE_LIMIT: "1000000",
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
          ...env,
        },
        [
          ...serverNodeOptions(kind === "postgres"),
          ...NODE_EXTRA,
          ...(PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(root, PROFILE)}`] : []),
        ],
      ),
    stopChild,
    waitForOk,
    statusKb,
    cpuMs,
    log,
  };
}

function table(rows: Row[]): string {
  const lines = ["| what | measured | ratio | budget | result |", "|---|---|---|---|---|"];
  for (const row of rows) {
    const result = row.pass === null ? "" : row.pass ? "PASS" : "FAIL";
    lines.push(`| ${row.what} | ${row.value} | ${row.ratio ?? ""} | ${row.budget} | ${result} |`);
  }
  return lines.join("\n");
}

interface BundleReport {
  landing: { bytes: number };
  signedInDashboard: { bytes: number };
}

async function bundles(): Promise<Row[]> {
  if (!existsSync(path.join(root, "dist/client/.vite/manifest.json"))) {
    log("building the client (npx vite build)");
    const built = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("vite build failed");
  }
  const module = (await import(pathToFileURL(path.join(root, "scripts/bundle-sizes.mjs")).href)) as {
    bundleSizes(): BundleReport;
  };
  const sizes = module.bundleSizes();
  const kb = (bytes: number) => bytes / 1024;
  return [
    {
      what: "client: landing page JS (gzip)",
      value: `${kb(sizes.landing.bytes).toFixed(1)} kB`,
      budget: "≤ 110 kB",
      pass: kb(sizes.landing.bytes) <= 110,
    },
    {
      what: "client: signed-in shell + dashboard JS (gzip)",
      value: `${kb(sizes.signedInDashboard.bytes).toFixed(1)} kB`,
      budget: "≤ 200 kB",
      pass: kb(sizes.signedInDashboard.bytes) <= 200,
    },
  ];
}

/**
 * The cores' time so far (/proc/stat's first line, in clock ticks): all of it, and the part the host
 * gave to other machines while this one had work to run (steal). This machine is a virtual one on a
 * shared host; its steal says how much of its two cores a run did not get.
 */
function coresTime(): { all: number; steal: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1, 9);
  const ticks = fields.map(Number);
  return { all: ticks.reduce((sum, n) => sum + n, 0), steal: ticks[7] ?? 0 };
}

/** The share of the cores' time the host took (steal) since `from`. */
function stealSince(from: { all: number; steal: number }): string {
  const now = coresTime();
  return pct((now.steal - from.steal) / Math.max(1, now.all - from.all));
}

const runStart = coresTime();
// The cores' speed before and after (decision 057): the absolute budgets hold at normal speed.
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
const machine = `${os.cpus().length} cores (nproc), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, ${os.platform()} ${os.release()}`;
const out = [
  "# Performance",
  "",
  "Written by `npm run bench` (scripts/bench/); every run overwrites it. Budgets: issue 8.",
  `Run ${new Date().toISOString()} on ${machine}. ${CONNECTIONS} connections, ${SECONDS} s per row, loopback. The host took ${stealSince(runStart)} of the cores' time during the run (steal, /proc/stat: time this virtual machine had work to run and did not get). The cores' speed (scripts/bench/cores-speed.ts), before the run and after it: bare Fastify alone ${fmt(bareBefore)} and ${fmt(bareAfter)} req/s (about ${fmt(NORMAL_BARE_RATE)} at this machine's normal speed), a fixed loop ${fmt(loopBefore)} and ${fmt(loopAfter)} ms (about ${NORMAL_LOOP_MS}). On slower machines (decision 057) the same code missed the live Sunday's budgets that it met at normal speed.`,
  `The server at LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? "info"}${process.env.BENCH_LOG_LEVEL ? "" : " (the default)"}, its log on a pipe that is read, as \`npm start\` runs it.`,
  "",
  "## Client",
  "",
  table(clientRows),
];
for (const section of sections) {
  out.push("", `## ${section.name}`, "", ...section.notes, "", table(section.rows));
  if (section.queries) {
    out.push(
      "",
      "Queries per request (statements sent through Drizzle or run prepared on PGlite, caches warm; the same code runs on PostgreSQL). A pick's last statement sends its notices after the commit, in one batch with those of every pick finished meanwhile (decision 013): under load many picks share it. A contest's week is read once, then remembered from each submission the instance stores (decision 015). Measured alone, as here, a pick's write is its own statement; under load it carries every submission made meanwhile to other contests (decision 016).",
      "",
      "| request | status | queries |",
      "|---|---|---|",
      ...section.queries.map((q) => `| ${q.what} | ${q.status} | ${q.queries} |`),
    );
  }
}
if (!pgUrl) out.push("", "PostgreSQL was not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL.");
out.push(
  "",
  "## How the figures are made",
  "",
  "- The server is the built app (`node dist/server/main.js`, the bundle `npm run build` makes, as `npm start` runs it: on PostgreSQL with `--max-old-space-size=1024` (SERVER_HEAP_MB's default), on PGlite with no node options (decision 040) and its database in a thread of its own (decision 039), NODE_ENV=production, the client from dist/) on a seeded copy of the data set (scripts/bench/seed.ts); autocannon runs in the bench process on the same 2 cores, so the client's own CPU is part of every figure, anchors included; that process's own garbage (an earlier section's, hundreds of MB) is collected before each measured load and each live Sunday run, not in the middle of one (decision 053).",
  "- Anchors run in their own processes (scripts/bench/anchor-server.ts): a Fastify route answering a small JSON, and one indexed query (a week's 16 games) through the app's Drizzle driver on the same database. The rows measured against the bare anchor take turns with it, five slices each of a fifth of the row's time, alternating which goes first, so that both meet the same machine (the cores of this shared host change speed by a third from one minute to the next); their ratio column gives the anchor's rate in those slices. The query anchor holds the database (on PGlite its folder belongs to one process), so its rows compare with its own row.",
  "- Signed-in reads rotate through 2,000 players' sessions (for the contests and the weekly results, the first request of each player is measured apart: the cache is cold for it, and the budget is the query anchor, since first reads of many players at once are read together in batches; before it, unmeasured, the first requests of 400 other players (their own contests), so that the cold row meets the route's code compiled, as on a server that has been running a while, rather than V8's first runs of it (decision 042); with the CPU each request took in the server, PostgreSQL and autocannon); picks rotate through the 5,000 contests, each request the first picker's next two picks, so no two requests in flight share a contest, and the row is a fixed amount of work rather than 10 s: the last three of the four requests each contest's allowance holds (15,000), the last completing the first picker's picks and queuing the second's e-mail, its rate the successful requests over the time to the last response; before the pick row each of the 5,000 pickers has loaded a page once (GET /api/auth/user), as a player has before picking, so the row measures picks rather than first sights of sessions; and one pick has been made in every contest, unmeasured: after a checkpoint (the bench's own, below) the first write to each of the pick's ~10,000 index pages carries the whole page into PostgreSQL's WAL, which a database that has been running a while has mostly done (decision 013); that pick also leaves each contest's week remembered by the server, so the row measures a week's later submissions (decision 015).",
  "- The data set is vacuumed and analyzed after seeding, as a database that has been running a while is: PostgreSQL's autovacuum does not start on the new rows in the middle of a measured row.",
  "- PostgreSQL runs with the app's default pool of 10 connections (DATABASE_POOL_SIZE; 4 and 20 measured slower here). On PGlite the pick's two statements are prepared once and each run is one call into PGlite (src/server/db/prepared.ts); the query count includes those runs.",
  "- Memory is the server's VmRSS sampled every 100 ms (VmHWM: its peak since start). Start time: from spawning the process on the existing data to the first 200 on /api/health.",
  "- Sessions (with their users), the season calendar and a week's games (serialized once) are served from memory: every write to those tables clears them on every instance through NOTIFY fp_cache (src/server/db/read-cache.ts).",
  `- The live Sunday (scripts/bench/live-sunday.ts, live-pages.ts and page-views.ts; issue 19) runs after a database's other rows, on the same data set, with its own servers started as above but with APP_NOW ${LIVE_NOW} (after week 12's kickoffs) and FEED_URL on a stand-in for ESPN (tests/feed-stand-in.ts) answering the week's recorded response (tests/fixtures/espn/2025-week-12-before-kickoff.json: its 14 events are the data set's games). The week first goes back to a Sunday's start: its games not started (their feed ids kept), two picks per player (contest c's first player on the c-th game by kickoff, the second on the game 7 further), the players' sessions renewed within the day. 10,000 pages, both players of every contest on the dashboard, Make Picks and the standings in turn, each with its own query keys and URLs (the client's, src/client/lib/queries), loaded for real (its document and queries, as a page view asks for them, a few at a time; the data held as the client's queryFn reads it), and an event stream (node:http, 100 per loopback source address 127.0.0.2, 127.0.0.3, ...: EVENT_STREAMS_PER_ADDRESS keeps its default), opened a few at a time. Open pages were loaded: the server has served those 10,000 loads and keeps what they read as far as its caches hold (the cold rows above measure reads it does not hold). On an event a page does what the client does (src/client/lib/apply-live-event.ts): readLiveEvent, then writes the data a final's \`grades\` event carries (\`carriedBy\`, written in with \`withCarried\`; a fetch of it in flight is cancelled; a weekly results patch with no list to patch is refetched instead), then the refetches \`isRefreshedBy\` names (a query asked for again while its refetch is under way goes once more when it ends: \`RefetchQueue\`) and \`patchGames\` into its data, this on one page in ten and after the burst of arrivals (on 10,000 pages it would take seconds of these two cores per update, which browsers spend on their own). A score is visible on a page once its event has arrived and the refetches it asked for have completed; the delay runs from the feed's write, the sync's line in the activity log (written in its transaction just before its commit; this machine's clock), and a page that never shows an update (by 15 s after the run) counts as the slowest. Each score update moves the stand-in's scores, quarters and clocks and is applied by an admin's POST /api/admin/feed/sync {season, week} (not the poller: its schedule reads the server's clock, which APP_NOW stops, so after its sync at start no live poll is ever due). The kickoff (all games to live) goes alone first, no page views: its delays and CPU are one update's fan-out. Then page views start, 200 a second due by the clock (open loop) and timed from when due, each a page load as a browser holding the app's code makes it (the document, which carries a player's user, contests, season and users, decision 050, and the answers their screen asks for first, decision 054; then the screen's queries it does not carry), players in turn on the three screens (at most 2,000 waiting: past that a view is not sent, and fails; those still running 5 s after the run are ended, and fail); after 10 s of them alone, the 12 updates, 10 s apart, the last two taking seven games final (the graded path, decision 030: the score update's event first, to everyone at once; then a \`grades\` event to each player of the graded contests carrying their contests and, per contest graded, a weekly results patch from the graded week on, the graded week's picks of both players and availability, written in with \`withCarried\`; what it does not carry, or all it names when it comes without data, is refetched). A final's standings on its players' pages are timed apart from the score, from the same write to the \`grades\` event's arrival or, if it asked for refetches, their completion (a page that got one and never completed it counts as never), and reported without a budget. The pages' refetches and the page views each go through at most 256 keep-alive connections to a server (undici's Pool; a flood queues in the client); the page views are sent from a process of their own (page-views.ts): on each update the 10,000 pages hold their process's event loop for hundreds of ms, which would count against the server. CPU per update: the kickoff's, and the run's (the server's; on PostgreSQL with the backends of fp_bench, listed every second), less the page views' share measured over their 10 s alone when they kept up with their rate and what is left of both figures is more than nothing (a view can cost more alone than in the run). Memory: the server's VmRSS sampled every 100 ms while the streams are open. On PostgreSQL the same again with two servers on the database, the pages and the page views alternating between them (a player's page on one, their views on either, as a load balancer without sticky sessions sends them: a player's first view on the instance their page is not open on is counted apart too, decision 051), the syncs sent to the first. A run in which a server exits is one failed row saying when.`,
);
// The Lighthouse section (scripts/lighthouse.mjs --write) lives between its markers: keep it.
const reportFile = path.join(root, "docs/performance.md");
const previous = existsSync(reportFile) ? readFileSync(reportFile, "utf8") : "";
const lighthouse = /<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/.exec(previous)?.[0];
const text = `${out.join("\n")}\n${lighthouse ? `\n${lighthouse}\n` : ""}`;
mkdirSync(path.join(root, "docs"), { recursive: true });
if (!ONLY && !ONLY_DB) writeFileSync(reportFile, text);
console.log(text);
const failed = [...clientRows, ...sections.flatMap((s) => s.rows)].filter((row) => row.pass === false);
if (failed.length) console.log(`${failed.length} budget(s) not met.`);
