import { getHeapStatistics } from "node:v8";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/setup/test-database";
import { CACHE_CHANNEL, contestKey, FINAL_HOLD_MS, clearAtCommit, ReadCache } from "./read-cache";

const database = await freshDatabase();
afterAll(() => database.close());

/**
 * What another instance's write tells this one: the notices on the fp_cache channel, sent here
 * straight through SQL (a write in this process would also clear its caches directly).
 */
describe("ReadCache notices", () => {
  const notify = (payload: string) =>
    database.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`);

  async function until(test: () => boolean) {
    for (let i = 0; i < 100 && !test(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    return test();
  }

  /** A started cache whose finals are held (a score always going out), stopped after `test`. */
  async function holdingFinals(test: (cache: ReadCache) => Promise<void>) {
    const cache = new ReadCache();
    await cache.start(database);
    const unhold = cache.holdFinals(() => true);
    try {
      await test(cache);
    } finally {
      unhold();
      await cache.stop();
    }
  }

  it("clears one contest's entries on contest:<id>, the contests on contests, contests with the games", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    try {
      const fill = () => {
        for (const id of ["c1", "c2"]) {
          cache.put("contests", contestKey(id), { id });
          cache.put("weekly", id, { id });
        }
        cache.put("contests", "ids:u1", ["c1", "c2"]);
        cache.put("schedule", "openings", []);
        cache.put("games", "week:2025:1", []);
        cache.put("sessions", "s1", {});
      };
      fill();
      await notify("contest:c1");
      expect(await until(() => cache.get("weekly", "c1") === undefined)).toBe(true);
      expect(cache.get("contests", contestKey("c1"))).toBeUndefined();
      expect(cache.get("contests", contestKey("c2"))).toEqual({ id: "c2" });
      expect(cache.get("weekly", "c2")).toEqual({ id: "c2" });
      expect(cache.get("contests", "ids:u1")).toEqual(["c1", "c2"]);

      await notify("contests");
      expect(await until(() => cache.get("contests", "ids:u1") === undefined)).toBe(true);
      expect(cache.get("weekly", "c2")).toBeUndefined();
      expect(cache.get("games", "week:2025:1")).toEqual([]);
      expect(cache.get("schedule", "openings")).toEqual([]);

      fill();
      await notify("games");
      expect(await until(() => cache.get("games", "week:2025:1") === undefined)).toBe(true);
      // A write to the games may move a kickoff: the schedule goes with them.
      expect(cache.get("schedule", "openings")).toBeUndefined();
      expect(cache.get("contests", contestKey("c2"))).toBeUndefined();
      expect(cache.get("weekly", "c2")).toBeUndefined();
      expect(cache.get("sessions", "s1")).toEqual({});
    } finally {
      await cache.stop();
    }
  });

  it("clears the games only on scores, not the schedule; several contests on contests:<id>,<id>", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    try {
      for (const id of ["c1", "c2", "c3"]) {
        cache.put("contests", contestKey(id), { id });
        cache.put("weekly", id, { id });
      }
      cache.put("games", "week:2025:1", []);
      cache.put("schedule", "openings", []);
      await notify("scores");
      expect(await until(() => cache.get("games", "week:2025:1") === undefined)).toBe(true);
      // A live score moves no kickoff: season openings, weeks' last kickoffs stay in memory.
      expect(cache.get("schedule", "openings")).toEqual([]);
      expect(cache.get("contests", contestKey("c1"))).toEqual({ id: "c1" });
      expect(cache.get("weekly", "c1")).toEqual({ id: "c1" });

      await notify("contests:c1,c3");
      expect(await until(() => cache.get("weekly", "c3") === undefined)).toBe(true);
      expect(cache.get("contests", contestKey("c1"))).toBeUndefined();
      expect(cache.get("contests", contestKey("c2"))).toEqual({ id: "c2" });
      expect(cache.get("weekly", "c2")).toEqual({ id: "c2" });
    } finally {
      await cache.stop();
    }
  });

  it("clears the games of a score update at its commit, not while its transaction is open", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    try {
      cache.put("games", "week:2025:12", ["before"]);
      await database.db.transaction(async (tx) => {
        await clearAtCommit(tx, "scores");
        // Page views meanwhile are served the games as committed, from memory: on PGlite a read
        // would wait for this transaction to end.
        expect(cache.get("games", "week:2025:12")).toEqual(["before"]);
      });
      expect(await until(() => cache.get("games", "week:2025:12") === undefined)).toBe(true);

      // Rolled back: nothing was told, the games stay.
      cache.put("games", "week:2025:12", ["still"]);
      await expect(
        database.db.transaction(async (tx) => {
          await clearAtCommit(tx, "scores");
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(cache.get("games", "week:2025:12")).toEqual(["still"]);
    } finally {
      await cache.stop();
    }
  });

  it("holds a final's contests while a holder says a score is going out, until released or FINAL_HOLD_MS", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    let streams = 1;
    const unhold = cache.holdFinals(() => streams > 0);
    try {
      const fill = () => {
        for (const id of ["c1", "c2"]) cache.put("contests", contestKey(id), { id });
        cache.put("games", "openings", []);
      };
      fill();
      // The scores notice of the same commit comes first: once it is in, so is the next one.
      await notify("contests:c1");
      await notify("scores");
      expect(await until(() => cache.get("games", "openings") === undefined)).toBe(true);
      expect(cache.get("contests", contestKey("c1"))).toEqual({ id: "c1" });
      cache.releaseFinals();
      expect(cache.get("contests", contestKey("c1"))).toBeUndefined();
      expect(cache.get("contests", contestKey("c2"))).toEqual({ id: "c2" });

      // Never released: cleared FINAL_HOLD_MS after the notice all the same.
      fill();
      const noticed = performance.now();
      await notify("contests:c2");
      await notify("scores");
      expect(await until(() => cache.get("games", "openings") === undefined)).toBe(true);
      expect(cache.get("contests", contestKey("c2"))).toEqual({ id: "c2" });
      for (let i = 0; i < 100 && cache.get("contests", contestKey("c2")); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cache.get("contests", contestKey("c2"))).toBeUndefined();
      expect(performance.now() - noticed).toBeGreaterThanOrEqual(FINAL_HOLD_MS - 50);

      // No stream open: nothing to wait for, cleared at once.
      streams = 0;
      fill();
      await notify("contests:c1");
      expect(await until(() => cache.get("contests", contestKey("c1")) === undefined)).toBe(true);
    } finally {
      unhold();
      await cache.stop();
    }
  });

  it("puts a final's contests read again in place of those held, their weekly results made anew where still as they were made from, unless something was cleared meanwhile", async () => {
    await holdingFinals(async (cache) => {
      for (const id of ["c1", "c2"]) {
        cache.put("contests", contestKey(id), { id, graded: false });
        cache.put("picking", id, { week: 12, graded: false });
        cache.put("weekly", id, { id });
      }
      cache.put("games", "openings", []);
      await notify("contests:c1,c2");
      await notify("scores");
      expect(await until(() => cache.get("games", "openings") === undefined)).toBe(true);
      // Read again (a week in memory for c1 only): put in place, the weekly results let go.
      const since = { contests: cache.version("contests"), picking: cache.version("picking") };
      const loadedBefore = cache.version("contests");
      cache.replaceContests(
        ["c1", "c2"],
        {
          contests: new Map([
            ["c1", { id: "c1", graded: true }],
            ["c2", { id: "c2", graded: true }],
          ]),
          picking: new Map([["c1", { week: 12, graded: true }]]),
        },
        since,
      );
      expect(cache.get("contests", contestKey("c1"))).toEqual({ id: "c1", graded: true });
      expect(cache.get("picking", "c1")).toEqual({ week: 12, graded: true });
      expect(cache.get("picking", "c2")).toBeUndefined();
      expect(cache.get("weekly", "c1")).toBeUndefined();
      // No longer held: the release leaves them; a load begun before stores nothing.
      cache.releaseFinals();
      expect(cache.get("contests", contestKey("c2"))).toEqual({ id: "c2", graded: true });
      cache.put("contests", contestKey("c3"), { id: "c3" }, loadedBefore);
      expect(cache.get("contests", contestKey("c3"))).toBeUndefined();

      // A write meanwhile (a contest cleared after the read began): cleared, not replaced.
      const read = { contests: cache.version("contests"), picking: cache.version("picking") };
      cache.clearContest("c9");
      cache.replaceContests(
        ["c1"],
        { contests: new Map([["c1", { id: "c1", graded: "again" }]]), picking: new Map() },
        read,
      );
      expect(cache.get("contests", contestKey("c1"))).toBeUndefined();
      expect(cache.get("contests", contestKey("c2"))).toEqual({ id: "c2", graded: true });

      // Weekly results made anew: kept where made from the entry still in memory, else let go.
      const sinceToo = { contests: cache.version("contests"), picking: cache.version("picking") };
      const first = { id: "c1", n: 1 };
      const stale = { id: "c2", n: 1 };
      cache.put("weekly", "c1", first);
      cache.put("weekly", "c2", stale);
      cache.put("weekly", "c2", { id: "c2", n: 2 });
      cache.replaceContests(
        ["c1", "c2"],
        {
          contests: new Map([["c1", { id: "c1", graded: true }]]),
          picking: new Map(),
          weekly: new Map([
            ["c1", { old: first, value: { id: "c1", remade: true } }],
            ["c2", { old: stale, value: { id: "c2", remade: true } }],
          ]),
        },
        sinceToo,
      );
      expect(cache.get("weekly", "c1")).toEqual({ id: "c1", remade: true });
      expect(cache.get("weekly", "c2")).toBeUndefined();
    });
  });

  it("holds a final's contests still to read again while a refresh puts the others in place", async () => {
    await holdingFinals(async (cache) => {
      for (const id of ["c1", "c2"]) cache.put("contests", contestKey(id), { id, graded: false });
      cache.put("games", "openings", []);
      // The scores notice of the same commit comes after: once it is in, so is the first.
      await notify("contests:c1,c2");
      await notify("scores");
      expect(await until(() => cache.get("games", "openings") === undefined)).toBe(true);
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await sleep(FINAL_HOLD_MS * 0.75);
      // c1 read again in time; c2's batch is still under way past the first wait.
      const since = { contests: cache.version("contests"), picking: cache.version("picking") };
      cache.replaceContests(
        ["c1"],
        { contests: new Map([["c1", { id: "c1", graded: true }]]), picking: new Map() },
        since,
      );
      await sleep(FINAL_HOLD_MS * 0.5);
      expect(cache.get("contests", contestKey("c2"))).toEqual({ id: "c2", graded: false });
      // With no batch put in place for as long, the rest is let go.
      await sleep(FINAL_HOLD_MS * 0.75);
      expect(cache.get("contests", contestKey("c2"))).toBeUndefined();
      expect(cache.get("contests", contestKey("c1"))).toEqual({ id: "c1", graded: true });
    });
  });

  it("clears one session on session:<id>, the others and the users staying", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    try {
      cache.put("sessions", "s1", { id: "s1" });
      cache.put("sessions", "s2", { id: "s2" });
      cache.put("users", "u1", { id: "u1" });
      await notify("session:s1");
      expect(await until(() => cache.get("sessions", "s1") === undefined)).toBe(true);
      expect(cache.get("sessions", "s2")).toEqual({ id: "s2" });
      expect(cache.get("users", "u1")).toEqual({ id: "u1" });
    } finally {
      await cache.stop();
    }
  });

  it("loads an entry missed by many readers at once only once, and never keeps a load older than a clear", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    try {
      let loads = 0;
      let release: () => void = () => {};
      const load = async () => {
        loads += 1;
        const n = loads;
        await new Promise<void>((resolve) => (release = resolve));
        return { n };
      };
      const readers = Array.from({ length: 100 }, () => cache.through("games", "week", load));
      release();
      expect(new Set(await Promise.all(readers)).size).toBe(1);
      expect(loads).toBe(1);

      // A reader after a clear does not get the load that started before it.
      cache.clearOnly("games");
      const before = cache.through("games", "next", load);
      const releaseBefore = release;
      cache.clearOnly("games");
      const after = cache.through("games", "next", load);
      releaseBefore();
      release();
      expect(await before).toEqual({ n: 2 });
      expect(await after).toEqual({ n: 3 });
      expect(cache.get("games", "next")).toEqual({ n: 3 });
    } finally {
      await cache.stop();
    }
  });

  it("makes room by letting the oldest entry go when a topic is full", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    try {
      for (let i = 0; i <= 20_000; i += 1) cache.put("weekly", `c${i}`, { i });
      expect(cache.get("weekly", "c0")).toBeUndefined();
      expect(cache.get("weekly", "c1")).toEqual({ i: 1 });
      expect(cache.get("weekly", "c20000")).toEqual({ i: 20_000 });
    } finally {
      await cache.stop();
    }
  });

  it("bounds weekly results and contests by the memory their values say they hold", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    try {
      const weekly = Math.min(getHeapStatistics().heap_size_limit * 0.2, 128 * 1024 * 1024);
      const share = weekly / 4;
      // Four entries of a quarter of the topic's share each fill it: a fifth sends the oldest away.
      for (const key of ["a", "b", "c", "d"]) cache.put("weekly", key, { cacheBytes: share * 0.99 });
      expect(["a", "b", "c", "d"].map((key) => cache.get("weekly", key) !== undefined)).toEqual([
        true,
        true,
        true,
        true,
      ]);
      cache.put("weekly", "e", { cacheBytes: share * 0.99 });
      expect(cache.get("weekly", "a")).toBeUndefined();
      expect(cache.get("weekly", "b")).toBeDefined();
      // One value larger than the whole share is still kept, alone.
      cache.put("weekly", "huge", { cacheBytes: share * 10 });
      expect(cache.get("weekly", "e")).toBeUndefined();
      expect(cache.get("weekly", "huge")).toBeDefined();
      // A replaced or deleted entry gives its room back.
      cache.delete("weekly", "huge");
      for (const key of ["f", "g", "h", "i"]) cache.put("weekly", key, { cacheBytes: share * 0.99 });
      expect(cache.get("weekly", "f")).toBeDefined();
    } finally {
      await cache.stop();
    }
  });

  it("does not store what was read before a clear", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    try {
      const version = cache.version("contests");
      cache.clearContest("c9");
      cache.put("contests", contestKey("c9"), { stale: true }, version);
      expect(cache.get("contests", contestKey("c9"))).toBeUndefined();
    } finally {
      await cache.stop();
    }
  });

  it("takes a batch of notices sent after commit line by line, and clears everything when one went missing", async () => {
    const cache = new ReadCache();
    await cache.start(database);
    try {
      for (const id of ["c1", "c2", "c3"]) cache.put("weekly", id, { id });
      cache.put("sessions", "s1", {});
      await notify("@other 1\ncontest:c1\ncontest:c2");
      expect(await until(() => cache.get("weekly", "c2") === undefined)).toBe(true);
      expect(cache.get("weekly", "c1")).toBeUndefined();
      expect(cache.get("weekly", "c3")).toEqual({ id: "c3" });
      expect(cache.get("sessions", "s1")).toEqual({});

      // Batch 2 of that sender never came: whatever it said may be stale here.
      await notify("@other 3\ncontest:c9");
      expect(await until(() => cache.get("sessions", "s1") === undefined)).toBe(true);
      expect(cache.get("weekly", "c3")).toBeUndefined();
    } finally {
      await cache.stop();
    }
  });
});
