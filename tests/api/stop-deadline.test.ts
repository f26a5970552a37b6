import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exitWithin, serverUnder, startServer, type ServerProcess } from "../setup/server-process";

/**
 * A stop that always stops (decision 019): with the reader of the server's stdout gone, SIGTERM must
 * not leave the server with its port closed and its main thread waiting in a loop for the full pipe
 * to take the request log (pino's flush at exit), where the 10 s force-exit timer never fires. Here
 * the server's stdout is a pipe nobody reads, filled by the request log at LOG_LEVEL=info; then
 * SIGTERM: the server must exit within its deadline all the same.
 */
const root = mkdtempSync(path.join(tmpdir(), "fp-stop-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Enough requests that their log lines overfill a pipe (a few hundred KB) many times over. */
async function flood(server: ServerProcess, requests: number) {
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next += 1;
      await fetch(`${server.base}/api/health`).then((r) => r.arrayBuffer());
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

function kill(pid: number | undefined, signal: NodeJS.Signals) {
  try {
    if (pid) process.kill(pid, signal);
  } catch {
    // already gone
  }
}

describe("stop with a stdout nobody reads", () => {
  it("the server exits within its deadline after SIGTERM", async () => {
    const server = await startServer(
      { DATA_DIR: path.join(root, "unread"), LOG_LEVEL: "info" },
      { stdout: "pipe" },
    );
    server.child.stdout!.pause();
    try {
      await flood(server, 8_000);
      server.child.kill("SIGTERM");
      expect(await exitWithin(server, 15_000)).toBe(0);
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 120_000);

  it("npm start exits with the server when its stdout's reader has gone", async () => {
    const server = await startServer(
      { DATA_DIR: path.join(root, "gone"), LOG_LEVEL: "info" },
      { entry: "start", stdout: "pipe" },
    );
    const child = serverUnder(server.child.pid!);
    try {
      server.child.stdout!.destroy();
      await flood(server, 2_000);
      server.child.kill("SIGTERM");
      expect(await exitWithin(server, 15_000)).toBe(0);
    } finally {
      server.child.kill("SIGKILL");
      kill(child, "SIGKILL");
    }
  }, 300_000);

  it.runIf(process.platform === "linux")(
    "npm start kills a server that cannot stop within its deadline, and exits",
    async () => {
      const server = await startServer({ DATA_DIR: path.join(root, "frozen") }, { entry: "start" });
      const child = serverUnder(server.child.pid!);
      expect(child).toBeDefined();
      try {
        // A stopped process runs nothing: no signal handler, no force-exit timer, as the stalled one.
        kill(child, "SIGSTOP");
        server.child.kill("SIGTERM");
        expect(await exitWithin(server, 20_000)).toBe(1);
        expect(() => process.kill(child!, 0)).toThrow();
      } finally {
        server.child.kill("SIGKILL");
        kill(child, "SIGKILL");
      }
    },
    300_000,
  );
});
