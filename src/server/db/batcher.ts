/** The key of a batcher whose items are their own keys (ids). */
export const itself = (key: string) => key;

interface Waiting<T, V> {
  item: T;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Many single reads as few statements (request coalescing). A key asked for while the
 * database is busy with this loader's earlier batches waits, with every other key asked for
 * meanwhile, for the next batch: one statement then serves them all. Under light load each read
 * goes out at once, alone; under a crowd (a thousand pages refetching after a final) the batches
 * grow with it and the statements stay few. Readers of one key waiting for the same batch share
 * its load; a key asked for once its batch went out goes in the next (what the first read may be
 * older than a change made meanwhile: the read cache keeps loads apart by generation).
 */
export class Batcher<T, V> {
  private waiting = new Map<string, Promise<V | undefined>>();
  /** What each key waiting for the next batch stands for, and its readers' settling. */
  private resolvers = new Map<string, Waiting<T, V>>();
  private running = 0;
  private scheduled = false;

  constructor(
    /** Reads the values of these items, by their keys; a key missing from the answer reads as undefined. */
    private readonly loadMany: (items: T[]) => Promise<ReadonlyMap<string, V>>,
    private readonly options: {
      /** An item's key: items of one key are one read. */
      keyOf: (item: T) => string;
      /** Batches at once: a share of the connection pool (one on PGlite, which runs one statement at a time). */
      concurrency: number;
      /** Keys in one statement at most. */
      maxBatch: number;
    },
  ) {}

  load(item: T): Promise<V | undefined> {
    const key = this.options.keyOf(item);
    const pending = this.waiting.get(key);
    if (pending) return pending;
    const promise = new Promise<V | undefined>((resolve, reject) =>
      this.resolvers.set(key, { item, resolve, reject }),
    );
    this.waiting.set(key, promise);
    this.schedule();
    return promise;
  }

  /**
   * Keys asked for in the same turn of the event loop go together: the batch leaves once the turn's
   * I/O callbacks have run (setImmediate), not after the first of them (a microtask). With PGlite on
   * the server's thread (the tests' in-memory one) a statement runs synchronously, so no key ever
   * arrives while one is running: with a microtask, every request parsed in a turn would send its own
   * statement (decision 020).
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.running < this.options.concurrency && this.resolvers.size > 0) {
      const batch = new Map<string, Waiting<T, V>>();
      for (const [key, resolver] of this.resolvers) {
        if (batch.size >= this.options.maxBatch) break;
        batch.set(key, resolver);
      }
      for (const key of batch.keys()) {
        this.resolvers.delete(key);
        this.waiting.delete(key);
      }
      this.running += 1;
      this.loadMany([...batch.values()].map(({ item }) => item))
        .then(
          (values) => {
            for (const [key, { resolve }] of batch) resolve(values.get(key));
          },
          (error: unknown) => {
            for (const { reject } of batch.values()) reject(error);
          },
        )
        .finally(() => {
          this.running -= 1;
          this.dispatch();
        });
    }
  }
}
