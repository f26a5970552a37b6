// The live Sunday's figures from a run's raw times: delays to a score on the pages, to a final's
// standings, the page views' percentiles, the CPU per update; and the units they are written in.
import { BUDGET, CALIBRATION_MS, VIEWS_PER_SECOND } from "./live-config";
import type { RunResult } from "./live-run";
import { NOT_SENT, type ViewResult } from "./page-views";
import { fmt } from "./settings";

/** A view not sent (too many waiting), and one still running when the run ended: as statuses. */
const UNFINISHED = -2;

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Summary {
  p50: number;
  p99: number;
  max: number;
  within1: number;
  within2: number;
  samples: number;
  missing: number;
}

/** The run's updates (0 is the kickoff, measured apart). */
export const runUpdates = (result: RunResult) => result.updates.map((_, u) => u).slice(1);

/** The delays from these updates' writes to each page showing them (never shown: the slowest). */
export function visibility(result: RunResult, updates: readonly number[]): Summary {
  const delays: number[] = [];
  let missing = 0;
  for (const u of updates) {
    const written = result.updates[u]!.writtenAt;
    for (const times of result.pages.visible) {
      const at = times[u]!;
      if (Number.isNaN(at)) missing += 1;
      else delays.push(Math.max(0, at - written));
    }
  }
  return summary(delays, missing);
}

/**
 * The delays from these updates' writes to the standings being up to date on each page that got a
 * `grades` event for them (never: the slowest); `samples` are those pages, `missing` the never.
 */
export function standingsDelays(result: RunResult, updates: readonly number[]): Summary {
  const delays: number[] = [];
  let missing = 0;
  for (const u of updates) {
    const written = result.updates[u]!.writtenAt;
    result.pages.standings.forEach((times, page) => {
      if (result.pages.graded[page]![u] === 0) return;
      const at = times[u]!;
      if (Number.isNaN(at)) missing += 1;
      else delays.push(Math.max(0, at - written));
    });
  }
  return summary(delays, missing);
}

/** The updates with games going final (whose players' pages get `grades` events). */
export const finalUpdates = (result: RunResult) =>
  runUpdates(result).filter((u) => result.updates[u]!.finals > 0);

/** Percentiles of the delays, a missing one counting as the slowest (Infinity). */
function summary(delays: number[], missing: number): Summary {
  const sorted = Float64Array.from(delays).sort();
  const samples = sorted.length + missing;
  const share = (limit: number) => (samples ? sorted.filter((d) => d <= limit).length / samples : 0);
  const at = (p: number) => {
    const rank = Math.max(0, Math.ceil((p / 100) * samples) - 1);
    return rank < sorted.length ? sorted[rank]! : Infinity;
  };
  return {
    p50: at(50),
    p99: at(99),
    max: at(100),
    within1: share(1_000),
    within2: share(2_000),
    samples,
    missing,
  };
}

/** "503 ×3, no answer ×2". */
export function tally(statuses: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  const name = (status: number) =>
    status > 0
      ? String(status)
      : status === 0
        ? "no answer"
        : status === NOT_SENT
          ? "not sent"
          : "unfinished";
  return [...counts].map(([status, count]) => `${name(status)} ×${fmt(count)}`).join(", ");
}

export const ms = (value: number) => (Number.isFinite(value) ? `${fmt(value)} ms` : "never");
/** A share in percent, with a decimal between 99% and 100% (99.5% is not 100%). */
export const sharePct = (value: number) => `${(value * 100).toFixed(value > 0.99 && value < 1 ? 1 : 0)}%`;

export function viewFigures(views: readonly ViewResult[], unfinished = 0) {
  const failed = views.filter((view) => view.failed.length > 0);
  const sorted = Float64Array.from(
    views.filter((view) => view.failed.length === 0).map((view) => view.ms),
  ).sort();
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    due: views.length + unfinished,
    completed: sorted.length,
    failed: failed.length + unfinished,
    failures: tally([
      ...failed.flatMap((view) => view.failed),
      ...Array<number>(unfinished).fill(UNFINISHED),
    ]),
  };
}

/** What a run measured, in the report's words. */
export function describe(result: RunResult) {
  const seen = visibility(result, runUpdates(result));
  const kickoff = visibility(result, [0]);
  const views = viewFigures(result.views, result.viewsUnfinished);
  // A page view's CPU: the calibration's over the views completed in it. The updates' share of the
  // run's CPU is what the views completed in it did not take, told apart only while the views kept
  // up with their rate (past capacity the server does what it can, whatever it is asked).
  const due = (VIEWS_PER_SECOND * CALIBRATION_MS) / 1000;
  const perView = {
    server: result.cpu.calibrationServer / Math.max(1, result.completed.calibration),
    db: result.cpu.calibrationDb / Math.max(1, result.completed.calibration),
  };
  const n = result.updates.length - 1;
  const keptUp = result.completed.calibration >= 0.95 * due && views.failed === 0;
  const less = {
    server: (result.cpu.server - perView.server * result.completed.window) / n,
    db: (result.cpu.db - perView.db * result.completed.window) / n,
  };
  const perUpdate = {
    raw: { server: result.cpu.server / n, db: result.cpu.db / n },
    // Not told apart either when the views' share, at a view's CPU measured alone, is more than the
    // run spent: a view's CPU differs between the two, and what is left would be noise (or 0).
    less: keptUp && less.server > 0 && less.db > 0 ? less : null,
    why: keptUp ? "a page view cost more alone than in the run" : "past their capacity",
  };
  const visiblePass = seen.p99 <= BUDGET.p99 && seen.max <= BUDGET.max;
  const viewsPass = views.p99 < BUDGET.views && views.failed === 0;
  const standings = standingsDelays(result, finalUpdates(result));
  // With two instances, a player's first view on the instance their page is not open on (decision 051).
  const firstSights = viewFigures(result.views.filter((view) => view.firstSight));
  const otherViews = viewFigures(result.views.filter((view) => !view.firstSight));
  return {
    seen,
    kickoff,
    views,
    firstSights,
    otherViews,
    perView,
    perUpdate,
    visiblePass,
    viewsPass,
    standings,
  };
}

export type Described = ReturnType<typeof describe>;
