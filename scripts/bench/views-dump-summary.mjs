// Where the live Sunday's slow page views fall, from the bench's dump of them
// (BENCH_VIEWS_DUMP=<file> npm run bench, with BENCH_ONLY=live):
//   node scripts/bench/views-dump-summary.mjs <dump.json> [<dump.json> ...]
// For each dump: the views' p99 alone (before the first update) and in the run (the row's figure),
// and the run's views over the budget counted by where they fell: in a final's seconds (from 0.5 s
// before its write to 4 s after), in a plain score update's first second, or elsewhere, by half
// second (the stretches no update explains: decision 045).
import { readFileSync } from "node:fs";

const BUDGET_MS = 50;
const FINAL_FROM_MS = -500;
const FINAL_TO_MS = 4_000;
const PLAIN_FROM_MS = -200;
const PLAIN_TO_MS = 800;

const p99 = (times) => {
  if (times.length === 0) return "-";
  const sorted = [...times].sort((a, b) => a - b);
  return `${Math.round(sorted[Math.floor(sorted.length * 0.99)])} ms`;
};

for (const file of process.argv.slice(2)) {
  /** @type {{ updates: { at: number; finals: number }[]; views: [number, number, string, number?][] }} */
  const dump = JSON.parse(readFileSync(file, "utf8"));
  const run = dump.views.filter(([at]) => at >= 0);
  const alone = dump.views.filter(([at]) => at < 0);
  const updates = dump.updates.filter((update) => update.at >= 0);
  const near = (at, final, from, to) =>
    updates.some(
      (update) => Boolean(update.finals) === final && at >= update.at + from && at < update.at + to,
    );
  let finals = 0;
  let plain = 0;
  const elsewhere = new Map();
  for (const [at, ms] of run) {
    if (!(ms > BUDGET_MS)) continue;
    if (near(at, true, FINAL_FROM_MS, FINAL_TO_MS)) finals += 1;
    else if (near(at, false, PLAIN_FROM_MS, PLAIN_TO_MS)) plain += 1;
    else {
      const second = Math.floor(at / 500) / 2;
      elsewhere.set(second, (elsewhere.get(second) ?? 0) + 1);
    }
  }
  const others = [...elsewhere.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `${file}: views p99 alone ${p99(alone.map(([, ms]) => ms))}, in the run ${p99(run.map(([, ms]) => ms))}` +
      ` (${run.length} views); over ${BUDGET_MS} ms: ${finals} in finals' seconds, ${plain} in plain` +
      ` updates' first second, ${others} elsewhere` +
      (others ? ` (${[...elsewhere].map(([second, count]) => `${second} s: ${count}`).join(", ")})` : ""),
  );
  // Two instances: a player's first view on the instance their page is not open on (decision 051).
  const first = run.filter(([, , , firstSight]) => firstSight === 1);
  if (first.length > 0) {
    const rest = run.filter(([, , , firstSight]) => firstSight !== 1);
    const over = (views) => views.filter(([, ms]) => ms > BUDGET_MS).length;
    console.log(
      `  first sights on an instance: ${first.length} views, p99 ${p99(first.map(([, ms]) => ms))}, ` +
        `${over(first)} over ${BUDGET_MS} ms; the others: ${rest.length}, p99 ${p99(rest.map(([, ms]) => ms))}, ` +
        `${over(rest)} over`,
    );
  }
}
