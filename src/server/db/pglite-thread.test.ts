import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../plugins/errors";
import { openDatabase, queryRows } from "./client";
import { preparedStatement } from "./prepared";

/**
 * A PGlite folder's database, as `npm start` opens it: in a worker thread (decision 039). What the
 * app relies on from PGlite must hold across the thread: transactions that commit or roll back whole
 * and hold others off meanwhile, PostgreSQL's error codes, named statements, NOTIFY after commit,
 * and a close after which every call fails as "closed" (a 503, not a hang).
 */
const dir = mkdtempSync(path.join(tmpdir(), "fp-thread-"));
const database = await openDatabase({ dataDir: dir });
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});
const { db } = database;
await db.execute(sql`create table thread_probe (id int primary key, note text, at timestamptz)`);
const ids = async () =>
  (await queryRows<{ id: number }>(db, sql`select id from thread_probe order by id`)).map((row) => row.id);

describe("PGlite in its own thread", () => {
  it("runs Drizzle's statements, dates as text as its PGlite driver reads them", async () => {
    const at = new Date("2025-11-20T12:00:00Z");
    await db.execute(sql`insert into thread_probe values (1, 'one', ${at.toISOString()})`);
    const [row] = await queryRows<{ id: number; note: string; at: string }>(
      db,
      sql`select * from thread_probe`,
    );
    expect(row).toEqual({ id: 1, note: "one", at: expect.any(String) });
    expect(new Date(row!.at).getTime()).toBe(at.getTime());
  });

  it("commits a transaction whole, rolls a failed one back whole, with PostgreSQL's error code", async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id) values (2)`);
      await tx.execute(sql`insert into thread_probe (id) values (3)`);
    });
    const failure = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id) values (4)`);
        await tx.execute(sql`insert into thread_probe (id) values (1)`);
      })
      .catch((error: unknown) => error);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe("23505");
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id) values (5)`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it("holds a statement from outside until an open transaction ends, and runs the next after", async () => {
    let outsideDone = false;
    let outside: Promise<number[]> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id) values (6)`);
      outside = ids().then((seen) => ((outsideDone = true), seen));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideDone).toBe(false);
      await tx.execute(sql`insert into thread_probe (id) values (7)`);
    });
    expect(await outside).toEqual([1, 2, 3, 6, 7]);
  });

  it("runs named statements, and a failed one does not stop the next", async () => {
    const insert = preparedStatement<{ id: number }>(
      "thread_probe_insert",
      () => sql`insert into thread_probe (id) values (${sql.placeholder("id")}) returning id`,
    );
    expect(await insert(db, { id: 8 })).toEqual([{ id: 8 }]);
    const failure = await insert(db, { id: 8 }).catch((error: unknown) => error);
    expect((failure as { code?: string }).code).toBe("23505");
    expect(await insert(db, { id: 9 })).toEqual([{ id: 9 }]);
  });

  it("fails a statement whose values cannot be sent to the thread, and runs the next", async () => {
    const unsendable = Symbol("not a value") as unknown as string;
    await expect(queryRows(db, sql`select ${unsendable}::text as value`)).rejects.toThrow();
    expect(await ids()).toEqual([1, 2, 3, 6, 7, 8, 9]);
  });

  it("delivers a NOTIFY once, after its transaction commits, until the subscription closes", async () => {
    const heard: string[] = [];
    const subscription = await database.listen("thread_probe", {
      onPayload: (payload) => heard.push(payload),
    });
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('thread_probe', 'committed')`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(heard).toEqual([]);
    });
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('thread_probe', 'rolled back')`);
        tx.rollback();
      })
      .catch(() => undefined);
    await database.ping();
    expect(heard).toEqual(["committed"]);
    await subscription.close();
    await db.execute(sql`select pg_notify('thread_probe', 'after')`);
    await database.ping();
    expect(heard).toEqual(["committed"]);
  });

  it("answers a thread that stopped under it as a database out of reach, every call after too", async () => {
    const other = mkdtempSync(path.join(tmpdir(), "fp-thread-crash-"));
    const crashing = await openDatabase({ dataDir: other });
    try {
      const thread = (crashing.db._.session as unknown as { client: { worker: Worker } }).client;
      await thread.worker.terminate();
      for (let call = 0; call < 2; call += 1) {
        const error = await crashing.ping().catch((caught: unknown) => caught);
        expect(isDatabaseUnavailable(error)).toBe(true);
      }
    } finally {
      await crashing.close();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("fails to open a folder that holds no database, and leaves it unlocked", async () => {
    const broken = mkdtempSync(path.join(tmpdir(), "fp-thread-broken-"));
    try {
      writeFileSync(path.join(broken, "pglite"), "not a database");
      await expect(openDatabase({ dataDir: broken })).rejects.toThrow();
      expect(existsSync(path.join(broken, "pglite.lock"))).toBe(false);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("keeps what was committed when reopened, and fails every call as closed after close", async () => {
    await database.close();
    await expect(database.ping()).rejects.toThrow(/PGlite is closed/);
    const reopened = await openDatabase({ dataDir: dir });
    try {
      expect(
        (await queryRows<{ id: number }>(reopened.db, sql`select id from thread_probe order by id`)).map(
          (row) => row.id,
        ),
      ).toEqual([1, 2, 3, 6, 7, 8, 9]);
    } finally {
      await reopened.close();
    }
  });
});
