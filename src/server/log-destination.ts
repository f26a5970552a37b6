import pino from "pino";

/** What the log holds in memory while stdout is slow or unread; lines beyond it are dropped. */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024;

/** How long a line may wait for others to go out with it, and how much may wait (decision 020). */
export const LOG_BATCH_MS = 50;
export const LOG_BATCH_BYTES = 16 * 1024;

const NEWLINE = 0x0a;

export interface LogDestination {
  stream: pino.DestinationStream;
  /** Writes what stdout takes now, without waiting for it: before exiting, and on a crash. */
  flush(): void;
  /** Lines dropped so far because stdout was full or gone. */
  dropped(): number;
}

/**
 * The server's log on stdout, written without ever blocking the event loop (decision 019): asynchronous
 * writes, at most LOG_BUFFER_BYTES waiting, the rest dropped and counted. Lines go out in batches, at most
 * LOG_BATCH_MS late (decision 020).
 */
export function logDestination(): LogDestination {
  let exiting = false;
  let dropped = 0;
  const sonic = pino.destination({
    // A pipe comes to a child process blocking; Node makes it non-blocking when process.stdout opens
    // it (here). Then a write to a full pipe answers EAGAIN instead of waiting, and the flush at
    // exit can give up: on a blocking pipe, one reader that stops reading stalls the exit for good.
    dest: process.stdout.fd ?? 1,
    sync: false,
    maxLength: LOG_BUFFER_BYTES,
    // Bytes: a batch is encoded once here, rather than measured, then encoded twice, by SonicBoom.
    contentMode: "buffer",
    // While running, a full pipe is retried later (a timer, not a wait); at exit it is given up.
    retryEAGAIN: () => !exiting,
  });
  // Lines are written out together, LOG_BATCH_MS after the first of them or once LOG_BATCH_BYTES
  // wait: one write per line (each a trip through libuv's threads, and SonicBoom measuring all it
  // holds at each) would cost too much of a cached read's time under load (decision 020).
  let batch = "";
  let timer: NodeJS.Timeout | undefined;
  const writeBatch = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch === "") return;
    const lines = batch;
    batch = "";
    try {
      // SonicBoom's types know strings only; in buffer mode it takes bytes.
      (sonic as unknown as { write(bytes: Buffer): boolean }).write(Buffer.from(lines));
    } catch {
      // The destination was closed (pino ends it before the process exits): nowhere to write.
    }
  };
  // A batch that does not fit is dropped whole: count its lines.
  sonic.on("drop", (data: Buffer) => {
    for (let at = data.indexOf(NEWLINE); at !== -1; at = data.indexOf(NEWLINE, at + 1)) dropped += 1;
  });
  const flushSync = sonic.flushSync.bind(sonic);
  // pino calls flushSync itself on 'exit': the same bounded flush, whoever calls it, the batch's
  // lines first.
  sonic.flushSync = () => {
    exiting = true;
    writeBatch();
    try {
      flushSync();
    } catch {
      // stdout full or gone: what it did not take is lost, the exit is not.
    }
  };
  const stream: pino.DestinationStream = {
    write(line: string) {
      batch += line;
      if (batch.length >= LOG_BATCH_BYTES) writeBatch();
      else timer ??= setTimeout(writeBatch, LOG_BATCH_MS).unref();
    },
  };
  return { stream, flush: () => sonic.flushSync(), dropped: () => dropped };
}
