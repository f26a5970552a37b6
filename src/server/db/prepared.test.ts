import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/setup/test-database";
import { queryRows } from "./client";
import { preparedStatement } from "./prepared";

const database = await freshDatabase();
afterAll(() => database.close());

const db = database.db;
await db.execute(sql`create table prepared_probe (id int primary key, note text, at timestamptz)`);

const insertProbe = preparedStatement<{ id: number; note: string; at: string }>(
  "prepared_probe_insert",
  () =>
    sql`insert into prepared_probe (id, note, at)
    values (${sql.placeholder("id")}, ${sql.placeholder("note")}, ${sql.placeholder("at")})
    returning id, note, at`,
);
const probes = () => queryRows<{ id: number }>(db, sql`select id from prepared_probe order by id`);

/** On PGlite these run outside Drizzle (one call into PGlite per run); on PostgreSQL through it. */
describe(`a prepared statement on ${database.kind}`, () => {
  it("runs many times by name with its values, rows as the drivers give them", async () => {
    const at = new Date("2025-11-20T12:00:00Z");
    const first = await insertProbe(db, { id: 1, note: "one", at });
    const second = await insertProbe(db, { id: 2, note: null, at });
    expect(first).toEqual([{ id: 1, note: "one", at: expect.any(String) }]);
    expect(new Date(first[0]!.at).getTime()).toBe(at.getTime());
    expect(second[0]).toMatchObject({ id: 2, note: null });
  });

  it("fails with PostgreSQL's error code, and runs again after", async () => {
    const error = await insertProbe(db, { id: 1, note: "again", at: null }).catch(
      (caught: unknown) => caught,
    );
    const codes = [error, (error as { cause?: unknown }).cause].map((e) => (e as { code?: string })?.code);
    expect(codes).toContain("23505");
    await insertProbe(db, { id: 3, note: "three", at: null });
    expect((await probes()).map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it("runs inside a transaction, rolled back with it", async () => {
    await db
      .transaction(async (tx) => {
        await insertProbe(tx, { id: 4, note: "in", at: null });
        expect(
          (await queryRows<{ id: number }>(tx, sql`select id from prepared_probe where id = 4`)).length,
        ).toBe(1);
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await probes()).map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it("never joins another caller's open transaction", async () => {
    let inside: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const other = db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_probe (id) values (5)`);
        inside();
        await new Promise((resolve) => setTimeout(resolve, 50));
        tx.rollback();
      })
      .catch(() => undefined);
    await opened;
    await insertProbe(db, { id: 6, note: "outside", at: null });
    await other;
    expect((await probes()).map((row) => row.id)).toEqual([1, 2, 3, 6]);
  });
});
