/**
 * Many single reads as few statements (issue 19: request coalescing). A key asked for while the
 * database is busy with this loader's earlier batches waits, with every other key asked for
 * meanwhile, for the next batch: one statement then serves them all. Under light load each read
 * goes out at once, alone; under a crowd (a thousand pages refetching after a final) the batches
 * grow with it and the statements stay few. Readers of one key waiting for the same batch share
 * its load; a key asked for once its batch went out goes in the next (what the first read may be
 * older than a change made meanwhile: the read cache keeps loads apart by generation).
 */
export class Batcher<K, V> {
  private waiting = new Map<K, Promise<V | undefined>>();
  private resolvers = new Map<
    K,
    { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }
  >();
  private running = 0;
  private scheduled = false;

  constructor(
    /** Reads the values of these keys; a key missing from the answer reads as undefined. */
    private readonly loadMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
    private readonly options: {
      /** Batches at once: a share of the connection pool (one on PGlite, which runs one statement at a time). */
      concurrency: number;
      /** Keys in one statement at most. */
      maxBatch: number;
    },
  ) {}

  load(key: K): Promise<V | undefined> {
    const pending = this.waiting.get(key);
    if (pending) return pending;
    const promise = new Promise<V | undefined>((resolve, reject) =>
      this.resolvers.set(key, { resolve, reject }),
    );
    this.waiting.set(key, promise);
    this.schedule();
    return promise;
  }

  /**
   * Keys asked for in the same turn of the event loop go together: the batch leaves once the turn's
   * I/O callbacks have run (setImmediate), not after the first of them (a microtask). With PGlite on
   * the server's thread (before decision 039) a statement ran synchronously, so no key ever arrived
   * while one was running: with a microtask, every request parsed in a turn sent its own statement
   * (decision 020: 2,000 first sessions took 7 s on PGlite, 3 s this way).
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
      const batch = new Map<
        K,
        { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }
      >();
      for (const [key, resolver] of this.resolvers) {
        if (batch.size >= this.options.maxBatch) break;
        batch.set(key, resolver);
      }
      for (const key of batch.keys()) {
        this.resolvers.delete(key);
        this.waiting.delete(key);
      }
      this.running += 1;
      this.loadMany([...batch.keys()])
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
