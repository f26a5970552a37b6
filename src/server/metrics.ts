import { createHash, timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { FeedSyncKind } from "@/contracts/feed";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { readCache, TOPICS, type CacheTopic, type ReadCache } from "./db/read-cache";
import { connectionLimits } from "./http-limits";
import { pendingByKind } from "./repositories/outbox.repository";
import { findFeedState } from "./repositories/feed.repository";
import type { PassResult } from "./services/reminders.service";

/**
 * What the app's services tell the metrics, as `ctx.metrics`: absent while metrics are off, so a
 * call site is `ctx.metrics?.…` and the default configuration runs none of this.
 */
export interface MetricEvents {
  feedFailed(kind: FeedSyncKind): void;
  remindersPassed(result: PassResult): void;
}

/** The metrics of one app, while on (`app.metrics`; null while off). */
export interface MetricsEndpoint {
  registry: Registry;
  /** Opens METRICS_PORT, bound to HOST as the app is (main.ts, after the app listens); nothing without it. */
  listen(): Promise<void>;
  /** The own port's address once listening, else null. */
  address(): AddressInfo | null;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: MetricsEndpoint | null;
  }
}

const PREFIX = "football_pool_";
/** Request durations: most answers come from memory in a few ms; a slow one is seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A request that matched no route (an unknown path, or a client page): its path is never a label. */
const NO_ROUTE = "(no route)";

/**
 * Metrics at /metrics when METRICS_TOKEN or METRICS_PORT is set; with neither, nothing at all: no
 * route, no hook, no counting. Each app has its own registry (tests build many apps in one process);
 * the process's default metrics are made once and shared.
 */
export function installMetrics(app: FastifyInstance): void {
  const { env } = app.ctx;
  if (env.METRICS_TOKEN === undefined && env.METRICS_PORT === undefined) {
    app.decorate("metrics", null);
    return;
  }
  const own = new Registry();
  define(app, own);
  const registry = Registry.merge([own, processRegistry()]);
  const scrape = scraper(registry, env.METRICS_TOKEN);
  let server: FastifyInstance | null = null;
  if (env.METRICS_PORT === undefined) app.get("/metrics", { schema: { hide: true } }, scrape);
  else {
    server = Fastify({ logger: false, ...connectionLimits(env) });
    server.get("/metrics", scrape);
  }
  app.decorate("metrics", {
    registry,
    listen: async () => {
      if (server) await server.listen({ port: env.METRICS_PORT, host: env.HOST });
    },
    address: () => (server?.server.address() as AddressInfo | null | undefined) ?? null,
  });
  app.addHook("onClose", async () => server?.close());
}

/** The scrape's handler: the bearer token checked (in constant time) when one is set. */
function scraper(registry: Registry, token: string | undefined) {
  const expected = token === undefined ? null : digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
    if (expected && !(given !== undefined && timingSafeEqual(digest(given), expected))) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ message: "The metrics need the bearer token (METRICS_TOKEN)." });
    }
    const body = await registry.metrics();
    return reply.header("cache-control", "no-store").type(registry.contentType).send(body);
  };
}

/** Equal lengths for `timingSafeEqual`, whatever was sent. */
const digest = (value: string) => createHash("sha256").update(value).digest();

let shared: Registry | undefined;
/** Node's and the process's metrics (prom-client's defaults, their usual names): one set per process. */
function processRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}

/** Every metric of the app, in its registry, and the hooks that feed them. */
function define(app: FastifyInstance, registry: Registry): void {
  const { ctx } = app;
  const registers = [registry];
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "Time to answer a request, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  app.addHook("onResponse", (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? NO_ROUTE, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  new Gauge({
    name: `${PREFIX}event_streams_open`,
    help: "Live-update streams open on this instance.",
    registers,
    collect() {
      this.set(app.events.size);
    },
  });
  outboxMetrics(app, registers);
  feedMetrics(app, registers);
  const reminders = (name: string, help: string) =>
    new Counter({ name: `${PREFIX}reminders_${name}_total`, help, registers });
  const due = reminders("due", "Pick reminders that came due, planned by this instance's passes.");
  const sent = reminders("sent", "Pick reminders sent (their e-mail and push queued) by this instance.");
  const skipped = reminders("skipped", "Pick reminders due but not sent: picked meanwhile, or too late.");
  const feedErrors = new Counter({
    name: `${PREFIX}feed_errors_total`,
    help: "Data feed syncs that failed (the source did not answer, or answered badly), by kind.",
    labelNames: ["kind"] as const,
    registers,
  });
  const events: MetricEvents = {
    feedFailed: (kind) => feedErrors.inc({ kind }),
    remindersPassed: (result) => {
      due.inc(result.planned);
      sent.inc(result.sent);
      skipped.inc(result.skipped);
    },
  };
  ctx.metrics = events;
  app.addHook("onClose", async () => {
    if (ctx.metrics === events) delete ctx.metrics;
  });
  cacheMetrics(app, registers);
  databaseMetrics(ctx, registers);
}

/** Read at each scrape: what waits in the outbox, by kind and channel; a kind emptied shows 0. */
function outboxMetrics(app: FastifyInstance, registers: Registry[]): void {
  const labelNames = ["kind", "channel"] as const;
  const seen = new Map<string, { kind: string; channel: string }>();
  // Both gauges are collected at once: one query serves them.
  let reading: ReturnType<typeof read> | undefined;
  const read = () => scraped(app, "outbox", () => pendingByKind(app.ctx.db));
  const shared = () => (reading ??= read().finally(() => (reading = undefined)));
  const gauge = (name: string, help: string, of: (row: { depth: number; oldestSeconds: number }) => number) =>
    new Gauge({
      name: `${PREFIX}outbox_${name}`,
      help,
      labelNames,
      registers,
      async collect() {
        const rows = await shared();
        this.reset();
        if (!rows) return;
        for (const row of rows)
          seen.set(`${row.kind}|${row.channel}`, { kind: row.kind, channel: row.channel });
        for (const labels of seen.values()) this.set(labels, 0);
        for (const row of rows) this.set({ kind: row.kind, channel: row.channel }, of(row));
      },
    });
  gauge(
    "depth",
    "Mails and pushes waiting in the outbox (queued, not yet sent), by kind and channel.",
    (row) => row.depth,
  );
  gauge(
    "oldest_age_seconds",
    "Age of the oldest mail or push waiting in the outbox, by kind and channel.",
    (row) => row.oldestSeconds,
  );
}

/** The feed's last success, read at each scrape (any instance's poll); none while it never succeeded. */
function feedMetrics(app: FastifyInstance, registers: Registry[]): void {
  new Gauge({
    name: `${PREFIX}feed_last_success_age_seconds`,
    help: "Seconds since the data feed's last successful sync, on the app's clock, by source.",
    labelNames: ["source"] as const,
    registers,
    async collect() {
      this.reset();
      const source = app.feed.provider?.source;
      if (!source) return;
      const state = await scraped(app, "feed", () => findFeedState(app.ctx.db, source));
      if (!state?.lastSuccessAt) return;
      this.set({ source }, (app.ctx.clock.now().getTime() - state.lastSuccessAt.getTime()) / 1000);
    },
  });
}

/**
 * The read cache's hits and misses: the cache counts in plain numbers while an app with metrics
 * uses it (nothing is made per read), copied into the counters at each scrape.
 */
function cacheMetrics(app: FastifyInstance, registers: Registry[]): void {
  const cache = readCache(app.ctx.database);
  const counts = countingIn(cache);
  app.addHook("onClose", async () => stopCounting(cache));
  const counter = (name: "hits" | "misses", help: string) =>
    new Counter({
      name: `${PREFIX}read_cache_${name}_total`,
      help,
      labelNames: ["topic"] as const,
      registers,
      collect() {
        this.reset();
        for (const [topic, value] of Object.entries(counts[name])) this.inc({ topic }, value);
      },
    });
  counter("hits", "Reads served from the read cache, by topic.");
  counter("misses", "Reads the read cache did not hold (read from the database), by topic.");
}

const zeros = () => Object.fromEntries(TOPICS.map((topic) => [topic, 0])) as Record<CacheTopic, number>;
/** Apps with metrics using each cache (several apps may share a database in tests). */
const counting = new WeakMap<ReadCache, number>();
function countingIn(cache: ReadCache): NonNullable<ReadCache["counts"]> {
  counting.set(cache, (counting.get(cache) ?? 0) + 1);
  cache.counts ??= { hits: zeros(), misses: zeros() };
  return cache.counts;
}
function stopCounting(cache: ReadCache): void {
  const users = (counting.get(cache) ?? 1) - 1;
  counting.set(cache, users);
  if (users === 0) cache.counts = null;
}

/**
 * The database's connections, read at each scrape: PostgreSQL's pool; a PGlite folder's statements
 * waiting on its thread. An in-memory PGlite (the tests') has neither.
 */
function databaseMetrics(ctx: AppContext, registers: Registry[]): void {
  const { database } = ctx;
  const { pool, pendingStatements } = database;
  if (pool) {
    const gauge = (
      name: string,
      help: string,
      read: (use: ReturnType<NonNullable<Database["pool"]>>) => number,
    ) =>
      new Gauge({
        name: `${PREFIX}db_pool_${name}`,
        help,
        registers,
        collect() {
          this.set(read(pool()));
        },
      });
    gauge("connections", "Connections the pool holds open to PostgreSQL.", (use) => use.total);
    gauge("idle_connections", "The pool's connections not in use.", (use) => use.idle);
    gauge("waiting", "Queries waiting for a connection of the pool.", (use) => use.waiting);
  }
  if (pendingStatements) {
    new Gauge({
      name: `${PREFIX}db_thread_pending_statements`,
      help: "Statements sent to PGlite's thread not yet answered (running or queued).",
      registers,
      collect() {
        this.set(pendingStatements());
      },
    });
  }
}

/** A scrape-time query: when the database fails, its metrics are left out and the rest still sent. */
async function scraped<T>(
  app: FastifyInstance,
  what: string,
  read: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    app.log.warn({ err: error }, `metrics: the ${what} could not be read`);
    return undefined;
  }
}
