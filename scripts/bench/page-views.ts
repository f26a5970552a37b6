// The live Sunday's page views (scripts/bench/live-sunday.ts), in a process of their own: the
// 10,000 open pages take hundreds of ms of their process's event loop on each update, which would
// hold up the views' sends and reads and count against the server. Forked by `PageViewsProcess`;
// driven over IPC (start, stop); times are sent as epoch ms (performance.timeOrigin + now), which
// the parent turns back into its own performance.now().
import { fork, type ChildProcess } from "node:child_process";
import { Http } from "./http-pool";
import { PAGE_KINDS, viewPage, type PageKind, type PageSpec } from "./page-queries";

export interface ViewResult {
  /** When it was due, and when it completed. */
  at: number;
  end: number;
  ms: number;
  /** The statuses of its failed requests (0: no answer). */
  failed: number[];
  /** Its screen. */
  kind?: PageKind;
  /**
   * Its player's first view on an instance other than the one their page is open on: their session,
   * their contests' list and their people are not in that instance's memory yet (decision 051).
   */
  firstSight?: boolean;
}

/** A view not sent: past capacity (more than `maxWaiting` running). */
export const NOT_SENT = -1;

export interface ViewsConfig {
  ports: number[];
  /** Players' pages (not the admin's): the views go to them in turn, the three screens in turn. */
  specs: Omit<PageSpec, "kind">[];
  perSecond: number;
  maxWaiting: number;
  /** The instance (index in `ports`) each spec's page is open on, to tell first sights apart. */
  homes?: number[];
}

type Message = { start: ViewsConfig } | { stop: number };
type Reply = { started: true } | { stopped: { done: ViewResult[]; unfinished: number[]; cpuMs: number } };

/** Page views scheduled by the clock (open loop), each timed from when it was due. */
class PageViews {
  readonly done: ViewResult[] = [];
  /** This process's CPU since the views started (ms), read when they stop. */
  cpuMs = 0;
  private cpuAtStart: NodeJS.CpuUsage | undefined;
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private count = 0;
  private stopped = false;
  /** The views running, by when each was due. */
  private readonly running = new Map<Promise<void>, number>();
  private readonly clients: Http[];
  /** By instance, the specs a view has been sent there for. */
  private readonly seen: Set<number>[];

  constructor(private readonly config: ViewsConfig) {
    this.clients = config.ports.map((port) => new Http(port));
    this.seen = config.ports.map(() => new Set());
  }

  start(): void {
    this.cpuAtStart = process.cpuUsage();
    this.next = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      while (this.next <= now) {
        this.launch(this.next);
        this.next += 1000 / this.config.perSecond;
      }
    }, 2);
  }

  /**
   * Stops scheduling, waits `waitMs` for the views running, then ends the others (past capacity,
   * their requests would hold the server a while yet); answers when those it ended were due.
   */
  async stop(waitMs: number): Promise<number[]> {
    clearInterval(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.running.keys()),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
    const unfinished = [...this.running.values()];
    const used = process.cpuUsage(this.cpuAtStart);
    this.cpuMs = (used.user + used.system) / 1000;
    this.stopped = true;
    for (const client of this.clients) client.abortAll();
    return unfinished;
  }

  private launch(at: number): void {
    const n = this.count++;
    const { specs, homes } = this.config;
    const index = (n * 7_919) % specs.length;
    const spec: PageSpec = { ...specs[index]!, kind: PAGE_KINDS[n % PAGE_KINDS.length]! };
    const instance = n % this.clients.length;
    const seen = this.seen[instance]!;
    const firstSight = homes !== undefined && homes[index] !== instance && !seen.has(index);
    seen.add(index);
    const kind = spec.kind;
    if (this.running.size >= this.config.maxWaiting) {
      this.done.push({ at, end: Number.NaN, ms: Number.NaN, failed: [NOT_SENT], kind, firstSight });
      return;
    }
    const record = (result: ViewResult) =>
      void (this.stopped || this.done.push({ ...result, kind, firstSight }));
    const run = viewPage(this.clients[instance]!, spec, at).then(
      (view) => record({ at, end: at + view.ms, ms: view.ms, failed: view.failed }),
      () => record({ at, end: performance.now(), ms: performance.now() - at, failed: [0] }),
    );
    this.running.set(run, at);
    void run.finally(() => this.running.delete(run));
  }
}

/** BENCH_VIEWS_PROFILE=<folder>: a V8 CPU profile of this process, written when it is ended. */
const PROFILE = process.env.BENCH_VIEWS_PROFILE;

const epoch = (at: number) => performance.timeOrigin + at;
const local = (at: number) => at - performance.timeOrigin;

/** The page views' process, from the parent: started, then stopped with what it measured. */
export class PageViewsProcess {
  /** Once stopped: the views, with their times on this process's performance.now(). */
  done: ViewResult[] = [];
  /** Once stopped: its CPU from the views' start to their stop (ms). */
  cpuMs = 0;

  private constructor(private readonly child: ChildProcess) {}

  static async start(config: ViewsConfig): Promise<PageViewsProcess> {
    const child = fork(import.meta.filename, ["--child"], {
      execArgv: ["--import", "tsx", ...(PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE}`] : [])],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      // Structured clone: a view not sent keeps its NaN times (JSON would make them null).
      serialization: "advanced",
    });
    const views = new PageViewsProcess(child);
    await views.ask({ start: config });
    return views;
  }

  /** See PageViews.stop; answers when the views it ended were due. */
  async stop(waitMs: number): Promise<number[]> {
    const reply = await this.ask({ stop: waitMs });
    if (!("stopped" in reply)) throw new Error("the page views' process did not stop");
    const { done, unfinished, cpuMs } = reply.stopped;
    this.cpuMs = cpuMs;
    this.done = done.map((view) => ({ ...view, at: local(view.at), end: local(view.end) }));
    return unfinished.map(local);
  }

  /** Ends the process, whatever it is doing (a run that failed). */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }

  private ask(message: Message): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the page views' process exited (${code})`));
      this.child.once("exit", exited);
      this.child.once("message", (reply: Reply) => {
        this.child.off("exit", exited);
        resolve(reply);
      });
      this.child.send(message);
    });
  }
}

/** In the forked process: the views, as the parent says. */
if (process.send && process.argv[2] === "--child") {
  let views: PageViews | undefined;
  const reply = (message: Reply) => process.send!(message);
  // A parent gone (killed, crashed) leaves no views running.
  process.on("disconnect", () => process.exit(0));
  // Ended by the parent: exits as a process does, so that a CPU profile is written.
  process.on("SIGTERM", () => process.exit(0));
  process.on("message", (message: Message) => {
    if ("start" in message) {
      views = new PageViews(message.start);
      views.start();
      reply({ started: true });
    } else {
      void views!.stop(message.stop).then((unfinished) => {
        const done = views!.done.map((view) => ({ ...view, at: epoch(view.at), end: epoch(view.end) }));
        // The parent ends this process once it has the answer (a disconnect here could lose it).
        reply({ stopped: { done, unfinished: unfinished.map(epoch), cpuMs: views!.cpuMs } });
      });
    }
  });
}
