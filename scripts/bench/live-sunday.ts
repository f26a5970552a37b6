// `npm run bench`'s live Sunday, one more section per database, after the other rows on the same
// data set (BENCH_ONLY=live: this alone): its rows and notes from each run (live-run.ts). 10,000
// pages open on the event stream (both players of the 5,000 contests, each on the dashboard, Make
// Picks or the standings), a score update on the week's 14 games every 10 s through the data feed,
// and meanwhile 200 page views a second; on PostgreSQL the same again with two instances, 5,000
// streams on each. BENCH_LIVE_SECONDS shortens it while working on it (120 by default: 12 updates);
// BENCH_LIVE_PAGES opens fewer pages (10,000 by default).
import type { Row } from "./budgets";
import {
  BUDGET,
  CALIBRATION_MS,
  GAMES,
  LIVE_NOW,
  ONE_INSTANCE,
  PAGES,
  TWO_INSTANCES,
  UPDATE_EVERY_MS,
  UPDATES,
  VIEWS_PER_SECOND,
  WEEK,
  type LiveOptions,
} from "./live-config";
import {
  describe,
  finalUpdates,
  ms,
  runUpdates,
  sharePct,
  standingsDelays,
  tally,
  viewFigures,
  visibility,
  type Described,
  type Summary,
} from "./live-figures";
import { run, type RunResult } from "./live-run";
import { prepareWeek } from "./live-week";
import { collectOwnGarbage } from "./own-heap";
import { fmt, log, mb } from "./settings";

type Kind = "pglite" | "postgres";

const TITLE = `live Sunday (${fmt(PAGES)} open pages, ${GAMES} live games, ${UPDATES} updates in ${fmt((UPDATES * UPDATE_EVERY_MS) / 1000)} s)`;
const TWO_INSTANCES_WHAT = `live Sunday, two instances on one PostgreSQL (${fmt(PAGES / 2)} streams each): a new score on the open pages; page views`;
const allBudgets = `p99 ≤ 1 s, all ≤ 2 s; page views p99 < ${BUDGET.views} ms; RSS < ${BUDGET.rssMb / 1024} GB`;

/**
 * The live Sunday on this section's database: the rows (visibility, page views, CPU, memory; on
 * PostgreSQL one more for two instances) and the notes that say what ran.
 */
export async function liveSunday(options: LiveOptions): Promise<{ rows: Row[]; notes: string[] }> {
  const { kind, data } = options;
  if (data.currentWeek !== WEEK) {
    throw new Error(`The live Sunday plays week ${WEEK}; the data set's is ${data.currentWeek}.`);
  }
  if (PAGES % 2 !== 0 || PAGES < 6 || PAGES > data.tokens.length) {
    throw new Error("BENCH_LIVE_PAGES: an even number, at least 6, up to the users.");
  }
  const rows: Row[] = [];
  const notes: string[] = [];
  /** A run that did not complete (a server died, say) is one failed row saying when and how. */
  const attempt = async (instances: number, what: string) => {
    collectOwnGarbage(); // the run before's pages
    log(`live Sunday: preparing the week${instances > 1 ? ` (${instances} instances)` : ""}`);
    try {
      return await run(options, instances, await prepareWeek(options.dbEnv, data));
    } catch (error) {
      log(`live Sunday: ${(error as Error).message}`);
      rows.push({
        what,
        value: `did not complete: ${(error as Error).message}`,
        budget: allBudgets,
        pass: false,
      });
      return undefined;
    }
  };

  // A function of its own, so that its run's 10,000 pages (this process's heap, where the next
  // run's pages and events are handled) are let go before the two-instance run (decision 053).
  const oneInstance = async () => {
    const one = await attempt(1, TITLE);
    if (!one) return;
    const d = describe(one);
    rows.push(...oneInstanceRows(kind, one, d));
    notes.push(...runNotes(one, d, kind, "Live Sunday"));
  };
  if (ONE_INSTANCE) await oneInstance();

  if (kind === "postgres" && TWO_INSTANCES) {
    const two = await attempt(2, TWO_INSTANCES_WHAT);
    if (two) {
      const t = describe(two);
      rows.push(twoInstancesRow(kind, two, t));
      notes.push(...runNotes(two, t, kind, "Two instances"));
    }
  }
  return { rows, notes };
}

/** One instance's rows: a new score on the pages, a final's standings, page views, CPU, memory. */
function oneInstanceRows(kind: Kind, one: RunResult, d: Described): Row[] {
  const perStream = (one.rss.open[0]! - one.rss.before[0]!) / PAGES;
  return [
    {
      what: `${TITLE}: a new score on the open pages, from the feed's write`,
      value: `${seenText(d.seen)} (${fmt(d.seen.samples)} page updates${d.seen.missing ? `, ${fmt(d.seen.missing)} never shown` : ""})`,
      budget: "p99 ≤ 1 s, all ≤ 2 s",
      pass: d.visiblePass,
    },
    {
      what: `${TITLE}: a final's standings on its players' pages, from the feed's write`,
      value: d.standings.samples
        ? `p99 ${ms(d.standings.p99)}, max ${ms(d.standings.max)} (${fmt(d.standings.samples)} pages graded; ${fmt(d.standings.missing)} never)`
        : `no page got grades (${finalUpdates(one).length} updates with finals)`,
      budget: "—",
      pass: null,
    },
    {
      what: `${TITLE}: page views meanwhile (${VIEWS_PER_SECOND}/s: dashboard, Make Picks, weekly results)`,
      value: `p50 ${ms(d.views.p50)}, p99 ${ms(d.views.p99)} (${fmt(d.views.completed)} completed of ${fmt(d.views.due)} due${d.views.failed ? `; failed: ${d.views.failures}` : ""})`,
      budget: `p99 < ${BUDGET.views} ms`,
      pass: d.viewsPass,
    },
    {
      what: `${TITLE}: CPU per score update`,
      value:
        `the kickoff alone (all ${GAMES} games to live, no page views): ${cpuText(kind, one.kickoffCpu)}; ` +
        `in the run ${d.perUpdate.less ? `${cpuText(kind, d.perUpdate.less)} (the page views' share taken out)` : `not told apart from the page views (${d.perUpdate.why})`}, ` +
        `${cpuText(kind, d.perUpdate.raw)} with it; a page view: ${cpuText(kind, d.perView, 2)}`,
      budget: "—",
      pass: null,
    },
    {
      what: `${TITLE}: server memory with the streams open`,
      value: `peak RSS ${fmt(mb(one.rss.peak[0]!))} MB (${fmt(mb(one.rss.before[0]!))} MB before the streams, ${fmt(mb(one.rss.open[0]!))} MB once open: ${fmt(perStream)} kB a stream; VmHWM ${fmt(mb(one.rss.hwm[0]!))} MB)`,
      budget: `< ${BUDGET.rssMb / 1024} GB`,
      pass: mb(one.rss.peak[0]!) < BUDGET.rssMb,
    },
  ];
}

/** The two instances' row: all of the one instance's budgets in one. */
function twoInstancesRow(kind: Kind, two: RunResult, t: Described): Row {
  return {
    what: TWO_INSTANCES_WHAT,
    value:
      `${seenText(t.seen)}${t.seen.missing ? ` (${fmt(t.seen.missing)} never shown)` : ""}; ` +
      `page views p50 ${ms(t.views.p50)}, p99 ${ms(t.views.p99)} (${fmt(t.views.completed)} completed of ${fmt(t.views.due)} due${t.views.failed ? `; failed: ${t.views.failures}` : ""}; ` +
      `a player's first sight on an instance, ${fmt(t.firstSights.completed)} of them: p50 ${ms(t.firstSights.p50)}, p99 ${ms(t.firstSights.p99)}; the others p50 ${ms(t.otherViews.p50)}, p99 ${ms(t.otherViews.p99)}); ` +
      `CPU of the kickoff alone: ${cpuText(kind, two.kickoffCpu)} (the two servers'); peak RSS ${two.rss.peak.map((kb) => fmt(mb(kb))).join(" and ")} MB`,
    budget: allBudgets,
    pass: t.visiblePass && t.viewsPass && two.rss.peak.every((kb) => mb(kb) < BUDGET.rssMb),
  };
}

function runNotes(result: RunResult, d: Described, kind: "pglite" | "postgres", name: string): string[] {
  const { setup } = result;
  const { stats } = result.pages;
  const withGames = stats.events ? stats.eventsWithGames / stats.events : 0;
  const activity = result.updates.filter((update) => update.fromActivity).length;
  const calibration = viewFigures(result.viewsCalibration);
  const kickoff = result.updates[0]!;
  return [
    "",
    `${name}: APP_NOW ${LIVE_NOW} (after week ${WEEK}'s kickoffs); ${fmt(PAGES)} pages loaded (in ${(setup.loadMs / 1000).toFixed(1)} s${setup.loadFailed.length ? `; ${fmt(setup.loadFailed.length)} requests failed: ${tally(setup.loadFailed)}` : ""}), their streams opened in ${(setup.openMs / 1000).toFixed(1)} s${setup.refused ? ` (${fmt(setup.refused)} refused)` : ""}. ` +
      `The kickoff alone (sync ${fmt(kickoff.syncMs)} ms, no page views): ${seenText(d.kickoff)}; ${cpuText(kind, result.kickoffCpu)}; this process read its events in ${fmt(result.kickoffReadMs)} ms. ` +
      `Page views alone (${CALIBRATION_MS / 1000} s before the first update): p50 ${ms(calibration.p50)}, p99 ${ms(calibration.p99)}, ${fmt(result.completed.calibration / (CALIBRATION_MS / 1000))} completed a second. ` +
      `${fmt(stats.events)} events, ${sharePct(withGames)} carrying the games' states${stats.mismatched ? ` (${fmt(stats.mismatched)} not the update expected)` : ""}; ${fmt(stats.grades)} grades events, ${fmt(stats.written)} queries written with the data they carried${stats.unpatched ? ` (${fmt(stats.unpatched)} weekly results patches with no list to patch, refetched if shown)` : ""}, ${fmt(stats.refetches)} refetches (${stats.refetchFailures.length ? `${fmt(stats.refetchFailures.length)} failed: ${tally(stats.refetchFailures)}; ` : ""}${fmt(stats.coalesced)} asked for again while under way, ${fmt(stats.cancelled)} cancelled by carried data)${stats.dropped ? `; ${fmt(stats.dropped)} streams dropped` : ""}. ` +
      `The feed's write read from the activity log for ${activity} of ${result.updates.length} updates (else the sync's response). ` +
      `The page views' process: ${fmt(result.viewsCpu.ms / 1000)} s of CPU, ${(result.viewsCpu.ms / Math.max(1, result.viewsCpu.views)).toFixed(2)} ms a view (its requests sent and their answers read, on the server's two cores). ` +
      `This process (the pages; the page views run in their own): ${fmt(result.clientCpuMs / 1000)} s of CPU; patchGames (on one page in ten) ${stats.patchedPages ? ((stats.patchMs * 1000) / stats.patchedPages).toFixed(0) : 0} µs per page and event.`,
    "",
    perUpdateLine(result),
  ];
}

function perUpdateLine(result: RunResult): string {
  const parts = runUpdates(result).map((u) => {
    const update = result.updates[u]!;
    const seen = visibility(result, [u]);
    const refetching = result.pages.refetched.filter((counts) => counts[u]! > 0).length;
    const line = `${u}: ${fmt(update.syncMs)} ms, ${update.finals} final, ${fmt(refetching)} refetching, p99 ${ms(seen.p99)}, max ${ms(seen.max)}`;
    if (update.finals === 0) return line;
    const standings = standingsDelays(result, [u]);
    const gradesRefetching = result.pages.graded.filter((counts) => counts[u]! > 1).length;
    return `${line}; grades to ${fmt(standings.samples)} pages (${fmt(gradesRefetching)} refetching), standings p99 ${ms(standings.p99)}, max ${ms(standings.max)}${standings.missing ? ` (${fmt(standings.missing)} never)` : ""}`;
  });
  return `Per update (the sync request's time, games going final, pages refetching, delay p99 and max; with finals, the pages that got grades, those refetching for them, and their standings' delay p99 and max from the same write): ${parts.join("; ")}.`;
}

const cpuText = (kind: "pglite" | "postgres", cpu: { server: number; db: number }, digits = 0) => {
  const text = (value: number) =>
    `${value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })} ms`;
  return kind === "postgres"
    ? `server ${text(cpu.server)}, PostgreSQL ${text(cpu.db)}`
    : `server with PGlite ${text(cpu.server)}`;
};

const seenText = (seen: Summary) =>
  `p99 ${ms(seen.p99)}, max ${ms(seen.max)}; ${sharePct(seen.within1)} within 1 s, ${sharePct(seen.within2)} within 2 s`;
