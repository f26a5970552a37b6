import { sql } from "drizzle-orm";
import type { Database, Executor } from "./client";
import type { Subscription } from "./listener";

/**
 * Read-mostly data served from memory: sessions (with their users), and what is derived from the
 * games table and the season setting (season openings, a week's games). Every write to those tables
 * goes through a repository that calls `invalidate`, which clears this process's caches at once and
 * notifies the `fp_cache` channel in the writer's transaction, so every instance clears its own at
 * commit. Until an instance listens (or after its listener lost the connection) it reads through.
 */
export type CacheTopic = "sessions" | "games";

export const CACHE_CHANNEL = "fp_cache";
/** A cache never grows past this many entries: it starts again empty. */
const MAX_ENTRIES = 100_000;

const live = new Set<ReadCache>();

export class ReadCache {
  private readonly entries: Record<CacheTopic, Map<string, unknown>> = {
    sessions: new Map(),
    games: new Map(),
  };
  /** Bumped by every clear: a read that started before it must not store what it read. */
  private readonly generation: Record<CacheTopic, number> = { sessions: 0, games: 0 };
  private subscription: Subscription | undefined;
  /** Apps sharing the database (tests run several instances on one). */
  private users = 0;
  listening = false;

  async start(database: Database): Promise<void> {
    this.users += 1;
    if (this.users > 1) return;
    live.add(this);
    this.subscription = await database.listen(CACHE_CHANNEL, {
      onPayload: (payload) => this.clear(payload === "sessions" || payload === "games" ? payload : undefined),
      onReconnect: () => {
        this.clear();
        this.listening = true;
      },
      onError: () => {
        this.listening = false;
        this.clear();
      },
    });
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.users -= 1;
    if (this.users > 0) return;
    this.listening = false;
    live.delete(this);
    this.clear();
    await this.subscription?.close();
  }

  /** Clears one topic, or everything. */
  clear(topic?: CacheTopic): void {
    for (const name of topic ? [topic] : (["sessions", "games"] as const)) {
      this.generation[name] += 1;
      this.entries[name].clear();
    }
  }

  get<T>(topic: CacheTopic, key: string): T | undefined {
    return this.listening ? (this.entries[topic].get(key) as T | undefined) : undefined;
  }

  /** The cached value, or the loaded one (stored unless the topic was cleared meanwhile). */
  async through<T>(topic: CacheTopic, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    const map = this.entries[topic];
    if (map.has(key)) return map.get(key) as T;
    const generation = this.generation[topic];
    const value = await load();
    if (value !== undefined) this.put(topic, key, value, generation);
    return value;
  }

  put(topic: CacheTopic, key: string, value: unknown, generation = this.generation[topic]): void {
    if (!this.listening || generation !== this.generation[topic]) return;
    const map = this.entries[topic];
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, value);
  }

  delete(topic: CacheTopic, key: string): void {
    this.entries[topic].delete(key);
  }
}

const caches = new WeakMap<Database, ReadCache>();

/** The cache of a database (one per app); a cache not started reads through. */
export function readCache(database: Database): ReadCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new ReadCache();
    caches.set(database, cache);
  }
  return cache;
}

/** Call with every write to the cached tables, inside its transaction. */
export async function invalidate(db: Executor, topic: CacheTopic): Promise<void> {
  for (const cache of live) cache.clear(topic);
  await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${topic})`);
}
