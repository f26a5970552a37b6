import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  /** When it was spawned, and when /api/health first answered (ms since the epoch). */
  startedAt: number;
  healthyAt: number;
}

/** A TCP port free on loopback just now (for a server a test starts itself). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface StartOptions {
  /**
   * "main": src/server/main.ts through tsx (default); "start": `npm start`'s scripts/start.mjs;
   * "built": the bundle the browser tests' app runs (dist/server/main.js, built before them).
   */
  entry?: "main" | "start" | "built";
  /** "pipe": the server's stdout is a pipe the test holds (and may leave unread). */
  stdout?: "ignore" | "pipe";
}

/**
 * The real server, as `npm start` runs it (src/server/main.ts), on a free port: resolves once
 * /api/health answers. The data feed is off and the clock stopped unless `env` says otherwise.
 */
export async function startServer(
  env: Record<string, string>,
  { entry = "main", stdout = "ignore" }: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const startedAt = Date.now();
  const args =
    entry === "start"
      ? ["scripts/start.mjs"]
      : entry === "built"
        ? ["dist/server/main.js"]
        : ["--import", "tsx", "src/server/main.ts"];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_NOW: "2025-09-04T12:00:00Z",
      FEED_URL: "off",
      AUTH_RATE_LIMIT: "100000",
      LOG_LEVEL: "error",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", stdout, "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  // start.mjs may build the client first (vite) when its sources are newer than dist/.
  for (let i = 0; i < (entry === "start" ? 3600 : 600); i += 1) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, base, exited, healthyAt: Date.now(), startedAt };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

/** The pids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  try {
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return list ? list.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/** The server's bundle that `npm start` runs (its other child may be esbuild's service). */
export function serverUnder(pid: number): number | undefined {
  return childrenOf(pid).find((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, "utf8").includes("dist/server/main.js");
    } catch {
      return false;
    }
  });
}

/** The exit code, or "still running" when the process outlives `ms`. */
export function exitWithin(server: ServerProcess, ms: number): Promise<number | null | "still running"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"still running">(
    (resolve) => (timer = setTimeout(() => resolve("still running"), ms)),
  );
  return Promise.race([server.exited, late]).finally(() => clearTimeout(timer));
}
