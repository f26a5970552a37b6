/**
 * npm run db:backup -- [file]    writes every table to a gzipped JSON file (default backups/<time>.json.gz)
 * npm run db:restore -- <file>   replaces the data with the file's, in one transaction
 * Both use the app's configuration (DATABASE_URL, else the PGlite folder under DATA_DIR). With PGlite,
 * stop the server first: the folder belongs to one process at a time.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { loadEnv } from "../env";
import { createBackup, restoreBackup, type Backup } from "./backup";
import { openDatabase } from "./client";

if (process.env.NODE_ENV !== "test" && (await import("node:fs")).existsSync(".env"))
  process.loadEnvFile(".env");
const [command, file] = process.argv.slice(2);
const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });

try {
  await database.migrate();
  if (command === "backup") {
    const target =
      file ?? path.join("backups", `football-pool-${new Date().toISOString().replace(/[:.]/g, "-")}.json.gz`);
    const backup = await createBackup(database.db);
    mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    writeFileSync(target, gzipSync(JSON.stringify(backup)));
    const rows = Object.values(backup.tables).reduce((sum, table) => sum + table.length, 0);
    console.log(
      `Backup written to ${target}: ${Object.keys(backup.tables).length} tables, ${rows} rows (${database.kind}).`,
    );
  } else if (command === "restore") {
    if (!file) throw new Error("Name the backup file: npm run db:restore -- <file>");
    const raw = readFileSync(file);
    const text = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
    const counts = await restoreBackup(database.db, JSON.parse(text) as Backup);
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.log(`Restored ${file}: ${Object.keys(counts).length} tables, ${rows} rows (${database.kind}).`);
  } else {
    throw new Error("Usage: backup-cli.ts backup [file] | restore <file>");
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
