// npm start: build the client and the server when missing or older than their sources, then run the
// server's bundle (dist/server/main.js) with plain node. It forwards SIGINT and SIGTERM to the server,
// kills it when it outlives its stop deadline, and exits when it does, with its code.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildServerIfStale, serverBundle, serverNodeOptions, usesPostgres } from "./build-server.mjs";

/**
 * The server gives itself 10 s to stop (main.ts); this deadline is enforced from outside its event
 * loop, which a stuck server cannot run (decision 019).
 */
const STOP_DEADLINE_MS = 12_000;
const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "dist/client/index.html");
const sources = ["src/client", "src/contracts", "src/domain", "vite.config.ts", "package-lock.json"];

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

if (!existsSync(built) || Math.max(...sources.map(newestChange)) > statSync(built).mtimeMs) {
  console.log("Building the client...");
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await buildServerIfStale();
const server = spawn(process.execPath, [...serverNodeOptions(usesPostgres()), serverBundle], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
// Our stdout and stderr are the server's too; when their reader has gone, a write here fails with
// EPIPE, which must neither kill this process nor leave the server without its watcher.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
let deadline;
function stop(signal) {
  server.kill(signal);
  deadline ??= setTimeout(() => {
    console.error(`The server did not stop within ${STOP_DEADLINE_MS / 1000} s of ${signal}: killed.`);
    server.kill("SIGKILL");
  }, STOP_DEADLINE_MS);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
// A closed terminal: the server stops as on SIGTERM rather than being left behind.
process.on("SIGHUP", () => stop("SIGTERM"));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
