// npm start: build the client and the server when missing or older than their sources, then run the
// server's bundle (dist/server/main.js) with plain node.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildServerIfStale, serverBundle, serverNodeOptions, usesPostgres } from "./build-server.mjs";

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
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
