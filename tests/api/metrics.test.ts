import type { AddressInfo } from "node:net";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { describe, expect, it, vi } from "vitest";
import { acceptedContest, adminAliceAndBob } from "../factories";
import { parsePrometheusText, type Family } from "../prometheus-text";
import { createTestApp } from "../setup/test-app";
import { readCache } from "../../src/server/db/read-cache";
import { loadEnv } from "../../src/server/env";
import { FeedError, type FeedProvider } from "../../src/server/feed/provider";
import { queueEmail } from "../../src/server/repositories/outbox.repository";
import { syncWeeks } from "../../src/server/services/feed.service";

const TOKEN = "metrics-token-for-the-tests";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The body read by the strict reader, and checked against an independent parser's families. */
function exposition(text: string): Map<string, Family> {
  const families = parsePrometheusText(text);
  const theirs = parsePrometheusTextFormat(text).map((family) => [family.name, family.type.toLowerCase()]);
  expect(theirs).toEqual([...families.values()].map((family) => [family.name, family.type]));
  return families;
}

const value = (family: Family | undefined, labels: Record<string, string> = {}) =>
  family?.samples.find((sample) =>
    Object.entries(labels).every(([name, label]) => sample.labels[name] === label),
  )?.value;

describe("metrics off (the default)", async () => {
  const { app, database } = await createTestApp();

  it("serves no /metrics and installs nothing", async () => {
    expect(app.hasRoute({ method: "GET", url: "/metrics" })).toBe(false);
    expect(app.metrics).toBeNull();
    expect(app.ctx.metrics).toBeUndefined();
    expect(readCache(database).counts).toBeNull();
    // Answered as any unknown path is: the client's page (unbuilt here), never the metrics.
    const unknown = await app.inject({ url: "/no-such-page" });
    const metrics = await app.inject({ url: "/metrics", headers: bearer(TOKEN) });
    expect([metrics.statusCode, metrics.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(metrics.body).not.toContain("# TYPE");
    expect((await app.inject({ method: "POST", url: "/metrics" })).statusCode).toBe(404);
  });
});

describe("metrics with METRICS_TOKEN", async () => {
  let failing = false;
  const provider: FeedProvider = {
    source: "stand-in",
    fetchWeek: async () => {
      if (failing) throw new FeedError("The stand-in is down.");
      return { games: [], skipped: [] };
    },
  };
  const { app, database, db } = await createTestApp({
    env: { METRICS_TOKEN: TOKEN },
    feed: { provider },
    mailer: { intervalMs: 0, kicks: false },
  });
  const scrape = async () => {
    const response = await app.inject({ url: "/metrics", headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return exposition(response.body);
  };

  it("refuses a scrape without the token, or with another", async () => {
    for (const headers of [{}, bearer("not-the-token-at-all"), { authorization: `Basic ${TOKEN}` }]) {
      const response = await app.inject({ url: "/metrics", headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(response.body).not.toContain("# TYPE");
    }
  });

  it("exposes every family with its type", async () => {
    const families = await scrape();
    const types = Object.fromEntries([...families.values()].map((family) => [family.name, family.type]));
    expect(types).toMatchObject({
      football_pool_http_request_duration_seconds: "histogram",
      football_pool_event_streams_open: "gauge",
      football_pool_outbox_depth: "gauge",
      football_pool_outbox_oldest_age_seconds: "gauge",
      football_pool_feed_last_success_age_seconds: "gauge",
      football_pool_feed_errors_total: "counter",
      football_pool_reminders_due_total: "counter",
      football_pool_reminders_sent_total: "counter",
      football_pool_reminders_skipped_total: "counter",
      football_pool_read_cache_hits_total: "counter",
      football_pool_read_cache_misses_total: "counter",
      process_cpu_user_seconds_total: "counter",
      nodejs_eventloop_lag_seconds: "gauge",
    });
    const pool = {
      football_pool_db_pool_connections: "gauge",
      football_pool_db_pool_idle_connections: "gauge",
      football_pool_db_pool_waiting: "gauge",
    };
    // An in-memory PGlite has no pool and no thread: nothing to say of it.
    if (database.kind === "postgres") expect(types).toMatchObject(pool);
    else for (const name of Object.keys(pool)) expect(types[name]).toBeUndefined();
    expect(value(families.get("football_pool_event_streams_open"))).toBe(0);
  });

  it("times requests by route pattern, never by their path", async () => {
    const { alice, bob } = await adminAliceAndBob(app);
    const contestId = await acceptedContest(app, alice, bob);
    for (let time = 0; time < 3; time += 1) {
      const response = await app.inject({
        url: `/api/contests/${contestId}`,
        headers: { cookie: alice.cookie },
      });
      expect(response.statusCode).toBe(200);
    }
    const unknown = await app.inject({ url: `/api/nothing/${contestId}`, headers: { cookie: alice.cookie } });
    expect(unknown.statusCode).toBe(404);
    const labels = { method: "GET", route: "/api/contests/:id", status: "200" };
    // A request is timed once its answer is sent, which may come just after `inject` returns.
    let families = await scrape();
    await vi.waitFor(async () => {
      families = await scrape();
      const timed = families.get("football_pool_http_request_duration_seconds")!;
      expect(value(timed, { route: "(no route)", status: "404" })).toBeGreaterThanOrEqual(1);
      expect(value(timed, { ...labels, le: "+Inf" })).toBeGreaterThanOrEqual(3);
    });
    const duration = families.get("football_pool_http_request_duration_seconds")!;
    expect(
      duration.samples.find(
        (sample) => sample.name.endsWith("_count") && sample.labels.route === labels.route,
      ),
    ).toBeDefined();
    for (const family of families.values())
      for (const sample of family.samples)
        for (const label of Object.values(sample.labels)) expect(label).not.toContain(contestId);
    // The signed-in requests found their session in memory.
    const hits = value(families.get("football_pool_read_cache_hits_total"), { topic: "sessions" });
    expect(hits).toBeGreaterThan(0);
  });

  it("reads the outbox's depth and oldest age by kind at each scrape", async () => {
    const labels = { kind: "metrics-test", channel: "email" };
    const depth = (families: Map<string, Family>) =>
      value(families.get("football_pool_outbox_depth"), labels) ?? 0;
    const before = depth(await scrape());
    await queueEmail(db, {
      kind: labels.kind,
      to: "someone@example.com",
      subject: "Hello",
      text: "Hi",
      deliver: true,
    });
    const families = await scrape();
    expect(depth(families) - before).toBe(1);
    expect(value(families.get("football_pool_outbox_oldest_age_seconds"), labels)).toBeGreaterThanOrEqual(0);
  });

  it("tells the feed's last success and its errors", async () => {
    failing = false;
    await syncWeeks(app.ctx, provider, { season: 2025, weeks: [1], kind: "manual" });
    failing = true;
    await expect(syncWeeks(app.ctx, provider, { season: 2025, weeks: [1], kind: "manual" })).rejects.toThrow(
      FeedError,
    );
    const families = await scrape();
    // The app's clock stands still here: the success is 0 s old.
    expect(value(families.get("football_pool_feed_last_success_age_seconds"), { source: "stand-in" })).toBe(
      0,
    );
    expect(value(families.get("football_pool_feed_errors_total"), { kind: "manual" })).toBe(1);
  });

  it("counts the reminders due and sent", async () => {
    const before = await scrape();
    const count = (families: Map<string, Family>, name: string) =>
      value(families.get(`football_pool_reminders_${name}_total`))!;
    // The contest made above waits on its first picker's picks in week 1: a reminder is due.
    const result = await app.reminders.run();
    expect(result.sent).toBeGreaterThan(0);
    const after = await scrape();
    expect(count(after, "due") - count(before, "due")).toBe(result.planned);
    expect(count(after, "sent") - count(before, "sent")).toBe(result.sent);
    expect(count(after, "skipped") - count(before, "skipped")).toBe(result.skipped);
  });
});

describe("metrics on METRICS_PORT", async () => {
  const { app } = await createTestApp({ env: { METRICS_PORT: 0, METRICS_TOKEN: TOKEN, HOST: "127.0.0.1" } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  await app.metrics!.listen();
  const own = app.metrics!.address()!;
  const main = app.server.address() as AddressInfo;

  it("serves them on their own port, with the token, and not on the app's", async () => {
    expect(own.port).not.toBe(main.port);
    const url = `http://127.0.0.1:${own.port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    const scraped = await fetch(url, { headers: bearer(TOKEN) });
    expect(scraped.status).toBe(200);
    expect(exposition(await scraped.text()).has("football_pool_http_request_duration_seconds")).toBe(true);
    expect((await fetch(`http://127.0.0.1:${own.port}/api/health`)).status).toBe(404);
    expect(app.hasRoute({ method: "GET", url: "/metrics" })).toBe(false);
    const onMain = await fetch(`http://127.0.0.1:${main.port}/metrics`, { headers: bearer(TOKEN) });
    expect(await onMain.text()).not.toContain("# TYPE");
  });
});

describe("metrics on METRICS_PORT without a token", async () => {
  const { app } = await createTestApp({ env: { METRICS_PORT: 0, HOST: "127.0.0.1" } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  await app.metrics!.listen();

  it("needs no token", async () => {
    const scraped = await fetch(`http://127.0.0.1:${app.metrics!.address()!.port}/metrics`);
    expect(scraped.status).toBe(200);
    expect(exposition(await scraped.text()).size).toBeGreaterThan(0);
  });
});

describe("the metrics settings", () => {
  it("refuses a short token and the app's own port", () => {
    expect(() => loadEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(() => loadEnv({ PORT: "5000", METRICS_PORT: "5000" })).toThrow(/METRICS_PORT must differ/);
    expect(loadEnv({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
  });
});
