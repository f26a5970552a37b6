import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { FixedClock } from "../../src/server/clock";
import { openDatabase, type Database } from "../../src/server/db/client";
import { seed } from "../../src/server/db/seed";
import { loadEnv } from "../../src/server/env";
import { findLiveAccountToken } from "../../src/server/repositories/account-tokens.repository";
import { insertUser } from "../../src/server/repositories/users.repository";
import { as } from "../as";
import { signUp } from "../factories";
import { SEASON_2025_WEEK_1 } from "../setup/test-app";
import { freshDatabase } from "../setup/test-database";
import { SmtpSink } from "../smtp-sink";

/**
 * A password reset end to end: the mail as an SMTP server receives it, its link's token used through
 * the API, and what the server wrote to its log meanwhile; then the command line's link.
 */
const PUBLIC_URL = "https://pool.example.com";
const sink = await SmtpSink.start();
const logged: string[] = [];
const log = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString("utf8"));
    done();
  },
});
const database = await freshDatabase();
const clock = new FixedClock(new Date(SEASON_2025_WEEK_1));
await seed(database.db, clock.now());
const app = await buildApp({
  database,
  clock,
  env: {
    ...loadEnv({ NODE_ENV: "test", FEED_URL: "off", PUSH_SERVICE_HOSTS: "*" }),
    SMTP_URL: sink.url,
    PUBLIC_URL,
  },
  clientRoot: "/nonexistent",
  logger: { level: "trace", stream: log },
  authLimits: { perIp: 1000, perEmail: 1000 },
  // Only the test's flushes deliver.
  mailer: { intervalMs: 0, kicks: false },
});
afterAll(async () => {
  await app.close();
  await database.close();
  await sink.close();
});

const tokenIn = (text: string) => /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe("a password reset by mail", () => {
  beforeAll(async () => {
    await signUp(app, { email: "admin@example.com" });
  });

  it("mails a link whose token sets a new password once, then mails that it changed; no log holds the token", async () => {
    const bea = await signUp(app, { email: "bea@example.com", firstName: "Bea" });
    const asked = await as(app, null).post("/api/auth/password-reset/request", { email: "bea@example.com" });
    expect(asked.statusCode).toBe(200);
    expect(await app.mailer.flush()).toMatchObject({ sent: 1 });

    const [mail] = sink.to(bea.email);
    expect(mail!.subject).toBe("Choose a new Football Pool password");
    expect(mail!.text).toContain(`${PUBLIC_URL}/reset-password#token=`);
    const token = tokenIn(mail!.text)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await as(app, null).post("/api/auth/password-reset/check", { token })).json()).toEqual({
      valid: true,
    });
    const reset = await as(app, null).post("/api/auth/password-reset", { token, password: "bea's new one" });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await as(app, bea).get("/api/auth/user")).statusCode).toBe(401);
    const again = await as(app, null).post("/api/auth/password-reset", {
      token,
      password: "bea's newer one",
    });
    expect(again.statusCode).toBe(400);

    expect(await app.mailer.flush()).toMatchObject({ sent: 1 });
    const changed = sink.to(bea.email)[1]!;
    expect(changed.subject).toBe("Your Football Pool password was changed");
    expect(tokenIn(changed.text)).toBeUndefined();
    const login = await as(app, null).post("/api/auth/login", {
      email: bea.email,
      password: "bea's new one",
    });
    expect(login.statusCode).toBe(200);

    expect(logged.some((line) => line.includes("/api/auth/password-reset"))).toBe(true);
    expect(logged.filter((line) => line.includes(token))).toEqual([]);
  });
});

const run = promisify(execFile);
const cli = (email: string | undefined, env: Record<string, string>) =>
  run(
    process.execPath,
    ["--import", "tsx", "src/server/db/reset-password-cli.ts", ...(email ? [email] : [])],
    {
      env: { ...process.env, NODE_ENV: "test", PUBLIC_URL: "https://cli.example.com", ...env },
    },
  );

/** What a working link printed by the command line holds: a live token of that account. */
async function expectLiveLink(db: Database, stdout: string, userId: string) {
  expect(stdout).toContain("https://cli.example.com/reset-password#token=");
  const token = tokenIn(stdout)!;
  const row = await findLiveAccountToken(db.db, token, "password_reset", new Date());
  expect(row?.userId).toBe(userId);
}

describe.skipIf(process.env.TEST_DB === "postgres")("npm run user:reset-password on a PGlite folder", () => {
  const root = mkdtempSync(path.join(tmpdir(), "fp-reset-cli-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("refuses a folder in use, prints a link for an account, and fails for an unknown address", async () => {
    const env = { DATA_DIR: root, DATABASE_URL: "" };
    const held = await openDatabase({ dataDir: root });
    await held.migrate();
    const user = await insertUser(held.db, {
      email: "kim@example.com",
      firstName: "Kim",
      lastName: "Player",
      passwordHash: null,
      createdAt: new Date(),
    });
    // While this process holds the folder (as a running server does), the command leaves it alone.
    await expect(cli("kim@example.com", env)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("is in use by process"),
    });
    await held.close();

    const printed = await cli("Kim@Example.com", env);
    await expect(cli("nobody@example.com", env)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No account uses the e-mail address nobody@example.com."),
    });
    await expect(cli(undefined, env)).rejects.toMatchObject({ code: 1 });
    const reopened = await openDatabase({ dataDir: root });
    try {
      await expectLiveLink(reopened, printed.stdout, user.id);
    } finally {
      await reopened.close();
    }
    // Three commands through tsx and a new PGlite folder (an initdb): slow on a busy 2-core machine.
  }, 180_000);
});

describe.skipIf(process.env.TEST_DB !== "postgres")("npm run user:reset-password on PostgreSQL", () => {
  it("prints a link for an account, and fails for an unknown address", async () => {
    const target = await freshDatabase();
    try {
      const user = await insertUser(target.db, {
        email: "kim@example.com",
        firstName: "Kim",
        lastName: "Player",
        passwordHash: null,
        createdAt: new Date(),
      });
      const env = { DATABASE_URL: target.url! };
      await expectLiveLink(target, (await cli("kim@example.com", env)).stdout, user.id);
      await expect(cli("nobody@example.com", env)).rejects.toMatchObject({ code: 1 });
    } finally {
      await target.close();
    }
  }, 60_000);
});
