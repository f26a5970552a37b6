// PostgreSQL's cold weekly results row (the 2,000 players' first GET /api/contests/{id}/weekly-results),
// measured again and again for server bundles taking turns (decision 059): the bench's row is 0.5 s
// long and spreads by a quarter from run to run, so a change to it is judged over many runs.
//
// First keep the bench's data set: `BENCH_KEEP=1 BENCH_ONLY=user BENCH_DB=postgres
// TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench` (database fp_bench).
// Then: `npx tsx scripts/bench/cold-weekly-ab.ts [runs] <bundle.js> [<bundle.js> ...]`, each bundle
// a copy of dist/server/main.js built from the code to compare, kept in dist/server/ (it finds its
// worker and the client there). BENCH_DATABASE_URL names another database than fp_bench.
//
// Each run starts the bundle as the bench does (production, LOG_LEVEL=info, its log read through a
// pipe), reads every measured player's contests once (their sessions and contests in memory, as the
// bench's rows before this one leave them), asks 400 other players' first weekly results (the route's
// code warm), then measures the 2,000 players' first weekly results under autocannon: the rate, and
// the CPU a request of the server, of its main thread and of this process (autocannon).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { serverNodeOptions } from "../build-server.mjs";
import { freePort } from "./free-port";
import { tokenFor } from "./seed";

const root = fileURLToPath(new URL("../..", import.meta.url));
const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? "") ? Number(args.shift()) : 5;
const bundles = args;
if (bundles.length === 0) {
  console.error("usage: npx tsx scripts/bench/cold-weekly-ab.ts [runs] <bundle.js> [<bundle.js> ...]");
  process.exit(2);
}
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/fp_bench";
const MEASURED = Array.from({ length: 2000 }, (_, n) => 1 + n);
const OTHERS = Array.from({ length: 400 }, (_, n) => 4001 + n);
/** Each player's session cookie, made once: autocannon's CPU is measured. */
const cookies = new Map([...MEASURED, ...OTHERS].map((player) => [player, `fp_session=${tokenFor(player)}`]));

/** CPU time (user + system, ms, at 100 ticks a second) of a process, or of its main thread, from /proc. */
function cpuMs(pid: number, only: "process" | "main thread" = "process"): number {
  const stat = only === "process" ? `/proc/${pid}/stat` : `/proc/${pid}/task/${pid}/stat`;
  const fields = readFileSync(stat, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startServer(bundle: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, [...serverNodeOptions(true), path.resolve(root, bundle)], {
    cwd: root,
    env: {
      ...process.env,
      FEED_URL: "off",
      DATABASE_URL: databaseUrl,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_NOW: "2025-11-20T12:00:00Z",
      AUTH_RATE_LIMIT: "1000000",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout!.resume();
  for (let tries = 0; tries < 200; tries += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${bundle} did not start`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** GET the weekly results of each player's contest, each with the player's session: the rate. */
async function weeklyResults(base: string, players: number[], contestOf: Map<number, string>) {
  let next = 0;
  const started = performance.now();
  let last = started;
  const run = autocannon({
    url: base,
    connections: 50,
    amount: players.length,
    requests: [
      {
        method: "GET",
        path: "/",
        setupRequest: (request) => {
          const player = players[next++ % players.length]!;
          return {
            ...request,
            path: `/api/contests/${contestOf.get(player)}/weekly-results`,
            headers: { cookie: cookies.get(player)! },
          };
        },
      },
    ],
  });
  run.on("response", () => (last = performance.now()));
  const result = await run;
  if (result.non2xx > 0) throw new Error(`${result.non2xx} answers were not 2xx`);
  return players.length / ((last - started) / 1000);
}

async function measure(bundle: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(bundle, port);
  try {
    const contestOf = new Map<number, string>();
    for (const players of [MEASURED, OTHERS]) {
      for (let at = 0; at < players.length; at += 50) {
        await Promise.all(
          players.slice(at, at + 50).map(async (player) => {
            const answer = await fetch(`${base}/api/contests`, {
              headers: { cookie: cookies.get(player)! },
            });
            contestOf.set(player, ((await answer.json()) as { id: string }[])[0]!.id);
          }),
        );
      }
    }
    await weeklyResults(base, OTHERS, contestOf);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = {
      server: cpuMs(server.pid!),
      main: cpuMs(server.pid!, "main thread"),
      own: process.cpuUsage(),
    };
    const rate = await weeklyResults(base, MEASURED, contestOf);
    const own = process.cpuUsage(before.own);
    const per = (ms: number) => ms / MEASURED.length;
    return {
      rate,
      server: per(cpuMs(server.pid!) - before.server),
      main: per(cpuMs(server.pid!, "main thread") - before.main),
      autocannon: per((own.user + own.system) / 1000),
    };
  } finally {
    await stopServer(server);
  }
}

const results = new Map(bundles.map((bundle) => [bundle, [] as Awaited<ReturnType<typeof measure>>[]]));
for (let run = 1; run <= runs; run += 1) {
  for (const bundle of bundles) {
    const result = await measure(bundle);
    results.get(bundle)!.push(result);
    console.log(
      `run ${run} ${bundle}: ${Math.round(result.rate)} req/s; CPU a request: server ${result.server.toFixed(3)} ms (main thread ${result.main.toFixed(3)}), autocannon ${result.autocannon.toFixed(3)} ms`,
    );
  }
}
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
for (const [bundle, list] of results) {
  const rates = list.map((result) => result.rate).sort((a, b) => a - b);
  console.log(
    `${bundle}: mean ${Math.round(mean(rates))} req/s (${Math.round(rates[0]!)}-${Math.round(rates.at(-1)!)}); server ${mean(list.map((r) => r.server)).toFixed(3)} ms, main thread ${mean(list.map((r) => r.main)).toFixed(3)} ms a request`,
  );
}
