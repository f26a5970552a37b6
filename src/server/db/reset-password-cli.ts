/**
 * npm run user:reset-password -- <email>   prints a single-use link (valid one hour) to choose a new
 * password for that account, when no mail can reach its owner. Uses the app's configuration
 * (DATABASE_URL, else the PGlite folder under DATA_DIR; APP_NOW for the clock). With PGlite, stop the
 * server first: the folder belongs to one process at a time, and a folder in use is refused.
 */
import { existsSync } from "node:fs";
import { clockFrom } from "../clock";
import { loadEnv } from "../env";
import { makeResetLinkByEmail } from "../services/password-reset.service";
import { openDatabase } from "./client";

if (process.env.NODE_ENV !== "test" && existsSync(".env")) process.loadEnvFile(".env");
const email = process.argv[2]?.trim();
if (!email) {
  console.error("Name the account's e-mail address: npm run user:reset-password -- <email>");
  process.exit(1);
}
const env = loadEnv();
// Opening a PGlite folder takes its lock: a folder a running server holds is refused here.
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });

try {
  await database.migrate();
  const link = await makeResetLinkByEmail({ db: database.db, clock: clockFrom(env.APP_NOW), env }, email);
  if (!link) throw new Error(`No account uses the e-mail address ${email}.`);
  console.log(
    `A link for ${email} to choose a new password (it works once, until ${link.expiresAt}):\n${link.url}`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
