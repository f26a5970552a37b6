import { existsSync } from "node:fs";
import { openDatabase } from "./db/client";
import { loadEnv } from "./env";
import { logDestination } from "./log-destination";

// A .env file, when present, fills in what the environment does not set.
if (existsSync(".env")) process.loadEnvFile(".env");
const env = loadEnv();
// The request log never blocks the event loop, and what it holds is written out on exit and on a
// crash (decision 019). In development pino-pretty's worker thread writes it instead.
const log = env.NODE_ENV === "development" ? null : logDestination();
process.on("uncaughtException", (error) => {
  log?.flush();
  console.error(error);
  process.exit(1);
});
const opening = openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { dataDir: env.DATA_DIR },
);
opening.catch(() => undefined); // awaited below
// The rest of the server's code is set up while the database starts (PGlite waits on its files and
// its WebAssembly compiling for a few hundred milliseconds): decision 014.
const [{ buildApp }, { clockFrom }, { seed }] = await Promise.all([
  import("./app"),
  import("./clock"),
  import("./db/seed"),
]);
const database = await opening;
await database.migrate();
const clock = clockFrom(env.APP_NOW);
const seeded = await seed(database.db, clock.now());

const app = await buildApp({
  database,
  env,
  clock,
  logger: log
    ? { level: env.LOG_LEVEL, stream: log.stream }
    : { level: env.LOG_LEVEL, transport: { target: "pino-pretty", options: { colorize: true } } },
});
if (seeded.teams || seeded.games) app.log.info(seeded, "loaded the shipped teams and schedules");

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: finishing requests, then closing`);
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  // Live-update streams end at once with a retry hint (preClose), the feed and the mailer stop, the
  // requests under way finish (decision 021). Node closes the connections idle when the server
  // closes; these close those answered since, rather than at their keep-alive timeout.
  const idle = setInterval(() => app.server.closeIdleConnections(), 200).unref();
  // A connection a browser opened ahead and never used, or a request still unanswered, would hold
  // close() longer: after 5 s, cut what is left.
  const cut = setTimeout(() => app.server.closeAllConnections(), 5_000).unref();
  await app.close();
  clearInterval(idle);
  clearTimeout(cut);
  await database.close();
  clearTimeout(force);
  if (log?.dropped()) app.log.warn(`${log.dropped()} log lines dropped while stdout was full or gone`);
  log?.flush();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: env.PORT, host: env.HOST });
// METRICS_PORT: the metrics on a port of their own, bound as the app is; closed with it.
await app.metrics?.listen();
