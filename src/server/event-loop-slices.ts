/*
 * Long passes of work share the event loop with requests. A read served from memory does not wait at all, and
 * with the database on this thread (the tests' in-memory PGlite; a folder's runs in a thread of its own,
 * decision 039) its answers resolve as microtasks: a pass chained await after await never lets the event loop
 * read a request unless it gives a turn back.
 */

/** Resolves after the I/O waiting now has been read: requests that arrived meanwhile go first. */
export const requestsFirst = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * How long a burst of work holds the event loop before the requests that arrived meanwhile are
 * served: a page view's budget through a live Sunday is 50 ms at the 99th percentile
 * (docs/performance.md), and a page load is three rounds of requests, each waiting for a slice at
 * most, so three slices must stay a small part of it (the measurements are in decision 035).
 */
export const SLICE_MS = 4;

/**
 * Work done in slices of the event loop: `pause()` returns nothing while the slice lasts, and past
 * `sliceMs` of work a turn of the event loop to wait for (the callers waiting then share that turn),
 * so that a burst of work (a final's grades for thousands of players, a score update's writes to
 * 10,000 streams) delays a request by one slice at most, not by the whole burst.
 */
export class TimeSlices {
  private started = performance.now();
  private turn: Promise<void> | undefined;

  constructor(
    private readonly sliceMs = SLICE_MS,
    /** A pause of this long (a timer) between slices, not just a turn of the event loop: work that may wait. */
    private readonly gapMs = 0,
  ) {}

  pause(): Promise<void> | undefined {
    if (this.turn) return this.turn;
    if (performance.now() - this.started < this.sliceMs) return undefined;
    const turn =
      this.gapMs > 0 ? new Promise<void>((resolve) => setTimeout(resolve, this.gapMs)) : requestsFirst();
    this.turn = turn.then(() => {
      this.turn = undefined;
      this.started = performance.now();
    });
    return this.turn;
  }
}
