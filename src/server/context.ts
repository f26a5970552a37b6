import type { Clock } from "./clock";
import type { Database, Db } from "./db/client";
import type { Env } from "./env";
import type { MetricEvents } from "./metrics";
import type { Mailer } from "./services/mailer.service";

/** What services need from the running app: the database, the clock, the configuration and the mailer. */
export interface AppContext {
  db: Db;
  database: Database;
  clock: Clock;
  env: Env;
  mailer: Mailer;
  /** What services report to the metrics; absent while they are off (metrics.ts). */
  metrics?: MetricEvents;
}
