// npm test: every test. Unit and API integration on PGlite; the integration suite again on
// PostgreSQL when TEST_DATABASE_URL is set; then the browser tests in Chromium.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const ci = process.env.CI === "true" || process.env.CI === "1";
const bin = (name) => path.join(root, "node_modules/.bin", name);
const results = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  results.push({ name, ok: run.status === 0, seconds: (performance.now() - started) / 1000 });
  return run.status === 0;
}

function skip(name, why) {
  const banner = "!".repeat(72);
  console.log(`\n${banner}\n!!! SKIPPED: ${name}\n!!! ${why}\n${banner}`);
  results.push({ name, ok: !ci, skipped: true });
}

/**
 * A step started now on the other core, its output held and printed, and its result counted, when
 * `report` is awaited: the typecheck runs beside lint and format (each of the three uses one core).
 */
function beside(name, command, args) {
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, env: process.env });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const ended = new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code));
  });
  return async function report() {
    const code = await ended;
    console.log(`\n=== ${name} ===`);
    for (const chunk of output) process.stdout.write(chunk);
    results.push({ name, ok: code === 0, seconds: (performance.now() - started) / 1000 });
  };
}

const typecheck = beside("typecheck", bin("tsc"), ["--noEmit"]);
step("lint", bin("eslint"), ["."]);
step("format", bin("prettier"), ["--check", ".", "--log-level", "warn"]);
await typecheck();
step("unit and API tests (PGlite)", bin("vitest"), ["run", "--exclude", "tests/crowd/**"]);
// 10,000 live-update streams held on the built server, then a stop (decision 021): on its own, so
// that neither it nor the other files' timing tests run short of the cores.
step("stop with a crowd (10,000 streams)", bin("vitest"), ["run", "tests/crowd"]);

if (process.env.TEST_DATABASE_URL) {
  step("API tests (PostgreSQL)", bin("vitest"), ["run", "src/server", "tests/api"], { TEST_DB: "postgres" });
} else {
  skip(
    "API tests (PostgreSQL)",
    "TEST_DATABASE_URL is not set." + (ci ? " Under CI this is a failure." : ""),
  );
}

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (existsSync(chrome)) {
  const built = step("client build", process.execPath, [
    path.join(root, "node_modules/vite/bin/vite.js"),
    "build",
    "--logLevel",
    "warn",
  ]);
  if (built) step("browser tests (Playwright, Chromium)", bin("playwright"), ["test"]);
} else {
  skip(
    "browser tests",
    `no Chromium at ${chrome} (apt-get install -y chromium, or set CHROME_PATH).` +
      (ci ? " Under CI this is a failure." : ""),
  );
}

const failed = results.filter((r) => !r.ok);
console.log("\n=== summary ===");
for (const r of results) {
  const took = r.seconds === undefined ? "" : ` (${r.seconds.toFixed(1)} s)`;
  console.log(`${r.ok ? (r.skipped ? "skip" : "ok  ") : "FAIL"}  ${r.name}${took}`);
}
console.log(`steps: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
