import { sql } from "drizzle-orm";
import type { Database, Executor } from "./client";
import type { Subscription } from "./listener";
import { NumberedNoticeReceiver, NumberedNotices } from "./numbered-notices";
import { entriesOf, type CacheTopic, type Entries } from "./read-cache-bounds";

/**
 * Read-mostly data served from memory: sessions (with their users), users by id, what is derived
 * from the games table and the season setting (the schedule: season openings, weeks' last kickoffs,
 * the current season; a week's games with their scores), contests with what their standings are
 * computed from (picks, bet changes, accepted proposals), and a contest's week as pick submissions
 * are checked against it (decision 015). Every write to those tables clears what it changed through
 * one of three entry points at the end of this file: `clearNow` (inside the writer's transaction),
 * `clearAtCommit` (a score update's games and a final's contests) or `clearOnNotice` (a pick
 * submission, after its commit: decision 013). A write to one contest's picks, bets or proposals
 * clears that contest only; a write to the contests table or to the games clears every contest.
 * Readers that miss one entry at once share one load. Until an instance listens (or after its
 * listener lost the connection) it reads through. The topics and what clears what:
 * docs/architecture/read-cache.md.
 */
export type { CacheTopic };

/** Every topic the cache holds. */
export const TOPICS: readonly CacheTopic[] = [
  "sessions",
  "users",
  "schedule",
  "games",
  "contests",
  "weekly",
  "picking",
];
/** A write to the games or the season setting: everything read from them. */
const SCHEDULE_AND_GAMES: readonly CacheTopic[] = ["schedule", "games", "contests", "weekly", "picking"];
/**
 * What a clear of a topic takes with it: contests are computed with the games, weekly results with
 * both; a contest's week (`picking`: what pick submissions are checked against and Make Picks
 * shows) is read with the contests and holds its picks' grades, which scoring a game changes.
 */
const CLEARS: Record<CacheTopic, readonly CacheTopic[]> = {
  // Every change to a user clears the sessions (which carry their users), and users by id with them.
  sessions: ["sessions", "users"],
  users: ["users"],
  // The schedule (season openings, weeks' last kickoffs, the current season) is read from the games
  // and the season setting: every write to either clears it, but a live score (`clearOnly("games")`),
  // which moves no kickoff: a score update must not send every page view back to the database
  // (decision 040).
  schedule: SCHEDULE_AND_GAMES,
  games: SCHEDULE_AND_GAMES,
  // The people a player shares contests with (`sharing:…`, in users) change with the contests.
  contests: ["contests", "weekly", "picking", "users"],
  weekly: ["weekly"],
  picking: ["picking"],
};

export const CACHE_CHANNEL = "fp_cache";
/** A notice that clears the games only: live scores, which change no standing and no kickoff (decision 022). */
const SCORES = "scores";
/** A notice that clears several contests: `contests:<id>,<id>,…` (a final's contests with picks on it). */
const CONTESTS_PREFIX = "contests:";
/** NOTIFY's payload is at most 8,000 bytes: a notice of contests holds this many ids (37 bytes each). */
const CONTESTS_PER_NOTICE = 200;
/**
 * At most this long after its notice a final's contests stay in memory as they were (`holdFinals`),
 * or after the last of them was read again and put in place while others are still held
 * (`replaceContests`): their players' pages get the final's data in its `grades` event, sent once
 * they are read again.
 */
export const FINAL_HOLD_MS = 2_000;
/** A contest's results data in the contests topic (beside users' lists of contest ids, `ids:…`). */
export const contestKey = (contestId: string) => `results:${contestId}`;
const CONTEST_PREFIX = "contest:";
/** A notice that clears one session: `session:<id>` (renewed or ended). */
const SESSION_PREFIX = "session:";

const live = new Set<ReadCache>();

export class ReadCache {
  private readonly entries: Record<CacheTopic, Entries> = {
    sessions: entriesOf("sessions"),
    users: entriesOf("users"),
    schedule: entriesOf("schedule"),
    games: entriesOf("games"),
    contests: entriesOf("contests"),
    weekly: entriesOf("weekly"),
    picking: entriesOf("picking"),
  };
  /** Bumped by every clear: a read that started before it must not store what it read. */
  private readonly generation: Record<CacheTopic, number> = {
    sessions: 0,
    users: 0,
    schedule: 0,
    games: 0,
    contests: 0,
    weekly: 0,
    picking: 0,
  };
  /** Loads in progress, by topic and key: readers of one missing entry share one load (single flight). */
  private readonly loading: Record<CacheTopic, Map<string, { generation: number; value: Promise<unknown> }>> =
    {
      sessions: new Map(),
      users: new Map(),
      schedule: new Map(),
      games: new Map(),
      contests: new Map(),
      weekly: new Map(),
      picking: new Map(),
    };
  private subscription: Subscription | undefined;
  /** Batches of notices sent after their commit (`notices`): a lost one clears everything. */
  private readonly receiver = new NumberedNoticeReceiver(() => this.clear());
  private database: Database | undefined;
  /** Who holds a final's contests (`holdFinals`), and the contests held until `releaseFinals`. */
  private readonly holders = new Set<() => boolean>();
  private readonly held = new Set<string>();
  private heldUntil: NodeJS.Timeout | undefined;
  /** Apps sharing the database (tests run several instances on one). */
  private users = 0;
  listening = false;
  /** Reads served from memory and not, by topic, while metrics count them (metrics.ts); else null. */
  counts: { hits: Record<CacheTopic, number>; misses: Record<CacheTopic, number> } | null = null;

  async start(database: Database): Promise<void> {
    this.users += 1;
    if (this.users > 1) return;
    live.add(this);
    this.database = database;
    const sender = notices(database);
    this.receiver.start(sender.sender);
    // Beats are for other instances: an embedded database has none.
    if (database.kind === "postgres") sender.start();
    this.subscription = await database.listen(CACHE_CHANNEL, {
      onPayload: (payload) => {
        for (const notice of this.receiver.notices(payload)) this.apply(notice);
      },
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
    this.receiver.stop();
    if (this.database) await notices(this.database).stop();
    await this.subscription?.close();
  }

  /**
   * A final's contests (a `contests:` notice) stay in memory as they were while `holds()` says a
   * score is going out to open pages (the live updates' hub, while it has streams), until
   * `releaseFinals` or FINAL_HOLD_MS, so that the page views arriving while the score is written to
   * every stream do not all read them again at once (decision 034); a page loaded meanwhile shows the standings before the final for
   * that moment, and its stream gets the final's `grades` event, read after the release. Returns a
   * function that stops holding.
   */
  holdFinals(holds: () => boolean): () => void {
    this.holders.add(holds);
    return () => {
      this.holders.delete(holds);
      if (this.holders.size === 0) this.releaseFinals();
    };
  }

  /** Clears the finals' contests held (`holdFinals`) now. */
  releaseFinals(): void {
    clearTimeout(this.heldUntil);
    this.heldUntil = undefined;
    const held = [...this.held];
    this.held.clear();
    for (const id of held) this.clearContest(id);
  }

  private finalsNotice(contestIds: readonly string[]): void {
    if (![...this.holders].some((holds) => holds())) {
      for (const id of contestIds) this.clearContest(id);
      return;
    }
    for (const id of contestIds) this.held.add(id);
    if (!this.heldUntil) this.holdFor(FINAL_HOLD_MS);
  }

  /** Releases the finals held in `ms` (from now), unless released before. */
  private holdFor(ms: number): void {
    clearTimeout(this.heldUntil);
    this.heldUntil = setTimeout(() => this.releaseFinals(), ms);
    this.heldUntil.unref();
  }

  /** Clears one topic (and what is computed from it: `CLEARS`), or everything. */
  clear(topic?: CacheTopic): void {
    if (!topic || CLEARS[topic].includes("contests")) this.releaseFinals();
    for (const name of topic ? CLEARS[topic] : TOPICS) this.clearOnly(name);
  }

  /** Clears one topic and nothing computed from it (live scores: the games, not the standings). */
  clearOnly(topic: CacheTopic): void {
    this.generation[topic] += 1;
    this.entries[topic].clear();
    this.loading[topic].clear();
  }

  /** Clears the entries of one contest. */
  clearContest(contestId: string): void {
    this.held.delete(contestId);
    this.generation.contests += 1;
    this.generation.weekly += 1;
    this.generation.picking += 1;
    this.entries.contests.delete(contestKey(contestId));
    this.entries.weekly.delete(contestId);
    this.entries.picking.delete(contestId);
    this.loading.contests.delete(contestKey(contestId));
    this.loading.weekly.delete(contestId);
    this.loading.picking.delete(contestId);
  }

  /**
   * A final's contests, read again after its commit (`refreshContests`), put in place of those in
   * memory (held while its score went out) instead of cleared: their results data, their week for
   * picking where it was in memory, and their weekly results where made anew from these (`weekly`:
   * each from the entry in memory when it was made, kept only if that entry is still the one in
   * memory); the other weekly results are cleared (read again when asked for), so that the page
   * views and the grades do not read thousands of contests again at once (decision 035). Read
   * since `since` (the topics' versions): if anything was cleared meanwhile (a write), these are
   * cleared instead, as the write would have left them.
   */
  replaceContests(
    ids: readonly string[],
    fresh: {
      contests: ReadonlyMap<string, unknown>;
      picking: ReadonlyMap<string, unknown>;
      weekly?: ReadonlyMap<string, { old: unknown; value: unknown }>;
    },
    since: { contests: number; picking: number },
  ): void {
    const unchanged =
      this.listening &&
      since.contests === this.generation.contests &&
      since.picking === this.generation.picking;
    if (!unchanged) {
      for (const id of ids) this.clearContest(id);
      return;
    }
    for (const id of ids) {
      const weekly = fresh.weekly?.get(id);
      const remade = weekly !== undefined && this.entries.weekly.get(id) === weekly.old;
      // Cleared first (loads under way may have read it as it was: they store nothing), then filled.
      this.clearContest(id);
      const data = fresh.contests.get(id);
      if (data !== undefined) this.entries.contests.set(contestKey(id), data);
      const week = fresh.picking.get(id);
      if (week !== undefined) this.entries.picking.set(id, week);
      if (remade) this.entries.weekly.set(id, weekly.value);
    }
    // A refresh under way holds the rest longer: each batch put in place restarts the wait, so that
    // a hold never ends while the contests it holds are still being read again (decision 037).
    if (this.held.size > 0 && this.heldUntil) this.holdFor(FINAL_HOLD_MS);
  }

  /** Clears one session: the others stay in memory. */
  clearSession(sessionId: string): void {
    this.generation.sessions += 1;
    this.entries.sessions.delete(sessionId);
    this.loading.sessions.delete(sessionId);
  }

  /**
   * What a notice on the channel says: a topic, the scores, one contest, several, one session, or
   * (anything else) everything.
   */
  private apply(payload: string): void {
    if (payload === SCORES) this.clearOnly("games");
    else if (payload.startsWith(SESSION_PREFIX)) this.clearSession(payload.slice(SESSION_PREFIX.length));
    else if (payload.startsWith(CONTEST_PREFIX)) this.clearContest(payload.slice(CONTEST_PREFIX.length));
    else if (payload.startsWith(CONTESTS_PREFIX))
      this.finalsNotice(payload.slice(CONTESTS_PREFIX.length).split(","));
    else this.clear(TOPICS.find((topic) => topic === payload));
  }

  get<T>(topic: CacheTopic, key: string): T | undefined {
    const value = this.listening ? (this.entries[topic].get(key) as T | undefined) : undefined;
    if (this.counts) this.counts[value === undefined ? "misses" : "hits"][topic] += 1;
    return value;
  }

  /**
   * The cached value, or the loaded one (stored unless the topic was cleared meanwhile). Readers that
   * miss the same entry at once share one load: after a clear, a thousand pages asking for the same
   * week cost one query, not a thousand.
   */
  async through<T>(topic: CacheTopic, key: string, load: () => Promise<T>): Promise<T> {
    const map = this.entries[topic];
    const hit = this.listening && map.has(key);
    if (this.counts) this.counts[hit ? "hits" : "misses"][topic] += 1;
    if (hit) return map.get(key) as T;
    if (!this.listening) return load();
    const generation = this.generation[topic];
    const loading = this.loading[topic];
    const pending = loading.get(key);
    if (pending && pending.generation === generation) return pending.value as Promise<T>;
    const value = load();
    const entry = { generation, value };
    loading.set(key, entry);
    try {
      const loaded = await value;
      if (loaded !== undefined) this.put(topic, key, loaded, generation);
      return loaded;
    } finally {
      if (loading.get(key) === entry) loading.delete(key);
    }
  }

  /** Take it before a read: `put` with it stores nothing if the topic was cleared meanwhile. */
  version(topic: CacheTopic): number {
    return this.generation[topic];
  }

  put(topic: CacheTopic, key: string, value: unknown, generation = this.generation[topic]): void {
    if (!this.listening || generation !== this.generation[topic]) return;
    this.entries[topic].set(key, value);
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

/*
 * The cache's three entry points, named by what they promise. A table that is not cached needs none
 * of them. docs/architecture/read-cache.md says which to call where.
 */

/** What a clear names: a whole topic (with what is computed from it), one contest, or one session. */
export type Cleared = CacheTopic | { contest: string } | { session: string };

/**
 * Clear now: this process's entries at once, every other instance's at the writer's commit (the
 * notice rides in the transaction, so a rolled-back write tells nobody). Call it inside the
 * transaction of every write to a cached table. A session renewed or ended clears that session
 * alone: a clear of the topic would send every signed-in request of every instance to the database.
 */
export async function clearNow(db: Executor, what: Cleared): Promise<void> {
  if (typeof what === "string") {
    for (const cache of live) cache.clear(what);
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${what})`);
  } else if ("contest" in what) {
    for (const cache of live) cache.clearContest(what.contest);
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${CONTEST_PREFIX + what.contest})`);
  } else {
    for (const cache of live) cache.clearSession(what.session);
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${SESSION_PREFIX + what.session})`);
  }
}

/**
 * Clear at commit: every instance's entries, this one's too, on the notice sent at the writer's
 * commit, never before it (page views meanwhile are served what was committed, not read again as it
 * was while the transaction runs). For a score update (game-changes.ts): `"scores"`, the games but
 * not the schedule (no kickoff moved, no standing moved but a final's), which the writer also clears
 * in its own process after the commit with `scoresCommitted`; and `{ contests }`, a final's, which
 * each instance may hold while the final's score goes out to its pages (`holdFinals`).
 */
export async function clearAtCommit(
  db: Executor,
  what: "scores" | { contests: readonly string[] },
): Promise<void> {
  if (what === "scores") {
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${SCORES})`);
    return;
  }
  const ids = what.contests;
  for (let at = 0; at < ids.length; at += CONTESTS_PER_NOTICE) {
    const payload = CONTESTS_PREFIX + ids.slice(at, at + CONTESTS_PER_NOTICE).join(",");
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`);
  }
}

/** After the commit of a transaction that called `clearAtCommit(db, "scores")`: this process's games, now. */
export function scoresCommitted(database: Database): void {
  readCache(database).clearOnly("games");
}

/**
 * Clear on notice: after a committed write outside any transaction (a pick submission, which must
 * not take NOTIFY's commit lock), this process's entries of the contest at once, and the other
 * instances' with the next numbered batch of notices; an instance that misses a batch clears
 * everything (numbered-notices.ts).
 */
export function clearOnNotice(database: Database, what: { contest: string }): void {
  for (const cache of live) cache.clearContest(what.contest);
  notices(database).send(CACHE_CHANNEL, CONTEST_PREFIX + what.contest);
}

const senders = new WeakMap<Database, NumberedNotices>();

/** The sender of notices after commit for a database (one per process); fp_cache's are sequenced. */
export function notices(database: Database): NumberedNotices {
  let sender = senders.get(database);
  if (!sender) {
    sender = new NumberedNotices(database, CACHE_CHANNEL);
    senders.set(database, sender);
  }
  return sender;
}
