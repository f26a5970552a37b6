import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pick as pickSchema } from "@/contracts/picks";
import { migrationsFolder } from "@/server/db/client";
import { withDatabase } from "../setup/global-setup";

/**
 * A database made before migration 0007 (decision 056) and upgraded: the picks it holds are read
 * with the pick's new fields, and a pick written after the upgrade too. On PGlite, or on PostgreSQL
 * under TEST_DB=postgres (a database of its own).
 */
interface Scratch {
  migrate(folder: string): Promise<void>;
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

async function pgliteScratch(): Promise<Scratch> {
  const client = await PGlite.create();
  const db = drizzlePglite({ client });
  return {
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    close: () => client.close(),
  };
}

async function postgresScratch(serverUrl: string): Promise<Scratch> {
  const name = `fp_upgrade_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await client.connect();
  const db = drizzlePg({ client });
  return {
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: async () => {
      await client.end();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The migrations folder as it was before `tag`: the same files, the journal cut before it. */
function folderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fp-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Every field of the contract but the lock's, which only a lock carries. */
const UNLOCKED_FIELDS = Object.keys(pickSchema.shape).filter((key) => key !== "isLock");

const PICK = {
  id: "10000000-0000-4000-8000-000000000001",
  contest: "20000000-0000-4000-8000-000000000001",
  user: "30000000-0000-4000-8000-000000000001",
  game: "40000000-0000-4000-8000-000000000001",
};

describe("an upgrade past migration 0007", () => {
  let scratch: Scratch;
  let before: string;
  beforeAll(async () => {
    const url = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
    scratch = url ? await postgresScratch(url) : await pgliteScratch();
    before = folderBefore("0007_pick_json_head_narrower");
  });
  afterAll(async () => {
    await scratch.close();
    rmSync(before, { recursive: true, force: true });
  });

  const heads = async () =>
    (
      await scratch.query<{ id: string; json_head: string }>("select id, json_head from picks order by id")
    ).map(
      // As the API sends it: the result and the game follow the stored part.
      ({ json_head }) =>
        JSON.parse(`${json_head},"result":"pending","isWin":null,"game":null}`) as Record<string, unknown>,
    );

  it("writes the picks it holds again, without what their list says", async () => {
    await scratch.migrate(before);
    // A pick alone: the rows it refers to are not this test's subject.
    await scratch.query(
      `alter table picks drop constraint picks_contest_id_contests_id_fk,
        drop constraint picks_game_id_games_id_fk, drop constraint picks_user_id_users_id_fk`,
    );
    await scratch.query(
      `insert into picks (id, contest_id, user_id, game_id, week, market, side, line_spread,
        line_favorite, line_total) values ('${PICK.id}', '${PICK.contest}', '${PICK.user}',
        '${PICK.game}', 3, 'spread', 'favorite', -3.5, 'KC', 47.5)`,
    );
    const [old] = await heads();
    expect(old).toMatchObject({ id: PICK.id, contestId: PICK.contest, userId: PICK.user, week: 3 });

    await scratch.migrate(migrationsFolder);
    const [upgraded] = await heads();
    expect(upgraded).toEqual({
      id: PICK.id,
      gameId: PICK.game,
      market: "spread",
      side: "favorite",
      lineSpread: "-3.5",
      lineFavorite: "KC",
      lineTotal: "47.5",
      result: "pending",
      isWin: null,
      game: null,
    });
    expect(Object.keys(upgraded!)).toEqual(UNLOCKED_FIELDS);

    // The trigger writes a changed line again, and a new pick, as the contract says.
    await scratch.query(`update picks set line_total = 44 where id = '${PICK.id}'`);
    await scratch.query(
      `insert into picks (id, contest_id, user_id, game_id, week, market, side)
        values ('10000000-0000-4000-8000-000000000002', '${PICK.contest}', '${PICK.user}',
        '${PICK.game}', 3, 'total', 'over')`,
    );
    const [changed, added] = await heads();
    expect(changed).toMatchObject({ lineTotal: "44.0" });
    expect(Object.keys(added!)).toEqual(UNLOCKED_FIELDS);
    expect(added).toMatchObject({ market: "total", side: "over", lineSpread: null, lineTotal: null });
  });
});
