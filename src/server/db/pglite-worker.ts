// The embedded database's thread (decision 039): PGlite opened on a folder, answering the server's
// thread's queries, transactions, named statements and LISTENs as messages (pglite-thread.ts).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { runPrepared, textParsers } from "./pglite-run";
import type { Reply, Request, WorkerStart } from "./pglite-thread";

const port = parentPort!;
const { dataDir, startParams } = workerData as WorkerStart;

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint, …). */
function asData(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

const send = (reply: Reply) => port.postMessage(reply);

/** Open transactions: each holds PGlite's transaction lock until the server's thread ends it. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; settled: Promise<void> }>();
const ROLLBACK = new Error("rolled back by its caller");

/** Answers once the transaction holds the lock; it commits or rolls back at its "end". */
function begin(client: PGlite, id: number): Promise<void> {
  let end!: (commit: boolean) => void;
  const held = new Promise<void>((resolve, reject) => {
    end = (commit) => (commit ? resolve() : reject(ROLLBACK));
  });
  return new Promise((begun, failed) => {
    let started = false;
    // PGlite calls this once it holds its lock, an await later at least: `settled` is set by then.
    const settled: Promise<void> = client.transaction(async (tx) => {
      started = true;
      open.set(id, { tx, end, settled });
      begun();
      await held;
    });
    // Settled before it began (the database closed): the caller's "begin" fails.
    settled.catch((error: unknown) => (started ? undefined : failed(error)));
  });
}

const listening = new Map<string, () => Promise<void>>();

async function answer(client: PGlite, request: Request): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const on = request.tx === undefined ? client : open.get(request.tx)?.tx;
      if (!on) throw new Error("The transaction has ended.");
      const result = await on.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: textParsers,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "prepared":
      return runPrepared(client, request.name, request.sql, request.params);
    case "begin":
      return begin(client, request.id);
    case "end": {
      const transaction = open.get(request.tx);
      if (!transaction) throw new Error("The transaction has ended.");
      transaction.end(request.commit);
      try {
        await transaction.settled;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      } finally {
        open.delete(request.tx);
      }
      return undefined;
    }
    case "listen":
      if (!listening.has(request.channel)) {
        const unlisten = await client.listen(request.channel, (payload) =>
          send({ notify: request.channel, payload }),
        );
        listening.set(request.channel, unlisten);
      }
      return undefined;
    case "unlisten":
      await listening.get(request.channel)?.();
      listening.delete(request.channel);
      return undefined;
    case "close":
      await client.close();
      return undefined;
  }
}

try {
  const client = await PGlite.create({ dataDir, startParams });
  port.on("message", (request: Request) => {
    answer(client, request).then(
      (value) => send({ id: request.id, value }),
      (error: unknown) => send({ id: request.id, error: asData(error) }),
    );
  });
  send({ ready: true });
} catch (error) {
  send({ ready: false, error: asData(error) });
}
