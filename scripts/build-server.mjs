// The server as one ES module, dist/server/main.js (node_modules stay outside it): `npm start` and
// `npm run bench` run it with plain node. Running the sources through tsx costs about 90 MB more
// memory (measured in docs/performance.md); tests and `npm run dev` still run the sources.
//   node scripts/build-server.mjs            build it
//   import { buildServerIfStale } from ...   build it when a source is newer than the bundle
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const serverBundle = path.join(root, "dist/server/main.js");

/**
 * Node's options for the server. On PostgreSQL its JavaScript heap is held to SERVER_HEAP_MB (default
 * 192), so V8 collects garbage before the process grows past it (without a limit it lets the heap
 * grow to a few times what is live); what is live stays well under it, the read caches being bounded
 * (src/server/db/read-cache.ts). Not on PGlite: the database's own memory is most of that process,
 * and the limit makes its start slower (more collections while the engine loads).
 */
export function serverNodeOptions(onPostgres) {
  return onPostgres ? [`--max-old-space-size=${process.env.SERVER_HEAP_MB ?? 192}`] : [];
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

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, "src/server/main.ts")],
    outfile: serverBundle,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
}

export async function buildServerIfStale() {
  if (existsSync(serverBundle) && Math.max(...sources.map(newestChange)) <= statSync(serverBundle).mtimeMs)
    return;
  console.log("Building the server...");
  await buildServer();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  await buildServer();
