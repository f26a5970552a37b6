import net from "node:net";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { signUp } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { EventHub } from "../../plugins/event-hub";

/**
 * A stop (decision 021): every open stream gets a retry hint, spread between 2 and 10 s so
 * that a crowd does not reconnect in the same second, then its end, and its connection closes.
 * tests/crowd/stop-crowd.test.ts does the same with 10,000 streams on the built server.
 */
const STREAMS = 60;
const { app } = await createTestApp({
  env: { EVENT_STREAMS_PER_SESSION: STREAMS, EVENT_STREAMS_PER_ADDRESS: STREAMS },
});

/** A stream on a raw connection: what it received, and when it closed. */
async function openStream(port: number, cookie: string) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(`GET /api/events HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`);
  await expect.poll(() => received).toContain("retry: 3000");
  return { received: () => received, closed };
}

it("ends every stream with a retry hint spread over 2 to 10 s, and closes its connection", async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const player = await signUp(app, { email: "admin@example.com" });
  const streams = await Promise.all(Array.from({ length: STREAMS }, () => openStream(port, player.cookie)));
  expect(app.events.size).toBe(STREAMS);

  const started = performance.now();
  await app.close();
  await Promise.all(streams.map((stream) => stream.closed));
  // Well before the grace after which a stream whose client does not read is cut: none was.
  expect(performance.now() - started).toBeLessThan(EventHub.CLOSE_GRACE_MS / 2);

  const hints = streams.map((stream) => {
    const text = stream.received();
    // The hint is the stream's last event, then the end of the chunked response.
    expect(text).toMatch(/retry: \d+\n\n\r\n0\r\n\r\n$/);
    return Number(/retry: (\d+)\n\n\r\n0\r\n\r\n$/.exec(text)![1]);
  });
  const { min, max } = EventHub.RETRY_ON_CLOSE_MS;
  expect(Math.min(...hints)).toBeGreaterThanOrEqual(min);
  expect(Math.max(...hints)).toBeLessThan(max);
  // Spread, not bunched: with 60 draws, all in one 4-second half would happen once in 10^18 runs.
  expect(Math.min(...hints)).toBeLessThan(min + (max - min) / 2);
  expect(Math.max(...hints)).toBeGreaterThan(min + (max - min) / 2);
});
