// npm test: every test. Unit and API integration on PGlite; the integration suite again on
// PostgreSQL when TEST_DATABASE_URL is set; then the browser tests in Chromium.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const ci = process.env.CI === "true" || process.env.CI === "1";
const bin = (name) => path.join(root, "node_modules/.bin", name);
const results = [];
const reports = path.join(root, ".tmp", "test-reports");

function step(name, command, args, env = {}, report = null) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: (performance.now() - started) / 1000, ...problemsIn(report) });
  return ok;
}

/**
 * A test step run with a JSON report beside its usual output, so that the summary, the one part of
 * a long run a reader is sure to see, names the tests that failed and how.
 */
function vitest(name, args, env = {}) {
  const file = path.join(reports, `${name.replace(/\W+/g, "-").replace(/^-|-$/g, "")}.json`);
  const json = ["--reporter=default", "--reporter=json", `--outputFile.json=${file}`];
  return step(name, bin("vitest"), ["run", ...args, ...json], env, { kind: "vitest", file });
}

function playwright(name) {
  const file = path.join(reports, "playwright.json");
  const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: file };
  return step(name, bin("playwright"), ["test", "--reporter=list,json"], env, { kind: "playwright", file });
}

/**
 * What a step's report says went wrong: each failed test, and each test that failed and then passed
 * on its retry (flaky), as "where › test: first line of its first error".
 */
function problemsIn(report) {
  const problems = { failures: [], flaky: [] };
  if (!report || !existsSync(report.file)) return problems;
  let data;
  try {
    data = JSON.parse(readFileSync(report.file, "utf8"));
  } catch (error) {
    problems.failures.push(
      `its report ${path.relative(root, report.file)} could not be read: ${error.message}`,
    );
    return problems;
  }
  const firstLine = (message) =>
    stripVTControlCharacters(String(message ?? ""))
      .split("\n")
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 240) ?? "";
  if (report.kind === "vitest") {
    for (const file of data.testResults ?? []) {
      const where = path.relative(root, file.name);
      const tests = file.assertionResults ?? [];
      for (const test of tests) {
        const line = `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`;
        if (test.status === "failed") problems.failures.push(line);
        else if (test.status === "passed" && test.failureMessages?.length) problems.flaky.push(line);
      }
      if (file.status === "failed" && !tests.some((test) => test.status === "failed")) {
        problems.failures.push(`${where}: ${firstLine(file.message)}`);
      }
    }
  } else {
    const where = (spec) => path.relative(root, path.resolve(data.config?.rootDir ?? root, spec.file));
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        const results = spec.tests?.flatMap((test) => test.results ?? []) ?? [];
        const line = `${where(spec)}:${spec.line} › ${spec.title}: ${firstLine(results.find((r) => r.error)?.error?.message)}`;
        if (!spec.ok) problems.failures.push(line);
        else if (spec.tests?.some((test) => test.status === "flaky")) problems.flaky.push(line);
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of data.suites ?? []) walk(suite);
    for (const error of data.errors ?? []) problems.failures.push(firstLine(error.message));
  }
  return problems;
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

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const typecheck = beside("typecheck", bin("tsc"), ["--noEmit"]);
step("lint", bin("eslint"), ["."]);
step("format", bin("prettier"), ["--check", ".", "--log-level", "warn"]);
await typecheck();
vitest("unit and API tests (PGlite)", ["--exclude", "tests/crowd/**"]);
// 10,000 live-update streams held on the built server, then a stop (decision 021): on its own, so
// that neither it nor the other files' timing tests run short of the cores.
vitest("stop with a crowd (10,000 streams)", ["tests/crowd"]);

if (process.env.TEST_DATABASE_URL) {
  vitest("API tests (PostgreSQL)", ["src/server", "tests/api"], { TEST_DB: "postgres" });
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
  if (built) playwright("browser tests (Playwright, Chromium)");
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
  for (const [mark, lines] of [
    ["✗", r.failures ?? []],
    ["flaky, passed on its retry:", r.flaky ?? []],
  ]) {
    for (const line of lines.slice(0, 20)) console.log(`        ${mark} ${line}`);
    if (lines.length > 20) console.log(`        … and ${lines.length - 20} more`);
  }
  if (!r.ok && !r.skipped && r.failures?.length === 0 && r.seconds !== undefined) {
    console.log("        (no failed test in its report: an error outside the tests, in its output above)");
  }
}
console.log(`steps: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
