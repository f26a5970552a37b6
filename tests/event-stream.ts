import { get, type IncomingMessage } from "node:http";
import type { LiveEvent } from "../src/contracts/events";
import type { SignedIn } from "./factories";

/**
 * A real HTTP stream (inject waits for the end of a response, and this one does not end), on a
 * connection of its own that closes with it.
 */
export async function openEventStream(base: string, who: SignedIn | null) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const headers = who ? { cookie: who.cookie } : undefined;
    get(`${base}/api/events`, { agent: false, headers }, resolve).on("error", reject);
  });
  const events: LiveEvent[] = [];
  const comments: string[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  let buffer = "";
  const wakeAll = () => waiters.splice(0).forEach((wake) => wake());
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      for (const line of buffer.slice(0, end).split("\n")) {
        if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)) as LiveEvent);
        if (line.startsWith(":")) comments.push(line);
      }
      buffer = buffer.slice(end + 2);
    }
    wakeAll();
  });
  const done = new Promise<void>((resolve) =>
    response.on("close", () => {
      ended = true;
      wakeAll();
      resolve();
    }),
  );

  /** Resolves once an event matching `test` arrived (or fails after a few seconds). */
  async function waitFor(test: (event: LiveEvent) => boolean): Promise<LiveEvent> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = events.find(test);
      if (found) return found;
      if (ended || Date.now() > deadline) throw new Error(`no such event; got ${JSON.stringify(events)}`);
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 100);
      });
    }
  }
  return {
    response,
    events,
    comments,
    waitFor,
    ended: () => ended,
    close: async () => {
      response.destroy();
      await done;
    },
  };
}
export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
