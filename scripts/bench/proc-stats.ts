// What /proc says of the processes the bench measures: memory (VmRSS, VmHWM), CPU time per
// process and per request, and the cores' time the host took (steal).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pct } from "./settings";

export function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
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
export function cpuMs(pids: number[]): number {
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

/** CPU per request (ms, as text) of the server, PostgreSQL and this process. */
export interface CpuPerRequest {
  server: string;
  db: string;
  autocannon: string;
}

/**
 * CPU per request from now on (ms, as text): the server's, PostgreSQL's (on PGlite nothing: the
 * server's holds it) and this process's (autocannon). Contention for the cores moves it less than
 * the rate.
 */
export function cpuMeter(kind: "pglite" | "postgres", serverPid: number) {
  const dbPids = kind === "postgres" ? postgresPids() : [];
  const before = { server: cpuMs([serverPid]), db: cpuMs(dbPids), bench: process.cpuUsage() };
  return (requests: number): CpuPerRequest => {
    const perRequest = (ms: number) => (requests ? (ms / requests).toFixed(2) : "?");
    const bench = process.cpuUsage(before.bench);
    return {
      server: perRequest(cpuMs([serverPid]) - before.server),
      db: perRequest(cpuMs(dbPids) - before.db),
      autocannon: perRequest((bench.user + bench.system) / 1000),
    };
  };
}

export interface CoresTime {
  all: number;
  steal: number;
}

/**
 * The cores' time so far (/proc/stat's first line, in clock ticks): all of it, and the part the host
 * gave to other machines while this one had work to run (steal). This machine is a virtual one on a
 * shared host; its steal says how much of its two cores a run did not get.
 */
export function coresTime(): CoresTime {
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1, 9);
  const ticks = fields.map(Number);
  return { all: ticks.reduce((sum, n) => sum + n, 0), steal: ticks[7] ?? 0 };
}

/** The share of the cores' time the host took (steal) since `from`. */
export function stealSince(from: CoresTime): string {
  const now = coresTime();
  return pct((now.steal - from.steal) / Math.max(1, now.all - from.all));
}
