// Summarizes a V8 CPU profile (BENCH_PROFILE=<folder> npm run bench writes the server's): the
// functions with the most self time and the most inclusive time (time with them on the stack).
// Usage: node scripts/bench/profile-summary.mjs <file.cpuprofile> [rows] [from ms] [to ms]: with a
// window, only the samples that far into the profile; PROFILE_TIMELINE=1 first prints the busy ms of
// each second, to find one (a row's start and end).
import { readFileSync } from "node:fs";
import path from "node:path";

const [file, rowsArg, fromArg, toArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/bench/profile-summary.mjs <file.cpuprofile> [rows] [from ms] [to ms]");
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const from = Number(fromArg ?? 0);
const to = toArg === undefined ? Infinity : Number(toArg);
const profile = JSON.parse(readFileSync(file, "utf8"));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const nameOf = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${path.basename(url)}:${lineNumber + 1}` : "";
  return `${functionName || "(anonymous)"} ${where}`.trim();
};

// Each sample's time goes to its leaf (self) and once to every distinct function on its stack.
const self = new Map();
const inclusive = new Map();
let total = 0;
const deltas = profile.timeDeltas;
const busyBySecond = [];
let at = 0;
for (let i = 0; i < profile.samples.length; i += 1) {
  const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
  at += (deltas[i] ?? 0) / 1000;
  let node = byId.get(profile.samples[i]);
  const leaf = nameOf(node);
  const second = Math.floor(at / 1000);
  if (leaf !== "(idle)") busyBySecond[second] = (busyBySecond[second] ?? 0) + ms;
  if (at < from || at >= to) continue;
  total += ms;
  self.set(leaf, (self.get(leaf) ?? 0) + ms);
  const seen = new Set();
  while (node) {
    const name = nameOf(node);
    if (!seen.has(name)) {
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
    node = byId.get(parentOf.get(node.id));
  }
}

if (process.env.PROFILE_TIMELINE) {
  console.log("busy ms by second into the profile:");
  busyBySecond.forEach((ms, second) => console.log(`${String(second).padStart(4)} s  ${ms.toFixed(0)}`));
}
const idle = self.get("(idle)") ?? 0;
const busy = total - idle;
const table = (title, map) => {
  console.log(`\n${title} (of ${busy.toFixed(0)} ms busy, ${idle.toFixed(0)} ms idle)`);
  const sorted = [...map].filter(([name]) => name !== "(idle)" && name !== "(root)");
  sorted.sort((a, b) => b[1] - a[1]);
  for (const [name, ms] of sorted.slice(0, rows)) {
    console.log(`${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  }
};
table("Self time", self);
table("Inclusive time", inclusive);
