import pino from "pino";

/** What the log holds in memory while stdout is slow or unread; lines beyond it are dropped. */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024;

export interface LogDestination {
  stream: ReturnType<typeof pino.destination>;
  /** Writes what stdout takes now, without waiting for it: before exiting, and on a crash. */
  flush(): void;
  /** Lines dropped so far because stdout was full or gone. */
  dropped(): number;
}

/**
 * The server's log on stdout, written without ever blocking the event loop (issue 19,
 * decision 019): asynchronous writes, at most LOG_BUFFER_BYTES waiting, the rest dropped and counted.
 */
export function logDestination(): LogDestination {
  let exiting = false;
  let dropped = 0;
  const stream = pino.destination({
    // A pipe comes to a child process blocking; Node makes it non-blocking when process.stdout opens
    // it (here). Then a write to a full pipe answers EAGAIN instead of waiting, and the flush at
    // exit can give up: on a blocking pipe, one reader that stops reading stalls the exit for good.
    dest: process.stdout.fd ?? 1,
    sync: false,
    maxLength: LOG_BUFFER_BYTES,
    // While running, a full pipe is retried later (a timer, not a wait); at exit it is given up.
    retryEAGAIN: () => !exiting,
  });
  stream.on("drop", () => (dropped += 1));
  const flushSync = stream.flushSync.bind(stream);
  // pino calls flushSync itself on 'exit': the same bounded flush, whoever calls it.
  stream.flushSync = () => {
    exiting = true;
    try {
      flushSync();
    } catch {
      // stdout full or gone: what it did not take is lost, the exit is not.
    }
  };
  return { stream, flush: () => stream.flushSync(), dropped: () => dropped };
}
