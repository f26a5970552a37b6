import net from "node:net";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../../tests/factories";
import { fingerprint } from "../../tests/setup/fingerprint";
import { createTestApp } from "../../tests/setup/test-app";
import { loadEnv } from "./env";

/**
 * What one client may hold on an instance (decision 021), through a real listening server
 * and raw sockets: slow or silent connections are closed at their deadlines, event streams are not,
 * and a body over its limit is refused with 413 without being read, changing nothing.
 */
const { app, db } = await createTestApp({
  env: {
    HTTP_HEADERS_TIMEOUT_S: 1,
    HTTP_IDLE_TIMEOUT_S: 2,
    HTTP_REQUEST_TIMEOUT_S: 4,
    HTTP_KEEP_ALIVE_TIMEOUT_S: 1,
  },
});
let port: number;
let admin: SignedIn;
/** The server's side of each connection, by the client's port: what the server read of it. */
const serverSide = new Map<number, net.Socket>();

beforeAll(async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
  app.server.on("connection", (socket: net.Socket) => serverSide.set(socket.remotePort!, socket));
  admin = await signUp(app, { email: "admin@example.com" });
});

interface Connection {
  socket: net.Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves when the connection has closed, with the time it was open and what the server read. */
  closed: Promise<{ afterMs: number; serverRead: number }>;
}

async function connect(): Promise<Connection> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  const openedAt = performance.now();
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => undefined); // a reset after a refusal: the close below says it
  const closed = new Promise<{ afterMs: number; serverRead: number }>((resolve) =>
    socket.once("close", () =>
      resolve({
        afterMs: performance.now() - openedAt,
        serverRead: serverSide.get(socket.localPort!)?.bytesRead ?? -1,
      }),
    ),
  );
  return { socket, received: () => received, closed };
}

// Deadlines are checked every second (http-limits.ts), and a busy machine runs timers late: each
// close is expected from its deadline to a couple of seconds after it.

/** Writes `text` a piece at a time, every `everyMs`, until the connection closes. */
function trickle(socket: net.Socket, text: string, everyMs: number) {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text.slice(at, at + 4));
    at += 4;
  }, everyMs);
  socket.once("close", () => clearInterval(timer));
}

/** Offers `bytes` of body as fast as the server takes them, until it has all gone or the connection closes. */
async function offer(socket: net.Socket, bytes: number, chunk = Buffer.alloc(64 * 1024, "a")) {
  for (let sent = 0; sent < bytes && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(chunk)) {
      await new Promise((resolve) => {
        socket.once("drain", resolve);
        socket.once("close", resolve);
      });
    }
  }
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) as { message: string };

it("refuses a headers timeout longer than the request's, naming it", () => {
  expect(() => loadEnv({ HTTP_HEADERS_TIMEOUT_S: "40", HTTP_REQUEST_TIMEOUT_S: "30" })).toThrow(
    /HTTP_HEADERS_TIMEOUT_S: HTTP_HEADERS_TIMEOUT_S must not exceed HTTP_REQUEST_TIMEOUT_S/,
  );
});

describe.concurrent("connection deadlines", () => {
  it("closes a connection that sends nothing once its headers are late (HTTP_HEADERS_TIMEOUT_S)", async ({
    expect,
  }) => {
    const { closed, received } = await connect();
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThan(900);
    expect(afterMs).toBeLessThan(4_000);
    expect([0, 408]).toContain(statusOf(received()));
  });

  it("closes one that sends half a header, however it trickles, with 408", async ({ expect }) => {
    const { socket, closed, received } = await connect();
    trickle(socket, `GET /api/health HTTP/1.1\r\nHost: x\r\n${"X-Slow: 1\r\n".repeat(100)}`, 100);
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThan(900);
    expect(afterMs).toBeLessThan(4_000);
    expect(statusOf(received())).toBe(408);
  });

  it("closes one whose body trickles past the request's deadline (HTTP_REQUEST_TIMEOUT_S) with 408", async ({
    expect,
  }) => {
    const { socket, closed, received } = await connect();
    const body = JSON.stringify({ email: "x@example.com", password: "y".repeat(900) });
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    trickle(socket, body, 100);
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThan(3_900);
    expect(afterMs).toBeLessThan(7_000);
    expect(statusOf(received())).toBe(408);
  });

  it("closes one on which nothing moves while its request is read (HTTP_IDLE_TIMEOUT_S)", async ({
    expect,
  }) => {
    const { socket, closed, received } = await connect();
    socket.write(
      "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThan(1_900);
    expect(afterMs).toBeLessThan(3_900);
    expect(received()).toBe("");
  });

  it("closes a keep-alive connection idle after its answer (HTTP_KEEP_ALIVE_TIMEOUT_S)", async ({
    expect,
  }) => {
    const { socket, closed, received } = await connect();
    socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => statusOf(received())).toBe(200);
    const answeredAt = performance.now();
    await closed;
    // Node waits a second more than it advertises (Keep-Alive: timeout=1), against a race with the client.
    const idleMs = performance.now() - answeredAt;
    expect(idleMs).toBeGreaterThan(900);
    expect(idleMs).toBeLessThan(4_000);
    expect(received()).toMatch(/keep-alive: timeout=1/i);
  });

  it("keeps an event stream open past every deadline, sending what happens", async ({ expect }) => {
    const { socket, closed, received } = await connect();
    let open = true;
    void closed.then(() => (open = false));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: x\r\nCookie: ${admin.cookie}\r\n\r\n`);
    await expect.poll(() => statusOf(received())).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(open).toBe(true);
    await app.events.beat();
    await expect.poll(() => received()).toContain(": ping");
    socket.destroy();
  });
});

describe("body limits", () => {
  const MB = 1024 * 1024;

  it("refuses a JSON body over its limit with 413 and a message, without reading it, and changes nothing", async () => {
    const before = await fingerprint(db);
    for (const framing of [`Content-Length: ${32 * MB}`, "Transfer-Encoding: chunked"]) {
      const { socket, closed, received } = await connect();
      socket.write(
        `POST /api/contests HTTP/1.1\r\nHost: x\r\nCookie: ${admin.cookie}\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
      );
      const chunked = framing.startsWith("Transfer");
      const piece = `{"name":"${"x".repeat(64 * 1024)}`;
      if (chunked) socket.write(`${piece.length.toString(16)}\r\n${piece}\r\n`);
      else await offer(socket, 32 * MB);
      const { serverRead } = await closed;
      expect(statusOf(received()), framing).toBe(413);
      expect(bodyOf(received()).message).toBe("The request is too large (64 KB at most).");
      expect(serverRead, framing).toBeLessThan(8 * MB);
    }
    expect(await fingerprint(db)).toEqual(before);
  });

  it("refuses a CSV file over 1 MB with 413 as soon as it passes it, and imports nothing", async () => {
    const before = await fingerprint(db);
    const { socket, closed, received } = await connect();
    const part =
      '--XX\r\nContent-Disposition: form-data; name="csvFile"; filename="games.csv"\r\nContent-Type: text/csv\r\n\r\n' +
      "week,season,homeTeam,awayTeam,gameDate\n";
    socket.write(
      `POST /api/games/import-csv HTTP/1.1\r\nHost: x\r\nCookie: ${admin.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: ${part.length + 64 * MB}\r\n\r\n${part}`,
    );
    await offer(socket, 64 * MB, Buffer.from("19,2025,KC,DEN,2026-01-17T21:30:00Z\n".repeat(1800)));
    const { serverRead } = await closed;
    expect(statusOf(received())).toBe(413);
    expect(bodyOf(received()).message).toBe("The CSV file is too large (1 MB at most).");
    expect(serverRead).toBeLessThan(8 * MB);
    expect(await fingerprint(db)).toEqual(before);
  });

  it("answers 400, not 500, to an upload cut short", async () => {
    const file = '--XX\r\nContent-Disposition: form-data; name="csvFile"; filename="games.csv"\r\n\r\n';
    for (const body of [`${file}week,season\n19,2025`, file.slice(0, 30), "--XX\r\n"]) {
      const { socket, closed, received } = await connect();
      socket.end(
        `POST /api/games/import-csv HTTP/1.1\r\nHost: x\r\nCookie: ${admin.cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      await closed;
      expect(statusOf(received()), body).toBe(400);
    }
  });

  it("does not read a body it refuses for its type or its sender: answers, then closes", async () => {
    const cases = [
      ["application/octet-stream", admin.cookie, 415],
      ["multipart/form-data; boundary=XX", "", 401],
      ["application/json", "", 401],
    ] as const;
    for (const [type, cookie, status] of cases) {
      const { socket, closed, received } = await connect();
      socket.write(
        `POST /api/games/import-csv HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: ${type}\r\nContent-Length: ${32 * MB}\r\n\r\n`,
      );
      await offer(socket, 32 * MB);
      const { serverRead } = await closed;
      expect(statusOf(received()), type).toBe(status);
      expect(received(), type).toMatch(/connection: close/i);
      expect(serverRead, type).toBeLessThan(8 * MB);
    }
  });
});
