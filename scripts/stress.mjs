// npm run test:stress: the reliability tests at length, on PGlite and (with TEST_DATABASE_URL) on
// PostgreSQL. npm test runs the same files with small counts.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const files = [
  "tests/api/bad-input.test.ts",
  "tests/api/csv-bad-input.test.ts",
  "tests/api/races.test.ts",
  "tests/api/kill-restart.test.ts",
  "tests/api/database-outage.test.ts",
];
const env = { FUZZ_RUNS: "1000", RACE_ROUNDS: "50", KILL_CYCLES: "10" };
const databases = [{ name: "PGlite", env: {} }];
if (process.env.TEST_DATABASE_URL) databases.push({ name: "PostgreSQL", env: { TEST_DB: "postgres" } });

let failed = 0;
for (const database of databases) {
  console.log(`\n=== stress on ${database.name} ===`);
  const run = spawnSync(
    path.join(root, "node_modules/.bin/vitest"),
    ["run", ...files, "--silent=false", "--testTimeout=1200000"],
    { cwd: root, stdio: "inherit", env: { ...process.env, ...env, ...database.env } },
  );
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
