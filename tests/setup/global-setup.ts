import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    postgresTemplate: string | null;
  }
}

export const POSTGRES_TEMPLATE = "fp_test_template";

/**
 * Migrates one database once; every test file then starts from a copy of it. The run on
 * PostgreSQL (TEST_DB=postgres) needs no PGlite template: its 5 s would hold up every file.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
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
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
    await admin.end();
    const templateUrl = withDatabase(url, POSTGRES_TEMPLATE);
    const template = await openDatabase({ url: templateUrl, poolSize: 1 });
    await template.migrate();
    await template.close();
    project.provide("postgresTemplate", url);
  } else {
    project.provide("postgresTemplate", null);
  }
  // The template is 40 MB: gone with the run that made it.
  return () => {
    if (templateFile) rmSync(templateFile, { force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
}
