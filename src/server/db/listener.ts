import pg from "pg";

export interface ChannelHandlers {
  onPayload(payload: string): void;
  /** Listening again after the connection was lost: notifications sent in between are gone. */
  onReconnect?(): void;
  onError?(error: Error): void;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface BackoffOptions {
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When the
 * connection drops it reconnects, waiting longer after each failure (0.5 s doubling up to 30 s),
 * and says so through onReconnect.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  { minDelayMs = 500, maxDelayMs = 30_000 }: BackoffOptions = {},
): Promise<Subscription> {
  let client: pg.Client | null = null;
  let closed = false;
  let connectedOnce = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const retryLater = () => {
    if (closed) return;
    const delay = Math.min(maxDelayMs, minDelayMs * 2 ** failures);
    failures += 1;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
  };

  const lost = (which: pg.Client, error?: Error) => {
    if (closed || which !== client) return;
    client = null;
    handlers.onError?.(error ?? new Error("The database listener's connection ended."));
    which.end().catch(() => undefined);
    retryLater();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: "football-pool-events",
    });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => undefined);
      handlers.onError?.(error as Error);
      retryLater();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    // After any failed attempt, events may have been missed: say so.
    const afterGap = connectedOnce || failures > 0;
    client = next;
    failures = 0;
    connectedOnce = true;
    if (afterGap) handlers.onReconnect?.();
  }

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
