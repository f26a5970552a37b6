import type { Clock } from "./clock";
import type { Database, Db } from "./db/client";
import type { Env } from "./env";

/** What services need from the running app: the database, the clock and the configuration. */
export interface AppContext {
  db: Db;
  database: Database;
  clock: Clock;
  env: Env;
}
