// A page's event stream, as the browser's EventSource reads it: the connection (from a loopback
// source address of its own), its messages split into blocks, and each block's data read as an event.
import http, { type ClientRequest } from "node:http";
import { GRADES } from "@/contracts/constants";
import type { LiveEvent } from "@/contracts/events";
import { readLiveEvent } from "@/client/lib/live-updates";

export interface StreamTarget {
  port: number;
  cookie: string;
  /** 127.0.0.2, ...: the server limits the streams of one address. */
  localAddress: string;
}

export interface StreamListener {
  /** The stream answered 200 and is open. */
  opened(): void;
  /** Each message block (the text up to a blank line), with when its chunk arrived (performance.now()). */
  block(block: string, arrivedAt: number): void;
  /** A chunk's blocks are handled: from its arrival to now (performance.now()). */
  read(arrivedAt: number, doneAt: number): void;
  closed(): void;
}

/** The loopback source address of stream `index`, `perAddress` streams to an address from 127.0.0.2. */
export function localAddressOf(index: number, perAddress: number): string {
  const address = 2 + Math.floor(index / perAddress);
  return `127.0.${Math.floor(address / 256)}.${address % 256}`;
}

/** Opens the stream: `request` ends it; `opened` answers whether the server took it. */
export function openEventStream(
  target: StreamTarget,
  listener: StreamListener,
): { request: ClientRequest; opened: Promise<boolean> } {
  const request = http.get({
    host: "127.0.0.1",
    port: target.port,
    path: "/api/events",
    agent: false,
    localAddress: target.localAddress,
    headers: { cookie: target.cookie, accept: "text/event-stream" },
  });
  const opened = new Promise<boolean>((resolve) => {
    request.on("error", () => resolve(false));
    request.on("response", (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve(false);
        return;
      }
      listener.opened();
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk: string) => {
        const arrivedAt = performance.now();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          listener.block(block, arrivedAt);
          end = buffer.indexOf("\n\n");
        }
        listener.read(arrivedAt, performance.now());
      });
      response.on("close", () => listener.closed());
      resolve(true);
    });
  });
  return { request, opened };
}

/** A block's data (its `data:` lines joined), undefined for a comment (the heartbeat) or the retry line. */
export function dataOf(block: string): string | undefined {
  let data: string | undefined;
  for (const line of block.split("\n")) {
    if (!line.startsWith("data:")) continue;
    const value = line.startsWith("data: ") ? line.slice(6) : line.slice(5);
    data = data === undefined ? value : `${data}\n${value}`;
  }
  return data;
}

/** How a `grades` event naming a player's contests begins (events.ts `broadcastScores`). */
const OWN_GRADES = `{"action":"${GRADES}","contestId":null,"contests":[`;

/**
 * Pages receive the same message by the thousand: each distinct one is read once. A final's
 * `grades` event with its data is each player's own: read as it comes, not kept.
 */
export class EventReader {
  private readonly parsed = new Map<string, LiveEvent | null>();

  read(data: string): LiveEvent | null {
    const own = data.startsWith(OWN_GRADES);
    let event = own ? undefined : this.parsed.get(data);
    if (event === undefined) {
      if (this.parsed.size > 1_000) this.parsed.clear();
      try {
        event = readLiveEvent(JSON.parse(data));
      } catch {
        event = null;
      }
      if (!own) this.parsed.set(data, event);
    }
    return event;
  }
}
