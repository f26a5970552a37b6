// The live Sunday's settings (BENCH_LIVE_*), its sizes, schedule and budgets, shared by its parts
// (live-sunday.ts runs it).
import type { BenchData } from "./seed";

/** After every kickoff of week 12 (the last, Monday night's, 01:15Z), before week 13 begins. */
export const LIVE_NOW = "2025-11-25T02:00:00Z";
export const WEEK = 12;
/** The week's games, all live: the recorded response's events. */
export const GAMES = 14;
export const FIXTURE = "2025-week-12-before-kickoff.json";
export const UPDATE_EVERY_MS = 10_000;
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 120);
export const UPDATES = Math.max(1, Math.round((SECONDS * 1000) / UPDATE_EVERY_MS));
export const PAGES = Number(process.env.BENCH_LIVE_PAGES ?? 10_000);
/**
 * While working on a figure: BENCH_LIVE_INSTANCES=1 runs the one-instance run alone (no two-instance
 * row), BENCH_LIVE_INSTANCES=2 the two-instance run alone (PostgreSQL).
 */
export const ONE_INSTANCE = process.env.BENCH_LIVE_INSTANCES !== "2";
export const TWO_INSTANCES = process.env.BENCH_LIVE_INSTANCES !== "1";
export const VIEWS_PER_SECOND = 200;
/** Views still running past this many are not sent (counted failed): past capacity, the run stays bounded. */
export const MAX_VIEWS_WAITING = 10 * VIEWS_PER_SECOND;
/** Page views alone before the first update: what they cost, to tell the updates' share of the CPU. */
export const CALIBRATION_MS = 10_000;
/** The server lets an address hold 200 streams (EVENT_STREAMS_PER_ADDRESS): half that from each. */
export const STREAMS_PER_ADDRESS = 100;
/** How long pages may still take to show the last update once the run is over. */
export const DRAIN_MS = 15_000;
/** The games that go final (by kickoff order), in the last two updates: the early Sunday games. */
export const FINAL_WAVES = [
  [1, 2, 3, 4],
  [5, 6, 7],
];
export const BUDGET = { p99: 1_000, max: 2_000, views: 50, rssMb: 1_024 };

export interface LiveOptions {
  kind: "pglite" | "postgres";
  data: BenchData;
  /** The variables that point a server at the section's database. */
  dbEnv: Record<string, string>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
