import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, pgliteStartParams, type Database } from "../../src/server/db/client";
import { withDatabase } from "./global-setup";

/**
 * A fresh, migrated database for one test file: a copy of the template on PGlite, or, when the
 * suite runs with TEST_DB=postgres, a new PostgreSQL database cloned from the template database.
 */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = inject("postgresTemplate");
  if (!serverUrl) {
    const templateFile = inject("pgliteTemplate");
    if (!templateFile) throw new Error("No PGlite template: global setup made none (TEST_DB=postgres).");
    const template = readFileSync(templateFile);
    // The server's start parameters (a 32 MB buffer pool, which PGlite clears at every start).
    const client = await PGlite.create({ loadDataDir: new Blob([template]), startParams: pgliteStartParams });
    return openDatabase({ pglite: client });
  }
  const name = `fp_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("postgresTemplateName")}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ url, poolSize: 10 });
  const close = database.close;
  return {
    ...database,
    url,
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
