import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { freePort } from "../setup/server-process";
import { SmtpSink, type ReceivedMail } from "../smtp-sink";
import { createAccount, expect, registerByApi, signIn, test, uniqueEmail } from "./fixtures";
import { axeFindings } from "./view-checks";

/*
 * A forgotten password with the mail really delivered: an app of its own whose SMTP_URL points at a
 * local SMTP server that keeps what it receives. Bea asks for a link on the Sign In tab, the mail
 * arrives, she opens its link, chooses a new password and lands on her dashboard; the "changed" mail
 * arrives too, her other browser is signed out, and only the new password signs her in. Nothing the
 * server logged meanwhile holds the link's token.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

const LANDING = /Go head to head/;
const ASKED =
  "If an account uses that address, we have sent it a link to choose a new password. The link works once, for one hour.";

let sink: SmtpSink | undefined;
let server: ChildProcess | undefined;
let appURL = "";
let dataDir = "";
/** What the server wrote to stdout and stderr. */
const logged: string[] = [];

/** Stops the server (SIGTERM: it finishes and writes out its log) and waits for it to exit. */
async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

test.beforeAll(async () => {
  sink = await SmtpSink.start();
  const port = await freePort();
  appURL = `http://127.0.0.1:${port}`;
  dataDir = `.tmp/e2e-data-reset-smtp-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(".tmp", { recursive: true });
  // The bundle the other specs' app runs (built by playwright.config.ts's first web server).
  server = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: appURL,
      SMTP_URL: sink.url,
      APP_NOW: "2025-09-04T12:00:00Z",
      FEED_URL: "off",
      AUTH_RATE_LIMIT: "10000",
      // Every request logged, with what the mailer did: the token must be in none of it.
      LOG_LEVEL: "trace",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout!, server.stderr!])
    stream.on("data", (chunk: Buffer) => logged.push(chunk.toString("utf8")));
  await expect(async () => {
    expect(server!.exitCode, logged.join("")).toBeNull();
    const health = await fetch(`${appURL}/api/health`);
    expect(health.ok).toBeTruthy();
  }).toPass({ timeout: 60_000 });
});

test.afterAll(async () => {
  await stopServer();
  await sink?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The mail with this subject that the SMTP server received for `to`, waited for. */
async function arrived(to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect(async () => {
    found = sink!.to(to).find((mail) => mail.subject === subject);
    expect(found, `a mail "${subject}" to ${to}`).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return found!;
}

test("Bea's reset link arrives by mail, sets her new password, and signs out her other browser", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: appURL });
  const page = await context.newPage();
  // The first account of this app is its admin; Bea comes second, a player.
  const admin = await browser.newContext({ baseURL: appURL });
  await registerByApi(admin.request, {
    email: uniqueEmail("admin"),
    firstName: "Ada",
    lastName: "Admin",
  });
  await admin.close();

  const bea = {
    email: uniqueEmail("bea"),
    password: "bea's first password",
    firstName: "Bea",
    lastName: "Forgetful",
  };
  await createAccount(page, bea);
  expect(((await (await page.request.get("/api/auth/user")).json()) as { isAdmin: boolean }).isAdmin).toBe(
    false,
  );

  // Her phone: signed in too, at 390 px.
  const phone = await browser.newContext({ baseURL: appURL, viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await signIn(phonePage, bea);

  // On the computer she signs out, and forgets her password.
  await page.getByRole("button", { name: "Sign Out (Bea)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: LANDING })).toBeVisible();
  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(bea.email);
  await page.getByRole("button", { name: "Send Link" }).click();
  await expect(page.getByRole("status")).toContainText(ASKED);
  expect.soft(await axeFindings(page), "the forgot form's answer").toEqual([]);

  // The mail arrives at the SMTP server, to her, with a link to this app's reset page.
  const mail = await arrived(bea.email, "Choose a new Football Pool password");
  expect(mail.to).toEqual([bea.email]);
  expect(mail.headers.to).toContain(bea.email);
  const link = new RegExp(`${appURL}/reset-password#token=[A-Za-z0-9_-]{43}(?=\\s|$)`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  const token = new URL(link!).hash.slice("#token=".length);

  // She opens the link from the mail and chooses a new password.
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expect(page.getByLabel("New password")).toBeFocused();
  expect.soft(await axeFindings(page), "the reset page").toEqual([]);
  await page.getByLabel("New password").fill("bea's new password");
  await page.getByRole("button", { name: "Save and Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");

  const changed = await arrived(bea.email, "Your Football Pool password was changed");
  expect(changed.to).toEqual([bea.email]);
  expect(changed.text).not.toContain(token);

  // Her phone is signed out: its session is gone, and the next page it opens is the landing page.
  expect((await phonePage.request.get("/api/auth/user")).status()).toBe(401);
  await phonePage.reload();
  await expect(phonePage.getByRole("heading", { level: 1, name: LANDING })).toBeVisible();

  // The old password no longer signs her in; the new one does.
  await phonePage.goto("/signin");
  await phonePage.getByLabel("Email").fill(bea.email);
  await phonePage.getByLabel("Password").fill(bea.password);
  await phonePage.getByRole("button", { name: "Sign In" }).click();
  await expect(phonePage.getByText("Invalid email or password.")).toBeVisible();
  expect(
    (
      await phone.request.post("/api/auth/login", { data: { email: bea.email, password: bea.password } })
    ).status(),
  ).toBe(401);
  await signIn(phonePage, { email: bea.email, password: "bea's new password" });

  // The computer stays signed in, on the session the new password started.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await phone.close();
  await context.close();

  // The server's log, written out in full as it stops: the reset requests are there, the token is not.
  await stopServer();
  const log = logged.join("");
  expect(log).toContain("/api/auth/password-reset");
  expect(log.includes(token), "the server's log holds the token").toBe(false);
});
