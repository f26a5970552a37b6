import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A failed test gets one more try, as in the browser tests (playwright.config.ts): a pass on
    // the retry is no failure, and npm test's summary names it as flaky, with its first error.
    retry: 1,
    pool: "forks",
    // Every core (Vitest's default leaves one idle: a single worker on 2 cores). Files wait on
    // their databases, child servers and sockets often enough that 2 workers on 2 cores take less
    // time than 1 (docs/decisions/011-test-speed.md).
    maxWorkers: availableParallelism(),
    // A worker runs its files one after another in one process, importing the app once rather than
    // per file: half the CPU time. State stays apart all the same: each file builds its own app on
    // its own database, and nothing in src/server keeps state in a module.
    isolate: false,
    env: { TZ: "UTC" },
  },
});
