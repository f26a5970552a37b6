import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * The embedded database in a thread of its own (decision 039). PGlite runs PostgreSQL compiled to
 * WebAssembly in the thread that calls it: on the server's thread, a final's grading and every
 * statement's planning and sync would hold the requests that come meanwhile (decision 038).
 * Here a worker thread holds PGlite and the server's thread sends it each statement as a message;
 * the requests keep the server's thread while the database works on the other core.
 *
 * It answers what Drizzle's PGlite driver asks of a PGlite client (`query`, `transaction`), and
 * what the app asks besides (named statements, LISTEN, close). A transaction holds PGlite's lock
 * in the worker until the server's thread ends it, so statements outside it wait, as on PGlite.
 * Rows come back as the driver reads them: dates, times and intervals as text.
 */
export interface WorkerStart {
  dataDir: string;
  startParams: string[];
}

export type Request = { id: number } & (
  | { op: "query"; sql: string; params: unknown[]; rowMode?: "array" | "object"; tx?: number }
  | { op: "prepared"; name: string; sql: string; params: (string | null)[] }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen" | "unlisten"; channel: string }
  | { op: "close" }
);
type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, "id"> : never) : never;

export type Reply =
  | { id: number; value?: unknown; error?: Record<string, unknown> }
  | { ready: boolean; error?: Record<string, unknown> }
  | { notify: string; payload: string };

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
type QueryOptions = { rowMode?: "array" | "object" };

/** The error the worker sent, with PostgreSQL's fields (code, constraint, …) as PGlite gives them. */
function asError(data: Record<string, unknown>): Error {
  return Object.assign(new Error(String(data.message)), data);
}

/**
 * The worker: built next to the server's bundle; from the sources (tests, `npm run dev`, scripts),
 * its TypeScript loaded through tsx's loader, registered in the new thread first.
 */
function startWorker(start: WorkerStart): Worker {
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(new URL("./pglite-worker.js", import.meta.url), { workerData: start });
  // tsx's ES module API (its CommonJS one registers a file it does not ship).
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsx = pathToFileURL(path.join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const file = new URL("./pglite-worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}); });`;
  return new Worker(boot, { eval: true, workerData: start });
}

export class PgliteThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private stopped: Error | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
  }

  /** Starts PGlite on a folder in a new thread; resolves once it is open. */
  static async open(start: WorkerStart): Promise<PgliteThread> {
    const worker = startWorker(start);
    const thread = new PgliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      worker.once("message", (reply: Reply) => {
        if ("ready" in reply && reply.ready) resolve();
        else reject(asError(("error" in reply && reply.error) || { message: "PGlite did not start." }));
      });
      worker.once("error", reject);
      worker.once("exit", (code) =>
        reject(new Error(`PGlite's thread stopped (exit code ${code}) before it opened.`)),
      );
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    worker.on("message", (reply: Reply) => thread.receive(reply));
    // A thread that failed is a closed database to the app: a 503, as when PostgreSQL is out of reach.
    worker.on("error", (error) =>
      thread.fail(new Error("PGlite is closed: its thread failed", { cause: error })),
    );
    worker.on("exit", () => thread.fail(new Error("PGlite is closed")));
    return thread;
  }

  /** Statements (and transactions' steps) sent and not yet answered: running or queued (metrics). */
  get unanswered(): number {
    return this.pending.size;
  }

  get closed(): boolean {
    return this.stopped !== null;
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.call({ op: "query", sql, params, rowMode: options.rowMode }) as Promise<QueryResult>;
  }

  /** As PGlite's: `run` gets a client whose statements are the transaction's. */
  async transaction<T>(run: (tx: { query: PgliteThread["query"] }) => Promise<T>): Promise<T> {
    const { id: tx, answer } = this.request({ op: "begin" });
    await answer;
    const client = {
      query: (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.call({ op: "query", sql, params, rowMode: options.rowMode, tx }) as Promise<QueryResult>,
    };
    let result: T;
    try {
      result = await run(client);
    } catch (error) {
      await this.call({ op: "end", tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: "end", tx, commit: true });
    return result;
  }

  runPrepared<Row>(name: string, sql: string, params: (string | null)[]): Promise<Row[]> {
    return this.call({ op: "prepared", name, sql, params }) as Promise<Row[]>;
  }

  /** Calls `onPayload` with each NOTIFY on the channel, after commit; resolves to its unlisten. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const handlers = this.channels.get(channel) ?? new Set();
    this.channels.set(channel, handlers);
    handlers.add(onPayload);
    if (handlers.size === 1) await this.call({ op: "listen", channel });
    return async () => {
      handlers.delete(onPayload);
      if (handlers.size === 0 && this.channels.get(channel) === handlers) {
        this.channels.delete(channel);
        await this.call({ op: "unlisten", channel });
      }
    };
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: "close" });
    } finally {
      this.fail(new Error("PGlite is closed"));
      await this.worker.terminate();
    }
  }

  private call(body: RequestBody): Promise<unknown> {
    return this.request(body).answer;
  }

  private request(body: RequestBody): { id: number; answer: Promise<unknown> } {
    const id = this.nextId++;
    if (this.stopped) return { id, answer: Promise.reject(this.stopped) };
    const answer = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ ...body, id });
      } catch (error) {
        // A value that cannot be sent (structured clone): this call fails, nothing was sent.
        this.pending.delete(id);
        reject(error as Error);
      }
    });
    return { id, answer };
  }

  private receive(reply: Reply): void {
    if ("notify" in reply) {
      for (const handler of this.channels.get(reply.notify) ?? []) handler(reply.payload);
      return;
    }
    if (!("id" in reply)) return;
    const waiting = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (reply.error) waiting?.reject(asError(reply.error));
    else waiting?.resolve(reply.value);
  }

  /** The thread has gone (closed, or crashed): what waits fails, and so does what comes after. */
  private fail(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
