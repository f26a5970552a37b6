// What the BENCH_* variables set (bench.ts's header says what each does), shared by the bench's
// parts, with its progress log and the figures' number formats.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));
/** Where the bench keeps its PGlite database. */
export const work = path.join(root, ".tmp", "bench");
/** Each row's length (s). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;
export const APP_NOW = "2025-11-20T12:00:00Z";
export const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",")) : null;
/** Whether BENCH_ONLY leaves this load in (all run without it). */
export const runs = (key: string) => !ONLY || ONLY.has(key);
export const ONLY_DB = process.env.BENCH_DB;
export const PROFILE = process.env.BENCH_PROFILE;
/** BENCH_NODE_OPTIONS="--trace-gc ...": more node options for the live Sunday's servers (a flag tried out). */
export const NODE_EXTRA = process.env.BENCH_NODE_OPTIONS?.split(" ").filter(Boolean) ?? [];
/** BENCH_SERVER_LOG=<file>: the servers' request logs are appended there instead of thrown away. */
export const SERVER_LOG = process.env.BENCH_SERVER_LOG;
/** The default configuration, as `npm start` gives it (info: one line per request), unless BENCH_LOG_LEVEL says otherwise. */
export const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "info";

let lastLog = { at: performance.now(), cpu: process.cpuUsage() };

export function log(message: string) {
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

export const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
export const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
export const mb = (kb: number) => kb / 1024;
