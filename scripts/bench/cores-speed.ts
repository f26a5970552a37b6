// How fast this machine's cores are now: the same machine kind has run at half its speed for whole
// sessions (decision 057), and the bench's absolute budgets (p99s, rates without an anchor) only
// hold at normal speed. Before a full run:
//   npx tsx scripts/bench/cores-speed.ts
// prints a fixed loop's time (about 510 ms at normal speed) and bare Fastify's rate alone under
// autocannon (50 connections, 5 s; about 80,000 req/s at normal speed). `npm run bench` writes both,
// before and after its run, into docs/performance.md. The rate is the surer gauge: the loop's time
// can stay put while the rate halves (docs/decisions/057-the-two-instances-row-on-a-machine-at-half-speed.md).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freePort } from "./free-port";

/** The loop's time and bare Fastify's rate at this machine kind's normal speed (2026-11-29, 11-30 a.m.). */
export const NORMAL_LOOP_MS = 510;
export const NORMAL_BARE_RATE = 80_000;

/** A fixed loop of integer work (3e8 modulo steps) in ms: the cores' speed, one thread. */
export function loopMs(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 3e8; i += 1) sum = (sum + i) % 1_000_003;
  const ms = performance.now() - started;
  // The sum is used, so the loop is not left out.
  if (sum < 0) throw new Error("unreachable");
  return Math.round(ms);
}

/** Bare Fastify's rate alone (scripts/bench/anchor-server.ts) under autocannon, 50 connections, 5 s. */
export async function bareRate(): Promise<number> {
  const port = await freePort();
  const anchor = spawn(process.execPath, ["--import", "tsx", "scripts/bench/anchor-server.ts"], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    env: { ...process.env, ANCHOR: "bare", PORT: String(port) },
    stdio: "ignore",
  });
  try {
    const url = `http://127.0.0.1:${port}/anchor`;
    for (let tries = 0; ; tries += 1) {
      const up = await fetch(url).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error("the bare anchor did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await autocannon({ url, connections: 50, duration: 1 }); // warm-up
    const result = await autocannon({ url, connections: 50, duration: 5 });
    return Math.round(result.requests.average);
  } finally {
    anchor.kill("SIGTERM");
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const loops = [loopMs(), loopMs(), loopMs()];
  console.log(`loop: ${loops.join(", ")} ms (about ${NORMAL_LOOP_MS} ms at normal speed)`);
  const rate = (value: number) => value.toLocaleString("en-US");
  console.log(
    `bare Fastify alone: ${rate(await bareRate())} req/s (about ${rate(NORMAL_BARE_RATE)} at normal speed)`,
  );
}
