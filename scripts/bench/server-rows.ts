// The built server a section's rows measure: started on the section's database, its memory sampled
// while the reads and writes run against it, then its memory and start rows.
import type { Anchor } from "./anchors";
import { memoryRow, startRow, type Row } from "./budgets";
import { freePort } from "./free-port";
import type { Load } from "./load";
import { players, type Players } from "./players";
import { statusKb } from "./proc-stats";
import { startServer, stopChild, waitForOk } from "./processes";
import { readRows } from "./read-rows";
import type { BenchData } from "./seed";
import { APP_NOW, log } from "./settings";
import { picksRows, scoreRows } from "./write-rows";

/** What a row measures against: the server, its section, the players and the anchors. */
export interface ServerRun {
  kind: "pglite" | "postgres";
  /** The section's name, for the progress log. */
  name: string;
  base: string;
  pid: number;
  data: BenchData;
  rows: Row[];
  notes: string[];
  players: Players;
  anchors: { bare: Load; query: Load; bareAnchor: Anchor };
}

type Section = Pick<ServerRun, "kind" | "name" | "data" | "rows" | "notes" | "anchors">;

export async function serverRows(section: Section, dbEnv: Record<string, string>): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`${section.name}: starting the server`);
  const started = performance.now();
  const server = startServer(section.kind, dbEnv, { PORT: String(port), APP_NOW });
  const pid = server.pid!;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, statusKb(pid, "VmRSS"));
  }, 100);
  try {
    await waitForOk(`${base}/api/health`);
    const startMs = performance.now() - started;
    const idleRss = statusKb(pid, "VmRSS");
    // BENCH_SETTLE_MS (bench.ts's header): a partial run may wait out the server's first reminders pass.
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_MS ?? 0)));
    const run: ServerRun = { ...section, base, pid, players: players(section.data) };
    await readRows(run);
    await picksRows(run);
    await scoreRows(run);
    const hwm = statusKb(pid, "VmHWM");
    peakRss = Math.max(peakRss, statusKb(pid, "VmRSS"));
    section.rows.push(memoryRow(section.kind, { peak: peakRss, idle: idleRss, hwm }), startRow(startMs));
  } finally {
    clearInterval(sampler);
    await stopChild(server);
  }
}
