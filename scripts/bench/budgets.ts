// The budget table: a row's shape, each row's budget and its pass or miss, and the table as
// docs/performance.md shows it. The live Sunday's rows keep their budgets in live-config.ts.
import type { BenchData } from "./seed";
import type { Load } from "./load";
import type { CpuPerRequest } from "./proc-stats";
import type { QueryCount } from "./query-count";
import { fmt, pct } from "./settings";

export interface Row {
  what: string;
  value: string;
  ratio?: string;
  budget: string;
  /** null: a figure without a budget. */
  pass: boolean | null;
}

/** One database's part of the report. */
export interface Section {
  name: string;
  rows: Row[];
  notes: string[];
  queries?: QueryCount[];
}

type Kind = "pglite" | "postgres";

const PICK_BUDGET = {
  pglite: { rps: 300, p99: 250, score: 3_000, rss: 700 },
  postgres: { rps: 800, p99: 100, score: 1_000, rss: 250 },
};

export function table(rows: Row[]): string {
  const lines = ["| what | measured | ratio | budget | result |", "|---|---|---|---|---|"];
  for (const row of rows) {
    const result = row.pass === null ? "" : row.pass ? "PASS" : "FAIL";
    lines.push(`| ${row.what} | ${row.value} | ${row.ratio ?? ""} | ${row.budget} | ${result} |`);
  }
  return lines.join("\n");
}

/** "1,234 req/s, p99 12 ms", and what failed. */
const rateText = (load: Load) =>
  `${fmt(load.rps)} req/s, p99 ${load.p99} ms${load.bad ? `, ${fmt(load.bad)} failed (${load.failures})` : ""}`;

/** The client's JavaScript, gzipped, in kB, against scripts/bundle-sizes.mjs's budgets. */
export function clientRows(
  kb: { landing: number; signedInDashboard: number },
  budgetKb: { landing: number; signedInDashboard: number },
): Row[] {
  return [
    {
      what: "client: landing page JS (gzip)",
      value: `${kb.landing.toFixed(1)} kB`,
      budget: `≤ ${budgetKb.landing} kB`,
      pass: kb.landing <= budgetKb.landing,
    },
    {
      what: "client: signed-in shell + dashboard JS (gzip)",
      value: `${kb.signedInDashboard.toFixed(1)} kB`,
      budget: `≤ ${budgetKb.signedInDashboard} kB`,
      pass: kb.signedInDashboard <= budgetKb.signedInDashboard,
    },
  ];
}

export function seedRow(kind: Kind, seedMs: number): Row {
  return {
    what: "seeding the data set",
    value: `${(seedMs / 1000).toFixed(1)} s`,
    budget: kind === "pglite" ? "< 60 s" : "—",
    pass: kind === "pglite" ? seedMs < 60_000 : null,
  };
}

export function anchorRows(bare: Load, query: Load): Row[] {
  return [
    {
      what: "anchor: bare Fastify, small JSON",
      value: `${fmt(bare.rps)} req/s, p99 ${bare.p99} ms`,
      budget: "—",
      pass: null,
    },
    {
      what: "anchor: one indexed query (16 rows) through Drizzle",
      value: `${fmt(query.rps)} req/s, p99 ${query.p99} ms`,
      budget: "—",
      pass: null,
    },
  ];
}

/** A signed-in read's budget: a share of an anchor's rate, and maybe a p99. */
export interface ReadBudget {
  anchorName: "bare" | "query";
  share: number;
  p99Limit?: number;
  /** Its players' first requests (nothing cached yet) measured first: ≥ 100% of the anchor. */
  cold?: boolean;
}

/** The signed-in reads' budgets, by their BENCH_ONLY key. */
export const READ_BUDGETS = {
  games: { anchorName: "bare", share: 0.4 },
  user: { anchorName: "bare", share: 0.5 },
  contests: { anchorName: "query", share: 0.8, cold: true },
  results: { anchorName: "query", share: 0.6, p99Limit: 100, cold: true },
} satisfies Record<string, ReadBudget>;

/**
 * A read's row. `alongside`: the anchor's rate in the slices it took turns with the row (`paired`),
 * when the row was measured that way; else the ratio is to `anchorLoad`, the anchor's own row.
 */
export function readRow(
  what: string,
  result: Load,
  budget: ReadBudget,
  anchorLoad: Load,
  alongside?: Load,
): Row {
  const { anchorName, share, p99Limit } = budget;
  const ratio = result.rps / (alongside ?? anchorLoad).rps;
  return {
    what,
    value: rateText(result),
    ratio: `${pct(ratio)} of ${anchorName}${alongside ? ` (${fmt(alongside.rps)} req/s alongside)` : ""}`,
    budget: `≥ ${pct(share)} of ${anchorName}${p99Limit ? `, p99 < ${p99Limit} ms` : ""}`,
    pass: ratio >= share && result.bad === 0 && (p99Limit === undefined || result.p99 < p99Limit),
  };
}

/** The players' first requests to a read (nothing cached yet): at least as fast as the anchor. */
export function coldReadRow(
  kind: Kind,
  what: string,
  first: Load,
  used: CpuPerRequest,
  anchorLoad: Load,
  anchorName: string,
): Row {
  const cpu = [
    `server${kind === "postgres" ? "" : " with PGlite"} ${used.server} ms`,
    ...(kind === "postgres" ? [`PostgreSQL ${used.db} ms`] : []),
    `autocannon ${used.autocannon} ms`,
  ];
  return {
    what: `${what}: the 2,000 players' first requests (cache cold)`,
    value: `${rateText(first)}; CPU per request: ${cpu.join(", ")}`,
    ratio: `${pct(first.rps / anchorLoad.rps)} of ${anchorName}`,
    budget: `≥ 100% of ${anchorName}`,
    pass: first.rps >= anchorLoad.rps && first.bad === 0,
  };
}

export function picksRow(kind: Kind, result: Load, used: CpuPerRequest): Row {
  const budget = PICK_BUDGET[kind];
  const cpu =
    kind === "postgres"
      ? `CPU per request: server ${used.server} ms, PostgreSQL ${used.db} ms`
      : `CPU per request (server with PGlite): ${used.server} ms`;
  return {
    what: "POST /api/picks/batch (2 picks, distinct contests)",
    value: `${rateText(result)}; ${cpu}`,
    budget: `≥ ${budget.rps}/s, p99 < ${budget.p99} ms`,
    pass: result.rps >= budget.rps && result.p99 < budget.p99 && result.bad === 0,
  };
}

export function scoreRow(
  kind: Kind,
  data: BenchData,
  scored: { ms: number; status: number; ok: boolean; graded: number },
): Row {
  const budget = PICK_BUDGET[kind];
  return {
    what: `scoring one game carrying ${fmt(data.heavyGamePicks)} picks`,
    value: `${fmt(scored.ms)} ms (${scored.status}, ${fmt(scored.graded)} graded)`,
    budget: `< ${budget.score / 1000} s`,
    pass: scored.ok && scored.graded === data.heavyGamePicks && scored.ms < budget.score,
  };
}

/** The server's memory (kB): its peak RSS sampled under load, once started, and VmHWM. */
export function memoryRow(kind: Kind, rss: { peak: number; idle: number; hwm: number }): Row {
  const budget = PICK_BUDGET[kind];
  return {
    what: "server memory, peak RSS",
    value: `${fmt(rss.peak / 1024)} MB under load (${fmt(rss.idle / 1024)} MB once started; VmHWM ${fmt(rss.hwm / 1024)} MB)`,
    budget: `< ${budget.rss} MB`,
    pass: rss.peak / 1024 < budget.rss,
  };
}

export function startRow(startMs: number): Row {
  return {
    what: "start with existing data to first 200 on /api/health",
    value: `${fmt(startMs)} ms`,
    budget: "< 2 s",
    pass: startMs < 2_000,
  };
}
