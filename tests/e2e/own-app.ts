import { rmSync } from "node:fs";
import type { APIRequestContext, Browser } from "@playwright/test";
import { startServer, type ServerProcess } from "../setup/server-process";
import { CREATION_PASSWORD, expect, registerByApi, test, uniqueEmail } from "./fixtures";

const PASSWORD = "a good password";

/**
 * An app of a spec's own: the built server on a database of its own (removed after the spec),
 * started with its clock stopped at a moment and started again later, as a replay moves on. Its
 * people sign up or in by the API, each in a browser context of their own.
 */
export function ownApp(name: string) {
  const dataDir = `.tmp/e2e-data-${name}-${process.pid}`;
  let server: ServerProcess | undefined;
  let appURL = "";

  const stop = async () => {
    if (!server || server.child.exitCode !== null) return;
    server.child.kill("SIGTERM");
    await server.exited;
  };
  test.afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    /** Starts on a database left as it was, or fresh after `clear`; `env` adds to the server's (FEED_URL). */
    async start(now: string, env: Record<string, string> = {}) {
      server = await startServer(
        { DATA_DIR: dataDir, APP_NOW: now, LOG_LEVEL: "warn", ...env },
        { entry: "built" },
      );
      appURL = server.base;
    },
    stop,
    /** Removes the database: the next start is a fresh install. */
    clear: () => rmSync(dataDir, { recursive: true, force: true }),
    /** A person in a browser context of their own: signed up when `register` is given, else signed in. */
    async person(
      browser: Browser,
      who: { email: string },
      register?: { firstName: string; lastName: string },
    ) {
      const context = await browser.newContext({ baseURL: appURL, timezoneId: "America/New_York" });
      const page = await context.newPage();
      if (register) await registerByApi(page.request, { email: who.email, password: PASSWORD, ...register });
      else {
        const signedIn = await page.request.post("/api/auth/login", {
          data: { email: who.email, password: PASSWORD },
        });
        expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
      }
      return { page, request: page.request, close: () => context.close() };
    },
    /**
     * A fresh database's people, each signed up in a browser of their own: Ada, its admin (the
     * first account), who sets the contest creation password, then Alice and Bob.
     */
    async adaAliceAndBob(browser: Browser) {
      const ada = { email: uniqueEmail("ada"), firstName: "Ada", lastName: "Admin" };
      const aliceWho = { email: uniqueEmail("alice"), firstName: "Alice", lastName: "Anders" };
      const bobWho = { email: uniqueEmail("bob"), firstName: "Bob", lastName: "Brown" };
      const admin = await this.person(browser, ada, ada);
      await ok(
        await admin.request.put("/api/system-config/contest_creation_password", {
          data: { value: CREATION_PASSWORD },
        }),
      );
      const alice = await this.person(browser, aliceWho, aliceWho);
      const bob = await this.person(browser, bobWho, bobWho);
      return { ada, aliceWho, bobWho, admin, alice, bob };
    },
  };
}

/** An API answer that must be a success: it, or the test fails with its body. */
export const ok = async (response: Awaited<ReturnType<APIRequestContext["post"]>>) => {
  expect(response.ok(), await response.text()).toBeTruthy();
  return response;
};
