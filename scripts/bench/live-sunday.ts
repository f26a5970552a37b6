// `npm run bench`'s live Sunday (issue 19), one more section per database, after the other rows on
// the same data set (BENCH_ONLY=live: this alone). 10,000 pages open on the event stream (both
// players of the 5,000 contests, each on the dashboard, Make Picks or the standings), a score update
// on the week's 14 games every 10 s through the data feed, and meanwhile 200 page views a second;
// on PostgreSQL the same again with two instances, 5,000 streams on each.
// BENCH_LIVE_SECONDS shortens it while working on it (120 by default: 12 updates); BENCH_LIVE_PAGES
// opens fewer pages (10,000 by default).
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { and, asc, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "@/server/db/client";
import { games, picks, sessions } from "@/server/db/schema";
import { EspnStandIn, recorded, vary, type EspnEvent, type Scoreboard } from "../../tests/feed-stand-in";
import { freePort } from "./free-port";
import { Http, OpenPages, PAGE_KINDS, type PageSpec, type ProbeState } from "./live-pages";
import { NOT_SENT, PageViewsProcess, type ViewResult } from "./page-views";
import { collectOwnGarbage } from "./own-heap";
import { insertBatches, SEASON, type BenchData } from "./seed";

/** After every kickoff of week 12 (the last, Monday night's, 01:15Z), before week 13 begins. */
export const LIVE_NOW = "2025-11-25T02:00:00Z";
const WEEK = 12;
/** The week's games, all live: the recorded response's events. */
const GAMES = 14;
const FIXTURE = "2025-week-12-before-kickoff.json";
const UPDATE_EVERY_MS = 10_000;
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 120);
const UPDATES = Math.max(1, Math.round((SECONDS * 1000) / UPDATE_EVERY_MS));
const PAGES = Number(process.env.BENCH_LIVE_PAGES ?? 10_000);
/**
 * While working on a figure: BENCH_LIVE_INSTANCES=1 runs the one-instance run alone (no two-instance
 * row), BENCH_LIVE_INSTANCES=2 the two-instance run alone (PostgreSQL).
 */
const ONE_INSTANCE = process.env.BENCH_LIVE_INSTANCES !== "2";
const TWO_INSTANCES = process.env.BENCH_LIVE_INSTANCES !== "1";
const VIEWS_PER_SECOND = 200;
/** Views still running past this many are not sent (counted failed): past capacity, the run stays bounded. */
const MAX_VIEWS_WAITING = 10 * VIEWS_PER_SECOND;
/** Page views alone before the first update: what they cost, to tell the updates' share of the CPU. */
const CALIBRATION_MS = 10_000;
/** The server lets an address hold 200 streams (EVENT_STREAMS_PER_ADDRESS): half that from each. */
const STREAMS_PER_ADDRESS = 100;
/** How long pages may still take to show the last update once the run is over. */
const DRAIN_MS = 15_000;
/** The games that go final (by kickoff order), in the last two updates: the early Sunday games. */
const FINAL_WAVES = [
  [1, 2, 3, 4],
  [5, 6, 7],
];
const BUDGET = { p99: 1_000, max: 2_000, views: 50, rssMb: 1_024 };

/** A row of bench.ts's tables. */
export interface LiveRow {
  what: string;
  value: string;
  budget: string;
  pass: boolean | null;
}

/** What this needs of bench.ts: the server started as its rows start it, and its probes. */
export interface LiveTools {
  /** The built server on the section's database, with these variables besides bench.ts's. */
  startServer(env: Record<string, string>): ChildProcess;
  stopChild(child: ChildProcess): Promise<void>;
  waitForOk(url: string): Promise<number>;
  statusKb(pid: number, field: "VmRSS" | "VmHWM"): number;
  cpuMs(pids: number[]): number;
  log(message: string): void;
}

export interface LiveOptions {
  kind: "pglite" | "postgres";
  data: BenchData;
  dbEnv: Record<string, string>;
  tools: LiveTools;
}

interface WeekGame {
  id: string;
  homeTeam: string;
  awayTeam: string;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ESPN_CODES: Record<string, string> = { WSH: "WAS", LAR: "LA" };

/**
 * The week as a Sunday starts: its games not yet started (their feed ids kept), and two picks per
 * player as the data set's finished weeks have them, contest c's first player on the c-th game
 * (mod 14) and the second on the game 7 further, so that each wave of finals grades about half
 * the contests. Whatever earlier rows picked in the week goes: every run starts alike.
 */
async function prepareWeek(dbEnv: Record<string, string>, data: BenchData): Promise<WeekGame[]> {
  const database = await openDatabase(
    dbEnv.DATABASE_URL ? { url: dbEnv.DATABASE_URL } : { dataDir: dbEnv.DATA_DIR! },
  );
  try {
    const week = await database.db
      .select()
      .from(games)
      .where(and(eq(games.season, SEASON), eq(games.week, WEEK)))
      .orderBy(asc(games.gameDate), asc(games.homeTeam));
    if (week.length !== GAMES) throw new Error(`Week ${WEEK} has ${week.length} games, not ${GAMES}.`);
    const ids = week.map((game) => game.id);
    await database.db
      .update(games)
      .set({ status: "upcoming", homeScore: null, awayScore: null, period: null, clock: null, phase: null })
      .where(inArray(games.id, ids));
    await database.db.delete(picks).where(inArray(picks.gameId, ids));
    const rows: (typeof picks.$inferInsert)[] = [];
    data.contestIds.forEach((contestId, c) => {
      const sides = [
        { player: 0, game: week[c % week.length]!, spread: "favorite", total: "over" },
        { player: 1, game: week[(c + 7) % week.length]!, spread: "underdog", total: "under" },
      ] as const;
      for (const { player, game, spread, total } of sides) {
        // Every row with the same keys (insertBatches): the line of its market, the others null.
        const base = { contestId, userId: data.userIds[2 * c + player]!, gameId: game.id, week: WEEK };
        const spreadLine = { lineSpread: game.spread, lineFavorite: game.favoriteTeam, lineTotal: null };
        const totalLine = { lineSpread: null, lineFavorite: null, lineTotal: game.overUnder };
        rows.push({ ...base, market: "spread", side: spread, ...spreadLine });
        rows.push({ ...base, market: "total", side: total, ...totalLine });
      }
    });
    await insertBatches(database, picks, rows);
    // The players have been here today: their sessions were renewed within the day (the data set's
    // expire 30 days after its own APP_NOW), else each first request renews its session, a write that
    // clears every session in every instance's cache (users.repository updateUser).
    await database.db.update(sessions).set({ expiresAt: new Date(Date.parse(LIVE_NOW) + 30 * DAY - HOUR) });
    return week.map(({ id, homeTeam, awayTeam }) => ({ id, homeTeam, awayTeam }));
  } finally {
    await database.close();
  }
}

interface GameAt {
  final: boolean;
  home: number;
  away: number;
  period: number;
  clock: string;
}

/** Update k of n (0-based; -1 the kickoff): a game's state, moving through the game as the updates go. */
function gameAt(k: number, n: number, g: number): GameAt {
  if (k < 0) return { final: false, home: 0, away: 0, period: 1, clock: "15:00" };
  const waves = n >= 2 ? FINAL_WAVES : [[], FINAL_WAVES.flat()];
  const wave = waves.findIndex((games) => games.includes(g));
  const finalAt = wave < 0 ? Infinity : n - waves.length + wave;
  const at = Math.min(k, finalAt);
  const elapsed = ((at + 1) / (n + 1)) * 3_600; // seconds of play
  const period = Math.min(4, 1 + Math.floor(elapsed / 900));
  const left = Math.round(900 - (elapsed - (period - 1) * 900));
  return {
    final: k >= finalAt,
    home: 7 * Math.floor((elapsed + 137 * g) / 700) + 3 * Math.floor((elapsed + 61 * g) / 1_300),
    away: 7 * Math.floor((elapsed + 229 * g) / 800) + 3 * Math.floor((elapsed + 17 * g) / 1_100),
    period,
    clock: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`,
  };
}

/** The recorded week with every game at update k. */
function scoreboardAt(k: number, n: number, week: readonly WeekGame[]): Scoreboard {
  const board = recorded(FIXTURE);
  const code = (team: EspnEvent) => ESPN_CODES[team.team.abbreviation] ?? team.team.abbreviation;
  for (const event of board.events) {
    const g = week.findIndex(
      (game) =>
        game.homeTeam === code(vary.competitor(event, "home")) &&
        game.awayTeam === code(vary.competitor(event, "away")),
    );
    if (g < 0) throw new Error(`The recorded event ${event.id} matches no game of week ${WEEK}.`);
    const state = gameAt(k, n, g);
    if (state.final) vary.final(event, state.away, state.home);
    else vary.live(event, state.away, state.home, state.period, state.clock);
  }
  return board;
}

interface Server {
  child: ChildProcess;
  base: string;
  port: number;
}

async function startServers(tools: LiveTools, count: number, feedUrl: string): Promise<Server[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      const child = tools.startServer({ PORT: String(port), FEED_URL: feedUrl, APP_NOW: LIVE_NOW });
      servers.push({ child, port, base: `http://127.0.0.1:${port}` });
      await tools.waitForOk(`${servers[i]!.base}/api/health`);
    }
  } catch (error) {
    for (const server of servers) await tools.stopChild(server.child);
    throw error;
  }
  return servers;
}

/** Admin calls (the sync, the feed's state, the activity log): a few, through fetch. */
async function adminCall<T>(base: string, cookie: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: body ? "POST" : "GET",
    headers: { cookie, ...(body && { "content-type": "application/json" }) },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The CPU of the database's own backends (pg_stat_activity of this database), listed again every
 * second as the pool opens and closes connections: another database's tests on the same server do
 * not count.
 */
class Backends {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly cpuMs: (pids: number[]) => number,
  ) {}

  async start(): Promise<void> {
    this.client = new pg.Client({ connectionString: this.url });
    await this.client.connect();
    await this.sample(true);
    this.timer = setInterval(() => void this.sample(false).catch(() => undefined), 1_000);
  }

  /** CPU ms used by the backends since `start`. */
  async total(): Promise<number> {
    await this.sample(false);
    let sum = 0;
    for (const [pid, ms] of this.last) sum += ms - (this.first.get(pid) ?? 0);
    return sum;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.client?.end();
  }

  private async sample(initial: boolean): Promise<void> {
    const { rows } = await this.client!.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) {
      const ms = this.cpuMs([pid]);
      if (initial) this.first.set(pid, ms);
      if (ms > 0) this.last.set(pid, ms);
    }
  }
}

/** A view not sent (too many waiting), and one still running when the run ended: as statuses. */
const UNFINISHED = -2;

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Update {
  /** The feed's write (performance.now()). */
  writtenAt: number;
  syncMs: number;
  finals: number;
  fromActivity: boolean;
}

interface RunResult {
  /** Update 0: the kickoff, alone (no page views yet); then the run's, one every 10 s. */
  updates: Update[];
  /** The kickoff's CPU (no page views meanwhile): the fan-out of one update to every page. */
  kickoffCpu: { server: number; db: number };
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

/** The stand-in moved to update k's state, then the admin's sync; the feed's write read back. */
async function syncUpdate(base: string, admin: string, standIn: EspnStandIn, k: number, week: WeekGame[]) {
  standIn.setWeek(SEASON, WEEK, scoreboardAt(k, UPDATES, week));
  const syncAt = performance.now();
  const result = await adminCall<{ updated: number; graded: number }>(base, admin, "/api/admin/feed/sync", {
    season: SEASON,
    week: WEEK,
  });
  const returnedAt = performance.now();
  // The feed's write: the sync's line in the activity log, written in its transaction just before
  // its commit (by the database's clock: this machine's); the response comes after the commit.
  const log = await adminCall<{ entries: { action: string; createdAt: string }[] }>(
    base,
    admin,
    "/api/admin/activity?limit=5",
  );
  const line = log.entries.find((entry) => entry.action === "games.synced");
  const written = line ? Date.parse(line.createdAt) - performance.timeOrigin : Number.NaN;
  const fromActivity = written >= syncAt - 5 && written <= returnedAt + 1;
  const update: Update = {
    writtenAt: fromActivity ? written : returnedAt,
    syncMs: returnedAt - syncAt,
    finals: result.graded,
    fromActivity,
  };
  return { update, updated: result.updated };
}

/** One run: `instances` servers on the database, the pages split between them. */
async function run(options: LiveOptions, instances: number, week: WeekGame[]): Promise<RunResult> {
  const { data, tools, kind, dbEnv } = options;
  const standIn = await new EspnStandIn().start();
  standIn.setWeek(SEASON, WEEK, recorded(FIXTURE));
  const servers = await startServers(tools, instances, standIn.url).catch(async (error: unknown) => {
    await standIn.stop();
    throw error;
  });
  const base = servers[0]!.base;
  const admin = `fp_session=${data.tokens[0]}`;
  let pages: OpenPages | undefined;
  let views: PageViewsProcess | undefined;
  let backends: Backends | undefined;
  let sampler: NodeJS.Timeout | undefined;
  // A server that dies (out of memory, say) ends the run: the error says when, and how.
  const exits = servers.map(() => "");
  servers.forEach((server, i) =>
    server.child.once("exit", (code, signal) => (exits[i] = signal ? `signal ${signal}` : `code ${code}`)),
  );
  let stage = "before the streams opened";
  const pids = servers.map((server) => server.child.pid!);
  const rss = { before: [] as number[], open: [] as number[], peak: pids.map(() => 0), hwm: [] as number[] };
  try {
    // Each instance's poller syncs the season once at start (its schedule reads the clock APP_NOW
    // stops, so no live poll is ever due after): it adopts the week's games. Then one sync of the week.
    for (let waited = 0; waited < 30_000; waited += 200) {
      if ((await adminCall<{ recent: unknown[] }>(base, admin, "/api/admin/feed")).recent.length > 0) break;
      await sleep(200);
    }
    await adminCall(base, admin, "/api/admin/feed/sync", { season: SEASON, week: WEEK });

    const specs = pageSpecs(data);
    const probe = week.length - 1; // the last game: never final here
    const probes: ProbeState[] = Array.from({ length: UPDATES + 1 }, (_, u) => {
      const state = gameAt(u - 1, UPDATES, probe);
      return { id: week[probe]!.id, homeScore: state.home, awayScore: state.away, clock: state.clock };
    });
    const pageClients = servers.map((server) => new Http(server.port));
    const instanceOf = (page: number) => page % instances;
    pages = new OpenPages(specs, pageClients, instanceOf, UPDATES + 1, probes);
    tools.log(`live Sunday: ${fmt(PAGES)} pages`);
    let started = performance.now();
    // Each page loaded for real, as its player opened it (a few at a time).
    const loadFailed = await pages.load(kind === "postgres" ? 16 : 8);
    const loadMs = performance.now() - started;
    rss.before = pids.map((pid) => tools.statusKb(pid, "VmRSS"));
    sampler = setInterval(() => {
      pids.forEach((pid, i) => (rss.peak[i] = Math.max(rss.peak[i]!, tools.statusKb(pid, "VmRSS"))));
    }, 100);
    stage = "while the streams opened";
    started = performance.now();
    // A few at a time, as the pages were loaded.
    const refused = await pages.open(kind === "postgres" ? 16 : 8, STREAMS_PER_ADDRESS);
    const openMs = performance.now() - started;
    tools.log(`live Sunday: streams open in ${fmt(openMs)} ms (${refused} refused)`);
    collectOwnGarbage(); // what opening the pages left
    await sleep(1_000);
    rss.open = pids.map((pid) => tools.statusKb(pid, "VmRSS"));
    if (kind === "postgres") {
      backends = new Backends(dbEnv.DATABASE_URL!, tools.cpuMs);
      await backends.start();
    }
    const cpuNow = async () => ({ server: tools.cpuMs(pids), db: backends ? await backends.total() : 0 });
    const clientCpu = process.cpuUsage();
    pages.startCounting();

    // The kickoff, alone: what one update's fan-out costs, with nothing else going on.
    stage = "at the kickoff";
    const kickoffBefore = await cpuNow();
    const readBefore = pages.stats.readMs;
    const updates = [(await syncUpdate(base, admin, standIn, -1, week)).update];
    const kickoffAt = performance.now();
    while (!pages.allVisible(1) && performance.now() - kickoffAt < 5_000) await sleep(50);
    await sleep(200);
    const kickoffAfter = await cpuNow();
    const kickoffReadMs = pages.stats.readMs - readBefore;

    // Page views of players (not the admin, user 0), the three screens in turn, spread over the
    // users; sent from a process of their own (page-views.ts).
    tools.log(`live Sunday: ${CALIBRATION_MS / 1000} s of page views alone, then ${UPDATES} updates`);
    stage = "with the page views alone";
    const calibrationAt = performance.now();
    const cpu0 = await cpuNow();
    views = await PageViewsProcess.start({
      ports: servers.map((server) => server.port),
      specs: specs.slice(1),
      perSecond: VIEWS_PER_SECOND,
      maxWaiting: MAX_VIEWS_WAITING,
      homes: specs.slice(1).map((_, j) => instanceOf(j + 1)),
    });
    await sleep(CALIBRATION_MS);
    const runAt = performance.now();
    const cpu1 = await cpuNow();
    for (let k = 0; k < UPDATES; k += 1) {
      await sleep(runAt + k * UPDATE_EVERY_MS - performance.now());
      stage = `at update ${k + 1}`;
      const { update, updated } = await syncUpdate(base, admin, standIn, k, week);
      updates.push(update);
      tools.log(
        `live Sunday: update ${k + 1}/${UPDATES}: ${updated} games, ${update.finals} final, sync ${fmt(update.syncMs)} ms`,
      );
    }
    await sleep(runAt + UPDATES * UPDATE_EVERY_MS - performance.now());
    stage = "after the last update";
    const endAt = performance.now();
    const cpu2 = await cpuNow();
    const ended = await views.stop(5_000);
    while (!pages.allVisible() && performance.now() - endAt < DRAIN_MS) await sleep(100);
    rss.hwm = pids.map((pid) => tools.statusKb(pid, "VmHWM"));
    const used = process.cpuUsage(clientCpu);
    const between = (from: number, to: number) => (time: number) => time >= from && time < to;
    const due = between(runAt, endAt);
    // BENCH_VIEWS_DUMP=<file>: every view (when due and how long, from the run's start: the views
    // alone before it at negative times), every update's write, and the run's start as a wall-clock
    // time, to set beside a server's --trace-gc or a sampler's log. Where the slow views fall:
    // scripts/bench/views-dump-summary.mjs.
    if (process.env.BENCH_VIEWS_DUMP) {
      const dump = {
        runEpoch: performance.timeOrigin + runAt,
        updates: updates.map((update) => ({ at: update.writtenAt - runAt, finals: update.finals })),
        views: views.done
          .filter((view) => view.at >= calibrationAt && view.at < endAt)
          .map((view) => [Math.round(view.at - runAt), view.ms, view.kind, view.firstSight ? 1 : 0]),
      };
      writeFileSync(process.env.BENCH_VIEWS_DUMP, JSON.stringify(dump));
    }
    return {
      updates,
      kickoffCpu: {
        server: kickoffAfter.server - kickoffBefore.server,
        db: kickoffAfter.db - kickoffBefore.db,
      },
      kickoffReadMs,
      pages,
      views: views.done.filter((view) => due(view.at)),
      viewsUnfinished: ended.filter(due).length,
      viewsCalibration: views.done.filter((view) => between(calibrationAt, runAt)(view.at)),
      completed: {
        calibration: views.done.filter((view) => between(calibrationAt, runAt)(view.end)).length,
        window: views.done.filter((view) => due(view.end)).length,
      },
      cpu: {
        server: cpu2.server - cpu1.server,
        db: cpu2.db - cpu1.db,
        calibrationServer: cpu1.server - cpu0.server,
        calibrationDb: cpu1.db - cpu0.db,
      },
      rss,
      setup: { loadMs, loadFailed, openMs, refused },
      clientCpuMs: (used.user + used.system) / 1000,
      viewsCpu: { ms: views.cpuMs, views: views.done.length },
    };
  } catch (error) {
    const gone = exits.flatMap((exit, i) => (exit ? [`server ${i + 1} exited (${exit})`] : []));
    const peak = rss.peak.map((kb) => `${fmt(mb(kb))} MB`).join(" and ");
    throw new Error(
      `${gone.length ? gone.join(", ") : (error as Error).message} ${stage} (peak RSS ${peak}${pages ? `, ${fmt(pages.openStreams)} streams open` : ""})`,
      { cause: error },
    );
  } finally {
    clearInterval(sampler);
    pages?.close();
    await backends?.stop();
    views?.kill();
    for (const server of servers) await tools.stopChild(server.child);
    await standIn.stop();
  }
}

interface Summary {
  p50: number;
  p99: number;
  max: number;
  within1: number;
  within2: number;
  samples: number;
  missing: number;
}

/** The run's updates (0 is the kickoff, measured apart). */
const runUpdates = (result: RunResult) => result.updates.map((_, u) => u).slice(1);

/** The delays from these updates' writes to each page showing them (never shown: the slowest). */
function visibility(result: RunResult, updates: readonly number[]): Summary {
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
function standingsDelays(result: RunResult, updates: readonly number[]): Summary {
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
const finalUpdates = (result: RunResult) => runUpdates(result).filter((u) => result.updates[u]!.finals > 0);

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
function tally(statuses: readonly number[]): string {
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

const ms = (value: number) => (Number.isFinite(value) ? `${fmt(value)} ms` : "never");
const pct = (value: number) => `${(value * 100).toFixed(value > 0.99 && value < 1 ? 1 : 0)}%`;
const mb = (kb: number) => kb / 1024;

function viewFigures(views: readonly ViewResult[], unfinished = 0) {
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
function describe(result: RunResult) {
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

type Described = ReturnType<typeof describe>;

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
  `p99 ${ms(seen.p99)}, max ${ms(seen.max)}; ${pct(seen.within1)} within 1 s, ${pct(seen.within2)} within 2 s`;

/**
 * The live Sunday on this section's database: the rows (visibility, page views, CPU, memory; on
 * PostgreSQL one more for two instances) and the notes that say what ran.
 */
export async function liveSunday(options: LiveOptions): Promise<{ rows: LiveRow[]; notes: string[] }> {
  const { kind, data, tools } = options;
  if (data.currentWeek !== WEEK) {
    throw new Error(`The live Sunday plays week ${WEEK}; the data set's is ${data.currentWeek}.`);
  }
  if (PAGES % 2 !== 0 || PAGES < 6 || PAGES > data.tokens.length) {
    throw new Error("BENCH_LIVE_PAGES: an even number, at least 6, up to the users.");
  }
  const rows: LiveRow[] = [];
  const notes: string[] = [];
  const title = `live Sunday (${fmt(PAGES)} open pages, ${GAMES} live games, ${UPDATES} updates in ${fmt((UPDATES * UPDATE_EVERY_MS) / 1000)} s)`;
  /** A run that did not complete (a server died, say) is one failed row saying when and how. */
  const attempt = async (instances: number, what: string, budget: string) => {
    collectOwnGarbage(); // the run before's pages
    tools.log(`live Sunday: preparing the week${instances > 1 ? ` (${instances} instances)` : ""}`);
    try {
      return await run(options, instances, await prepareWeek(options.dbEnv, data));
    } catch (error) {
      tools.log(`live Sunday: ${(error as Error).message}`);
      rows.push({ what, value: `did not complete: ${(error as Error).message}`, budget, pass: false });
      return undefined;
    }
  };

  const allBudgets = `p99 ≤ 1 s, all ≤ 2 s; page views p99 < ${BUDGET.views} ms; RSS < ${BUDGET.rssMb / 1024} GB`;
  // A function of its own, so that its run's 10,000 pages (~350 MB of this process's heap, where the
  // next run's pages and events are handled) are let go before the two-instance run (decision 053).
  const oneInstance = async () => {
    const one = await attempt(1, title, allBudgets);
    if (!one) return;
    const d = describe(one);
    const perStream = (one.rss.open[0]! - one.rss.before[0]!) / PAGES;
    rows.push(
      {
        what: `${title}: a new score on the open pages, from the feed's write`,
        value: `${seenText(d.seen)} (${fmt(d.seen.samples)} page updates${d.seen.missing ? `, ${fmt(d.seen.missing)} never shown` : ""})`,
        budget: "p99 ≤ 1 s, all ≤ 2 s",
        pass: d.visiblePass,
      },
      {
        what: `${title}: a final's standings on its players' pages, from the feed's write`,
        value: d.standings.samples
          ? `p99 ${ms(d.standings.p99)}, max ${ms(d.standings.max)} (${fmt(d.standings.samples)} pages graded; ${fmt(d.standings.missing)} never)`
          : `no page got grades (${finalUpdates(one).length} updates with finals)`,
        budget: "—",
        pass: null,
      },
      {
        what: `${title}: page views meanwhile (${VIEWS_PER_SECOND}/s: dashboard, Make Picks, weekly results)`,
        value: `p50 ${ms(d.views.p50)}, p99 ${ms(d.views.p99)} (${fmt(d.views.completed)} completed of ${fmt(d.views.due)} due${d.views.failed ? `; failed: ${d.views.failures}` : ""})`,
        budget: `p99 < ${BUDGET.views} ms`,
        pass: d.viewsPass,
      },
      {
        what: `${title}: CPU per score update`,
        value:
          `the kickoff alone (all ${GAMES} games to live, no page views): ${cpuText(kind, one.kickoffCpu)}; ` +
          `in the run ${d.perUpdate.less ? `${cpuText(kind, d.perUpdate.less)} (the page views' share taken out)` : `not told apart from the page views (${d.perUpdate.why})`}, ` +
          `${cpuText(kind, d.perUpdate.raw)} with it; a page view: ${cpuText(kind, d.perView, 2)}`,
        budget: "—",
        pass: null,
      },
      {
        what: `${title}: server memory with the streams open`,
        value: `peak RSS ${fmt(mb(one.rss.peak[0]!))} MB (${fmt(mb(one.rss.before[0]!))} MB before the streams, ${fmt(mb(one.rss.open[0]!))} MB once open: ${fmt(perStream)} kB a stream; VmHWM ${fmt(mb(one.rss.hwm[0]!))} MB)`,
        budget: `< ${BUDGET.rssMb / 1024} GB`,
        pass: mb(one.rss.peak[0]!) < BUDGET.rssMb,
      },
    );
    notes.push(...runNotes(one, d, kind, "Live Sunday"));
  };
  if (ONE_INSTANCE) await oneInstance();

  if (kind === "postgres" && TWO_INSTANCES) {
    const what = `live Sunday, two instances on one PostgreSQL (${fmt(PAGES / 2)} streams each): a new score on the open pages; page views`;
    const two = await attempt(2, what, allBudgets);
    if (two) {
      const t = describe(two);
      rows.push({
        what,
        value:
          `${seenText(t.seen)}${t.seen.missing ? ` (${fmt(t.seen.missing)} never shown)` : ""}; ` +
          `page views p50 ${ms(t.views.p50)}, p99 ${ms(t.views.p99)} (${fmt(t.views.completed)} completed of ${fmt(t.views.due)} due${t.views.failed ? `; failed: ${t.views.failures}` : ""}; ` +
          `a player's first sight on an instance, ${fmt(t.firstSights.completed)} of them: p50 ${ms(t.firstSights.p50)}, p99 ${ms(t.firstSights.p99)}; the others p50 ${ms(t.otherViews.p50)}, p99 ${ms(t.otherViews.p99)}); ` +
          `CPU of the kickoff alone: ${cpuText(kind, two.kickoffCpu)} (the two servers'); peak RSS ${two.rss.peak.map((kb) => fmt(mb(kb))).join(" and ")} MB`,
        budget: allBudgets,
        pass: t.visiblePass && t.viewsPass && two.rss.peak.every((kb) => mb(kb) < BUDGET.rssMb),
      });
      notes.push(...runNotes(two, t, kind, "Two instances"));
    }
  }
  return { rows, notes };
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
      `${fmt(stats.events)} events, ${pct(withGames)} carrying the games' states${stats.mismatched ? ` (${fmt(stats.mismatched)} not the update expected)` : ""}; ${fmt(stats.grades)} grades events, ${fmt(stats.written)} queries written with the data they carried${stats.unpatched ? ` (${fmt(stats.unpatched)} weekly results patches with no list to patch, refetched if shown)` : ""}, ${fmt(stats.refetches)} refetches (${stats.refetchFailures.length ? `${fmt(stats.refetchFailures.length)} failed: ${tally(stats.refetchFailures)}; ` : ""}${fmt(stats.coalesced)} asked for again while under way, ${fmt(stats.cancelled)} cancelled by carried data)${stats.dropped ? `; ${fmt(stats.dropped)} streams dropped` : ""}. ` +
      `The feed's write read from the activity log for ${activity} of ${result.updates.length} updates (else the sync's response). ` +
      `The page views' process: ${fmt(result.viewsCpu.ms / 1000)} s of CPU, ${(result.viewsCpu.ms / Math.max(1, result.viewsCpu.views)).toFixed(2)} ms a view (its requests sent and their answers read, on the server's two cores). ` +
      `This process (the pages; the page views run in their own): ${fmt(result.clientCpuMs / 1000)} s of CPU; patchGames (on one page in ten) ${stats.patchedPages ? ((stats.patchMs * 1000) / stats.patchedPages).toFixed(0) : 0} µs per page and event.`,
    "",
    perUpdateLine(result),
  ];
}
