import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { exitWithin, serverUnder, startServer, type ServerProcess } from "../setup/server-process";

/**
 * A stop with a crowd watching (decision 021): 10,000 live-update streams held open
 * on the server as `npm start` runs it (scripts/start.mjs, the built bundle, PGlite), then SIGTERM to
 * npm start. Every stream must get its retry hint (2 to 10 s, spread) and its end, and npm start must
 * exit 0 with the server well within the server's own 10 s deadline.
 *
 * An address may hold 200 streams (EVENT_STREAMS_PER_ADDRESS, left at its default): the streams come
 * from 50 loopback addresses, 127.0.0.2 to 127.0.0.51 (Linux routes all of 127/8 to lo). A session
 * may hold 10 (EVENT_STREAMS_PER_SESSION): raised to 1,000 here, so that 10 accounts are enough;
 * 1,000 sign-ups would spend most of the test hashing passwords.
 */
const STREAMS = 10_000;
const PER_ADDRESS = 200;
const PER_SESSION = 1_000;
/** The server's own deadline (src/server/main.ts); npm start's is 12 s. */
const DEADLINE_MS = 10_000;

/** Each side of the test holds 10,000 sockets: this process and the server each need that many files. */
function openFilesLimit(): number {
  const limit = /^Max open files\s+(\S+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
  return limit === "unlimited" ? Infinity : Number(limit);
}

const root = mkdtempSync(path.join(tmpdir(), "fp-crowd-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Stream {
  received: () => string;
  /** When the connection closed (performance.now()), once it has. */
  closedAt: Promise<number>;
}

/** One stream on a raw connection from `localAddress`: resolves once its first bytes (its headers and retry line) arrived. */
function openStream(port: number, localAddress: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress });
    let received = "";
    socket.setEncoding("latin1");
    const closedAt = new Promise<number>((done) => socket.once("close", () => done(performance.now())));
    socket.once("error", reject);
    socket.once("connect", () =>
      socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`),
    );
    socket.on("data", (chunk: string) => {
      const first = received === "";
      received += chunk;
      if (!first) return;
      if (!received.startsWith("HTTP/1.1 200")) reject(new Error(received.split("\r\n")[0]));
      else resolve({ received: () => received, closedAt });
    });
  });
}

async function signUp(server: ServerProcess, n: number): Promise<string> {
  const response = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `crowd${n}@example.com`,
      firstName: "Crowd",
      lastName: `Member ${n}`,
      password: "correct horse battery",
    }),
  });
  expect(response.status).toBe(201);
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

it.runIf(process.platform === "linux")(
  `ends ${STREAMS.toLocaleString("en")} streams with a spread retry hint on SIGTERM, and npm start exits 0 within the deadline`,
  async () => {
    expect(openFilesLimit(), "open files (ulimit -n): 10,000 sockets and some").toBeGreaterThan(
      STREAMS + 500,
    );
    const server = await startServer(
      { DATA_DIR: path.join(root, "data"), EVENT_STREAMS_PER_SESSION: String(PER_SESSION) },
      { entry: "start" },
    );
    const pid = serverUnder(server.child.pid!);
    expect(pid).toBeDefined();
    try {
      const port = Number(new URL(server.base).port);
      const cookies: string[] = [];
      for (let n = 0; n < STREAMS / PER_SESSION; n += 1) cookies.push(await signUp(server, n));

      // A few hundred connections at a time, each with its address and session.
      const opening = performance.now();
      const streams: Stream[] = [];
      for (let next = 0; next < STREAMS;) {
        const wave = Array.from({ length: Math.min(250, STREAMS - next) }, (_, i) => next + i);
        streams.push(
          ...(await Promise.all(
            wave.map((n) =>
              openStream(
                port,
                `127.0.0.${2 + Math.floor(n / PER_ADDRESS)}`,
                cookies[Math.floor(n / PER_SESSION)]!,
              ),
            ),
          )),
        );
        next += wave.length;
      }
      const openedIn = performance.now() - opening;

      const signalled = performance.now();
      server.child.kill("SIGTERM");
      const code = await exitWithin(server, DEADLINE_MS);
      const exitedIn = performance.now() - signalled;
      expect(code).toBe(0);
      expect(() => process.kill(pid!, 0)).toThrow();

      const closed = await Promise.all(streams.map((stream) => stream.closedAt));
      const hints = streams.map((stream) => {
        // The hint is each stream's last event, then the end of its chunked response.
        const last = /retry: (\d+)\n\n\r\n0\r\n\r\n$/.exec(stream.received());
        return last ? Number(last[1]) : NaN;
      });
      const hinted = hints.filter((ms) => ms >= 2_000 && ms < 10_000);
      expect(hinted.length).toBe(STREAMS);
      // Spread: each second of the 8 s window gets its share (1,250 expected; 1,000 is 7 standard deviations off).
      const perSecond = Array.from(
        { length: 8 },
        (_, s) => hints.filter((ms) => Math.floor(ms / 1000) === s + 2).length,
      );
      for (const count of perSecond) expect(count).toBeGreaterThan(1_000);

      const lastClosed = Math.max(...closed) - signalled;
      console.log(
        `${STREAMS} streams opened in ${(openedIn / 1000).toFixed(1)} s; after SIGTERM the last closed at ` +
          `${(lastClosed / 1000).toFixed(2)} s and npm start exited (code ${code}) at ${(exitedIn / 1000).toFixed(2)} s; ` +
          `retry hints per second from 2 s: ${perSecond.join(", ")}`,
      );
    } finally {
      server.child.kill("SIGKILL");
      try {
        if (pid) process.kill(pid, "SIGKILL");
      } catch {
        // gone, as it should be
      }
    }
  },
  120_000,
);
