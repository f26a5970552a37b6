// The server as ES modules, dist/server/main.js and its embedded database's thread, pglite-worker.js,
// their dependencies inside them but for the few listed in `outside`: `npm start`, `npm run bench`
// and the browser tests run it with plain node.
// Running the sources through tsx costs memory, and loading the dependencies file by file from
// node_modules slows every start (decision 014);
// the unit and API tests and `npm run dev` run the sources.
//   node scripts/build-server.mjs            build it
//   import { buildServerIfStale } from ...   build it when a source is newer than the bundle
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const serverBundle = path.join(root, "dist/server/main.js");

/**
 * Node's options for the server. On PostgreSQL its JavaScript heap is held to SERVER_HEAP_MB (default
 * 1024), so V8 collects garbage before the process grows past it (without a limit it lets the heap
 * grow to a few times what is live); the read caches take a share of it (src/server/db/read-cache.ts).
 * The limit leaves room for 10,000 live-update streams and the caches their pages fill, so that V8
 * does not spend a live Sunday collecting, and keeps the server within its memory budgets
 * (docs/performance.md; the sizes tried are in decisions 022 and 031). Not on PGlite: the database's
 * own memory is most of that process, and the limit makes its start slower (more collections while
 * the engine loads). Nor `--single-threaded` there (decision 014, while the database shared the
 * server's thread): with the database in a thread of its own (decision 039), V8's background threads
 * mark the server's heap at each major collection, which its one thread alone would do with every
 * page view waiting meanwhile (decision 040).
 */
export function serverNodeOptions(onPostgres) {
  return onPostgres ? [`--max-old-space-size=${process.env.SERVER_HEAP_MB ?? 1024}`] : [];
}

/** Whether `npm start` will use PostgreSQL: DATABASE_URL in the environment or in .env. */
export function usesPostgres() {
  if (process.env.DATABASE_URL) return true;
  const dotenv = path.join(root, ".env");
  return existsSync(dotenv) && /^\s*DATABASE_URL\s*=\s*\S/m.test(readFileSync(dotenv, "utf8"));
}
const sources = ["src/server", "src/contracts", "src/domain", "tsconfig.json", "package-lock.json"];

function newestChange(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (latest, entry) => Math.max(latest, newestChange(path.join(target, entry))),
    stat.mtimeMs,
  );
}

/**
 * Dependencies loaded from node_modules at run time, not bundled: they find files next to their own
 * code (PGlite its WebAssembly and data files, pino its worker threads, argon2 its native addon) or
 * are optional and absent (pg-native, which pg tries to load only when asked).
 */
const outside = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "pino",
  "pino-pretty",
  "thread-stream",
  "pg-native",
  // The share image: resvg is a native addon, satori loads its layout engine's WebAssembly.
  "satori",
  "@resvg/resvg-js",
];

export async function buildServer() {
  await build({
    // The embedded database's worker thread is an entry of its own (src/server/db/pglite-thread.ts).
    entryPoints: {
      main: path.join(root, "src/server/main.ts"),
      "pglite-worker": path.join(root, "src/server/db/pglite-worker.ts"),
    },
    outdir: path.dirname(serverBundle),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    external: outside,
    // Bundled CommonJS code calls require() for Node's modules and for code generated at run time.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
}

export async function buildServerIfStale() {
  const workerBundle = path.join(path.dirname(serverBundle), "pglite-worker.js");
  if (
    existsSync(serverBundle) &&
    existsSync(workerBundle) &&
    Math.max(...sources.map(newestChange)) <= statSync(serverBundle).mtimeMs
  )
    return;
  console.log("Building the server...");
  await buildServer();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  await buildServer();
