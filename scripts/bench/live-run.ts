// One run of the live Sunday: the pages loaded and their streams opened, the kickoff alone, then the
// page views and the score updates; what each took, as measured (live-figures.ts reads it).
import { writeFileSync } from "node:fs";
import { EspnStandIn, recorded } from "../../tests/feed-stand-in";
import { Backends } from "./backends";
import { Http } from "./http-pool";
import {
  CALIBRATION_MS,
  DRAIN_MS,
  FIXTURE,
  MAX_VIEWS_WAITING,
  PAGES,
  sleep,
  STREAMS_PER_ADDRESS,
  UPDATE_EVERY_MS,
  UPDATES,
  VIEWS_PER_SECOND,
  WEEK,
  type LiveOptions,
} from "./live-config";
import { OpenPages, type ProbeState } from "./live-pages";
import { adminCall, startServers, syncUpdate, type Server, type Update } from "./live-servers";
import { gameAt, type WeekGame } from "./live-week";
import { collectOwnGarbage } from "./own-heap";
import { PAGE_KINDS, type PageSpec } from "./page-queries";
import { PageViewsProcess, type ViewResult } from "./page-views";
import { cpuMs, statusKb } from "./proc-stats";
import { stopChild } from "./processes";
import { SEASON, type BenchData } from "./seed";
import { fmt, log, mb } from "./settings";

export interface RunResult {
  /** Update 0: the kickoff, alone (no page views yet); then the run's, one every 10 s. */
  updates: Update[];
  /** The kickoff's CPU (no page views meanwhile): the fan-out of one update to every page. */
  kickoffCpu: Cpu;
  /** This process's time reading the kickoff's events. */
  kickoffReadMs: number;
  pages: OpenPages;
  /** The page views due in the run's window, and those still running at its end + 5 s. */
  views: ViewResult[];
  /** The views due in the window that were still running 5 s after it (then ended). */
  viewsUnfinished: number;
  viewsCalibration: ViewResult[];
  /** Page views completed in the calibration and in the run's window (whenever due). */
  completed: { calibration: number; window: number };
  cpu: { server: number; db: number; calibrationServer: number; calibrationDb: number };
  /** The servers' VmRSS (kB) before the streams, once open, at peak, and VmHWM at the end. */
  rss: { before: number[]; open: number[]; peak: number[]; hwm: number[] };
  setup: { loadMs: number; loadFailed: number[]; openMs: number; refused: number };
  clientCpuMs: number;
  /** The page views' process: its CPU while they ran, and the views it started. */
  viewsCpu: { ms: number; views: number };
}

/** CPU ms so far: the servers', and (PostgreSQL) the database's backends'. */
interface Cpu {
  server: number;
  db: number;
}

/** The page views and the updates: when each stretch began, and the CPU at each mark. */
interface Window {
  calibrationAt: number;
  runAt: number;
  endAt: number;
  cpu: { calibration: Cpu; run: Cpu; end: Cpu };
  /** The run's updates (the kickoff apart). */
  updates: Update[];
  /** When the views that were still running at the stop were due. */
  ended: number[];
  views: PageViewsProcess;
}

/** Every page on one of the three screens in turn, both players of each contest. */
function pageSpecs(data: BenchData): PageSpec[] {
  return Array.from({ length: PAGES }, (_, i) => ({
    kind: PAGE_KINDS[i % PAGE_KINDS.length]!,
    cookie: `fp_session=${data.tokens[i]}`,
    userId: data.userIds[i]!,
    contestId: data.contestIds[Math.floor(i / 2)]!,
    week: WEEK,
    season: SEASON,
  }));
}

/** One run: `instances` servers on the database, the pages split between them. */
export async function run(options: LiveOptions, instances: number, week: WeekGame[]): Promise<RunResult> {
  const standIn = await new EspnStandIn().start();
  standIn.setWeek(SEASON, WEEK, recorded(FIXTURE));
  const servers = await startServers(options, instances, standIn.url).catch(async (error: unknown) => {
    await standIn.stop();
    throw error;
  });
  const live = new LiveRun(options, week, standIn, servers);
  try {
    return await live.measure();
  } catch (error) {
    throw live.failure(error);
  } finally {
    await live.close();
  }
}

/** A run under way: what it has started (to end it whatever happens) and where it is (to say so). */
class LiveRun {
  private readonly base: string;
  private readonly admin: string;
  /** Why each server exited, "" while it runs: a server that dies (out of memory, say) ends the run. */
  private readonly exits: string[];
  private readonly pids: number[];
  private readonly rss: RunResult["rss"];
  private stage = "before the streams opened";
  private pages: OpenPages | undefined;
  private views: PageViewsProcess | undefined;
  private backends: Backends | undefined;
  private sampler: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: LiveOptions,
    private readonly week: WeekGame[],
    private readonly standIn: EspnStandIn,
    private readonly servers: Server[],
  ) {
    this.base = servers[0]!.base;
    this.admin = `fp_session=${options.data.tokens[0]}`;
    this.exits = servers.map(() => "");
    servers.forEach((server, i) =>
      server.child.once(
        "exit",
        (code, signal) => (this.exits[i] = signal ? `signal ${signal}` : `code ${code}`),
      ),
    );
    this.pids = servers.map((server) => server.child.pid!);
    this.rss = { before: [], open: [], peak: this.pids.map(() => 0), hwm: [] };
  }

  async measure(): Promise<RunResult> {
    await this.adoptWeek();
    const specs = pageSpecs(this.options.data);
    const clients = this.servers.map((server) => new Http(server.port));
    const pages = new OpenPages(specs, clients, (page) => this.instanceOf(page), UPDATES + 1, this.probes());
    this.pages = pages;
    const setup = await this.openPages(pages);
    if (this.options.kind === "postgres") {
      this.backends = new Backends(this.options.dbEnv.DATABASE_URL!);
      await this.backends.start();
    }
    const clientCpu = process.cpuUsage();
    pages.startCounting();
    const kickoff = await this.kickoff(pages);
    const window = await this.viewsAndUpdates(pages, specs);
    const used = process.cpuUsage(clientCpu);
    if (process.env.BENCH_VIEWS_DUMP) dumpViews(process.env.BENCH_VIEWS_DUMP, window, kickoff.update);
    const between = (from: number, to: number) => (time: number) => time >= from && time < to;
    const due = between(window.runAt, window.endAt);
    const calibrating = between(window.calibrationAt, window.runAt);
    const { views, cpu } = window;
    return {
      updates: [kickoff.update, ...window.updates],
      kickoffCpu: kickoff.cpu,
      kickoffReadMs: kickoff.readMs,
      pages,
      views: views.done.filter((view) => due(view.at)),
      viewsUnfinished: window.ended.filter(due).length,
      viewsCalibration: views.done.filter((view) => calibrating(view.at)),
      completed: {
        calibration: views.done.filter((view) => calibrating(view.end)).length,
        window: views.done.filter((view) => due(view.end)).length,
      },
      cpu: {
        server: cpu.end.server - cpu.run.server,
        db: cpu.end.db - cpu.run.db,
        calibrationServer: cpu.run.server - cpu.calibration.server,
        calibrationDb: cpu.run.db - cpu.calibration.db,
      },
      rss: this.rss,
      setup,
      clientCpuMs: (used.user + used.system) / 1000,
      viewsCpu: { ms: views.cpuMs, views: views.done.length },
    };
  }

  /** The run's error: a server's exit when one died, else the error; and the stage it came at. */
  failure(error: unknown): Error {
    const gone = this.exits.flatMap((exit, i) => (exit ? [`server ${i + 1} exited (${exit})`] : []));
    const peak = this.rss.peak.map((kb) => `${fmt(mb(kb))} MB`).join(" and ");
    return new Error(
      `${gone.length ? gone.join(", ") : (error as Error).message} ${this.stage} (peak RSS ${peak}${this.pages ? `, ${fmt(this.pages.openStreams)} streams open` : ""})`,
      { cause: error },
    );
  }

  async close(): Promise<void> {
    clearInterval(this.sampler);
    this.pages?.close();
    await this.backends?.stop();
    this.views?.kill();
    for (const server of this.servers) await stopChild(server.child);
    await this.standIn.stop();
  }

  /** Which instance page i talks to. */
  private instanceOf(page: number): number {
    return page % this.servers.length;
  }

  /** One update's expected state of the probe game, the last: never final here. */
  private probes(): ProbeState[] {
    const probe = this.week.length - 1;
    return Array.from({ length: UPDATES + 1 }, (_, u) => {
      const state = gameAt(u - 1, UPDATES, probe);
      return { id: this.week[probe]!.id, homeScore: state.home, awayScore: state.away, clock: state.clock };
    });
  }

  private cpuNow = async (): Promise<Cpu> => ({
    server: cpuMs(this.pids),
    db: this.backends ? await this.backends.total() : 0,
  });

  private sync(k: number) {
    return syncUpdate(this.base, this.admin, this.standIn, k, this.week);
  }

  /**
   * Each instance's poller syncs the season once at start (its schedule reads the clock APP_NOW
   * stops, so no live poll is ever due after): it adopts the week's games. Then one sync of the week.
   */
  private async adoptWeek(): Promise<void> {
    for (let waited = 0; waited < 30_000; waited += 200) {
      const feed = await adminCall<{ recent: unknown[] }>(this.base, this.admin, "/api/admin/feed");
      if (feed.recent.length > 0) break;
      await sleep(200);
    }
    await adminCall(this.base, this.admin, "/api/admin/feed/sync", { season: SEASON, week: WEEK });
  }

  /** Every page loaded, then its stream opened, a few at a time, as their players opened them. */
  private async openPages(pages: OpenPages): Promise<RunResult["setup"]> {
    const concurrency = this.options.kind === "postgres" ? 16 : 8;
    log(`live Sunday: ${fmt(PAGES)} pages`);
    let started = performance.now();
    const loadFailed = await pages.load(concurrency);
    const loadMs = performance.now() - started;
    this.rss.before = this.pids.map((pid) => statusKb(pid, "VmRSS"));
    this.sampler = setInterval(() => {
      this.pids.forEach((pid, i) => (this.rss.peak[i] = Math.max(this.rss.peak[i]!, statusKb(pid, "VmRSS"))));
    }, 100);
    this.stage = "while the streams opened";
    started = performance.now();
    const refused = await pages.open(concurrency, STREAMS_PER_ADDRESS);
    const openMs = performance.now() - started;
    log(`live Sunday: streams open in ${fmt(openMs)} ms (${refused} refused)`);
    collectOwnGarbage(); // what opening the pages left
    await sleep(1_000);
    this.rss.open = this.pids.map((pid) => statusKb(pid, "VmRSS"));
    return { loadMs, loadFailed, openMs, refused };
  }

  /** The kickoff, alone: what one update's fan-out costs, with nothing else going on. */
  private async kickoff(pages: OpenPages): Promise<{ update: Update; cpu: Cpu; readMs: number }> {
    this.stage = "at the kickoff";
    const before = await this.cpuNow();
    const readBefore = pages.stats.readMs;
    const { update } = await this.sync(-1);
    const kickoffAt = performance.now();
    while (!pages.allVisible(1) && performance.now() - kickoffAt < 5_000) await sleep(50);
    await sleep(200);
    const after = await this.cpuNow();
    const readMs = pages.stats.readMs - readBefore;
    return { update, cpu: { server: after.server - before.server, db: after.db - before.db }, readMs };
  }

  /**
   * Page views of players (not the admin, user 0), the three screens in turn, spread over the
   * users, sent from a process of their own (page-views.ts): alone first, then with the updates.
   */
  private async viewsAndUpdates(pages: OpenPages, specs: PageSpec[]): Promise<Window> {
    log(`live Sunday: ${CALIBRATION_MS / 1000} s of page views alone, then ${UPDATES} updates`);
    this.stage = "with the page views alone";
    const calibrationAt = performance.now();
    const calibration = await this.cpuNow();
    const views = await PageViewsProcess.start({
      ports: this.servers.map((server) => server.port),
      specs: specs.slice(1),
      perSecond: VIEWS_PER_SECOND,
      maxWaiting: MAX_VIEWS_WAITING,
      homes: specs.slice(1).map((_, j) => this.instanceOf(j + 1)),
    });
    this.views = views;
    await sleep(CALIBRATION_MS);
    const runAt = performance.now();
    const run = await this.cpuNow();
    const updates = await this.updates(runAt);
    this.stage = "after the last update";
    const endAt = performance.now();
    const end = await this.cpuNow();
    const ended = await views.stop(5_000);
    while (!pages.allVisible() && performance.now() - endAt < DRAIN_MS) await sleep(100);
    this.rss.hwm = this.pids.map((pid) => statusKb(pid, "VmHWM"));
    return { calibrationAt, runAt, endAt, cpu: { calibration, run, end }, updates, ended, views };
  }

  /** The score updates, one every UPDATE_EVERY_MS from `runAt`; answers at the end of the last's. */
  private async updates(runAt: number): Promise<Update[]> {
    const updates: Update[] = [];
    for (let k = 0; k < UPDATES; k += 1) {
      await sleep(runAt + k * UPDATE_EVERY_MS - performance.now());
      this.stage = `at update ${k + 1}`;
      const { update, updated } = await this.sync(k);
      updates.push(update);
      log(
        `live Sunday: update ${k + 1}/${UPDATES}: ${updated} games, ${update.finals} final, sync ${fmt(update.syncMs)} ms`,
      );
    }
    await sleep(runAt + UPDATES * UPDATE_EVERY_MS - performance.now());
    return updates;
  }
}

/**
 * BENCH_VIEWS_DUMP=<file>: every view (when due and how long, from the run's start: the views alone
 * before it at negative times), every update's write, and the run's start as a wall-clock time, to
 * set beside a server's --trace-gc or a sampler's log. Where the slow views fall:
 * scripts/bench/views-dump-summary.mjs.
 */
function dumpViews(file: string, window: Window, kickoff: Update): void {
  const { runAt } = window;
  const dump = {
    runEpoch: performance.timeOrigin + runAt,
    updates: [kickoff, ...window.updates].map((update) => ({
      at: update.writtenAt - runAt,
      finals: update.finals,
    })),
    views: window.views.done
      .filter((view) => view.at >= window.calibrationAt && view.at < window.endAt)
      .map((view) => [Math.round(view.at - runAt), view.ms, view.kind, view.firstSight ? 1 : 0]),
  };
  writeFileSync(file, JSON.stringify(dump));
}
