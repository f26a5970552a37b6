// The built server a section's rows measure: started on the section's database, its memory sampled
// while the reads and writes run against it, then its memory and start rows.
import { memoryRow, startRow } from "./budgets";
import { freePort } from "./free-port";
import { players } from "./players";
import { statusKb } from "./proc-stats";
import { startServer, stopChild, waitForOk } from "./processes";
import { readRows } from "./read-rows";
import type { ServerRun } from "./server-run";
import { APP_NOW, log } from "./settings";
import { picksRows, scoreRows } from "./write-rows";

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
