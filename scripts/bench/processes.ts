// The bench's child processes: the built server (one way to start it, for every row and the live
// Sunday), the anchors, and how the bench waits for them and stops them.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { get as httpGet } from "node:http";
import path from "node:path";
import { serverBundle, serverNodeOptions } from "../build-server.mjs";
import { LOG_LEVEL, PROFILE, root, SERVER_LOG } from "./settings";

/** One GET's status, 0 when nothing listens: node:http, lighter than fetch on a busy core. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = httpGet(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", () => resolve(0));
  });
}

// Polled every 10 ms with one plain request each: the poller shares the 2 cores with the starting
// server, and fetch's first calls and failed attempts would slow the start it times.
export async function waitForOk(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if ((await statusOf(url)) === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export function startChild(
  script: string,
  env: Record<string, string>,
  nodeOptions: string[] = [],
): ChildProcess {
  // node itself (not npx): the pid is the server's, for RSS and for stopping it. A TypeScript
  // source (the anchors) runs through tsx; the app runs from its bundle.
  const args = script.endsWith(".ts") ? ["--import", "tsx", script] : [...nodeOptions, script];
  const child = spawn(process.execPath, args, {
    cwd: root,
    // The live data feed would reach the internet (and write between runs): the bench runs without it.
    env: { ...process.env, FEED_URL: "off", ...env },
    // The app's request log goes through a pipe that is read (and thrown away), as when a user runs
    // `npm start | tee`, or under a process manager; the anchors write nothing.
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (SERVER_LOG) child.stdout!.pipe(createWriteStream(SERVER_LOG, { flags: "a" }));
  else child.stdout!.resume();
  return child;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  // Gone already: by its own exit, or by a signal (a crash: then exitCode stays null).
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The built app on a section's database, as `npm start` runs it in production, with these
 * variables (PORT, APP_NOW, ...) and node options besides. Every server the bench measures starts
 * here, so the rows and the live Sunday meet the same configuration.
 */
export function startServer(
  kind: "pglite" | "postgres",
  dbEnv: Record<string, string>,
  env: Record<string, string>,
  nodeOptions: string[] = [],
): ChildProcess {
  return startChild(
    serverBundle,
    {
      ...dbEnv,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      AUTH_RATE_LIMIT: "1000000",
      LOG_LEVEL,
      ...env,
    },
    [
      ...serverNodeOptions(kind === "postgres"),
      ...nodeOptions,
      ...(PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(root, PROFILE)}`] : []),
    ],
  );
}
