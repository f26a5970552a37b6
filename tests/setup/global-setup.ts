import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, processAlive } from "../../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    postgresTemplate: string | null;
    postgresTemplateName: string;
  }
}

/**
 * A run's own template database: two runs on one PostgreSQL server at once (a developer's, and a
 * fresh clone's or CI's) must not drop each other's template in the middle of the other's files.
 */
const TEMPLATE_PREFIX = "fp_test_template_";

/**
 * Migrates one database once; every test file then starts from a copy of it. The run on
 * PostgreSQL (TEST_DB=postgres) needs no PGlite template: its 5 s would hold up every file.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  const templateName = `${TEMPLATE_PREFIX}${process.pid}`;
  let templateFile: string | null = null;
  if (!url) {
    const dir = path.resolve(".tmp");
    mkdirSync(dir, { recursive: true });
    templateFile = path.join(dir, `pglite-template-${process.pid}.tar`);
    const client = await PGlite.create();
    const database = await openDatabase({ pglite: client });
    await database.migrate();
    const dump = await client.dumpDataDir("none");
    writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  }
  project.provide("pgliteTemplate", templateFile);

  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropStaleTemplates(admin);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const templateUrl = withDatabase(url, templateName);
    const template = await openDatabase({ url: templateUrl, poolSize: 1 });
    await template.migrate();
    await template.close();
    project.provide("postgresTemplate", url);
  } else {
    project.provide("postgresTemplate", null);
  }
  project.provide("postgresTemplateName", templateName);
  // The templates (40 MB on PGlite) are gone with the run that made them.
  return async () => {
    if (templateFile) rmSync(templateFile, { force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    }
  };
}

/** Templates left by killed runs on this host (their process is gone); a live run's is left alone. */
async function dropStaleTemplates(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like $1",
    [`${TEMPLATE_PREFIX}%`],
  );
  for (const { datname } of rows) {
    const pid = Number(datname.slice(TEMPLATE_PREFIX.length));
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
}
