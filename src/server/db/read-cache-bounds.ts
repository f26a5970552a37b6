// How much the read cache holds: per topic a count of entries, and for the topics whose entries
// vary widely in size a share of the heap; past either bound the oldest entry goes.
import { getHeapStatistics } from "node:v8";

/** What the read cache holds, by topic (read-cache.ts says what each is read from). */
export type CacheTopic = "sessions" | "users" | "schedule" | "games" | "contests" | "weekly" | "picking";

/** A cache never grows past this many entries: the oldest one goes to make room. */
const MAX_ENTRIES: Record<CacheTopic, number> = {
  sessions: 20_000,
  // Per user up to three entries: their row, their row as lists show it (`listed:`) and the people
  // they share contests with (`sharing:`): 10,000 players' fit (a few hundred bytes each).
  users: 40_000,
  schedule: 1_000,
  games: 10_000,
  // A contest's results data (3–12 kB) and each viewer's list of contest ids: bounded by size too.
  contests: 50_000,
  // A contest's weekly results hold every pick, serialized (to 60 kB for a full season): bounded by
  // size (MAX_BYTES) before this count.
  weekly: 20_000,
  // One week of a contest: its row, the week's picks, proposals and first picker (1–3 kB).
  picking: 10_000,
};
/**
 * A value that says how much memory it holds (about; bytes), so that a topic whose entries vary
 * widely in size (a contest's weekly results, from a week to a season of picks) is bounded by size.
 */
export interface Sized {
  readonly cacheBytes: number;
}
const sizeOf = (value: unknown): number =>
  typeof value === "object" && value !== null && typeof (value as Sized).cacheBytes === "number"
    ? (value as Sized).cacheBytes
    : 0;

/**
 * The memory a topic's sized values may take at most: a share of the heap, and no more than a cap.
 * Contests' results data (3–12 kB each): a tenth of the heap. Weekly results (to 60 kB for a
 * season's picks): a fifth of the heap, at most 128 MB: about 4,400 contests' weekly results of
 * the bench's data set, on PostgreSQL at `npm start`'s 1 GB heap as on PGlite (Node's default
 * heap, 4 GB here), so that 10,000 open streams and the caches stay within 1 GB. What does not
 * fit is read again from the database as it is asked for.
 */
const MAX_BYTES: Partial<Record<CacheTopic, (heap: number) => number>> = {
  contests: (heap) => heap * 0.1,
  weekly: (heap) => Math.min(heap * 0.2, 128 * 1024 * 1024),
};
const heapLimit = getHeapStatistics().heap_size_limit;

/** A topic's entries, oldest first: the oldest goes to make room for a new one past either bound. */
export class Entries {
  private readonly map = new Map<string, unknown>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.map.size;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  get(key: string): unknown {
    return this.map.get(key);
  }

  set(key: string, value: unknown): void {
    this.delete(key);
    const size = sizeOf(value);
    while (this.map.size > 0 && (this.map.size >= this.maxEntries || this.bytes + size > this.maxBytes)) {
      this.delete(this.map.keys().next().value!);
    }
    this.map.set(key, value);
    this.bytes += size;
  }

  delete(key: string): void {
    if (!this.map.has(key)) return;
    this.bytes -= sizeOf(this.map.get(key));
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
}

export const entriesOf = (topic: CacheTopic) =>
  new Entries(MAX_ENTRIES[topic], Math.floor(MAX_BYTES[topic]?.(heapLimit) ?? Infinity));
