import { execFileSync } from "node:child_process";
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../setup/server-process";

/**
 * Web Push end to end (docs/rules.md, "Notifications"): the real server, started as a child process that
 * trusts a self-signed certificate through NODE_EXTRA_CA_CERTS (read by Node only at start), delivers to a
 * push service this test runs on loopback over HTTPS. The service checks the VAPID Authorization header
 * (ES256 JWT signature, aud, exp, sub) and decrypts the aes128gcm payload with the subscription's keys (RFC
 * 8291, through http_ece, which web-push itself uses), then answers as each case says: 201, 410 (the
 * subscription is removed), 500, silence, or an answer cut short (all three retried after the back-off's
 * first step, 10 s).
 */
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

const root = mkdtempSync(path.join(tmpdir(), "fp-push-"));
const certFile = path.join(root, "cert.pem");
const keyFile = path.join(root, "key.pem");

type Behaviour = "ok" | "gone" | "error" | "silent" | "cut";
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
}

const behaviours = new Map<string, Behaviour[]>();
const received: Received[] = [];
const held: ServerResponse[] = [];
let push: https.Server;
let origin: string;
let server: ServerProcess;

beforeAll(async () => {
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=localhost",
    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
  ], { stdio: "ignore" }); // prettier-ignore
  push = https.createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = req.url ?? "";
      received.push({ path: url, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      const behaviour = behaviours.get(url)?.shift() ?? "ok";
      if (behaviour === "ok") res.writeHead(201).end();
      else if (behaviour === "gone") res.writeHead(410).end("Gone");
      else if (behaviour === "error") res.writeHead(500).end("Internal error");
      else if (behaviour === "silent") held.push(res);
      else {
        // Headers and part of a body, then the connection drops.
        res.writeHead(201, { "content-length": "100" });
        res.write("0123456789");
        setTimeout(() => res.socket?.destroy(), 50);
      }
    });
  });
  await new Promise<void>((resolve) => push.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(push.address() as AddressInfo).port}`;
  server = await startServer({
    DATA_DIR: path.join(root, "data"),
    NODE_EXTRA_CA_CERTS: certFile,
    PUSH_SERVICE_HOSTS: "127.0.0.1",
    // Reminders looked for every second (the walkthrough below).
    REMINDER_INTERVAL_S: "1",
  });
}, 120_000);

afterAll(async () => {
  server?.child.kill("SIGKILL");
  for (const res of held) res.socket?.destroy();
  push?.closeAllConnections();
  await new Promise((resolve) => push?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

let count = 0;
/** The first account signed up: the app's admin. */
let admin: Awaited<ReturnType<typeof player>> | undefined;

/** Requests to a server with a session cookie. */
const client = (base: string, cookie: string) => (method: string, url: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function player(base = server.base) {
  count += 1;
  const response = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `push${count}@example.com`,
      password: "correct horse battery",
      firstName: "Pat",
      lastName: `Push${count}`,
    }),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
  const api = client(base, cookie);
  // Only push: e-mail off, so a test notification with no device left answers 409.
  const settings = (await (await api("GET", "/api/me/notifications")).json()) as {
    email: Record<string, boolean>;
  };
  const email = Object.fromEntries(Object.keys(settings.email).map((kind) => [kind, false]));
  expect((await api("PUT", "/api/me/notifications", { ...settings, email })).status).toBe(200);
  const signedUp = Object.assign(api, { email: `push${count}@example.com`, cookie });
  admin ??= signedUp;
  return signedUp;
}

/** A browser's side of a subscription: its key pair and auth secret, and the endpoint on our push service. */
async function subscribe(api: Awaited<ReturnType<typeof player>>, behaviour: Behaviour[]) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  const pathname = `/push/${randomBytes(6).toString("hex")}`;
  behaviours.set(pathname, behaviour);
  const response = await api("POST", "/api/push/subscriptions", {
    endpoint: `${origin}${pathname}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
  });
  expect(response.status).toBe(204);
  return { ecdh, auth, pathname };
}

const to = (pathname: string) => received.filter((request) => request.path === pathname);

function checkVapid(request: Received, serverKey: string) {
  const [, jwt, key] = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(String(request.headers.authorization)) ?? [];
  expect(jwt, String(request.headers.authorization)).toBeDefined();
  expect(key).toBe(serverKey);
  const [header, claims, signature] = jwt!.split(".");
  expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({ typ: "JWT", alg: "ES256" });
  const raw = Buffer.from(key!, "base64url");
  expect(raw.length).toBe(65);
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  expect(signed).toBe(true);
  const payload = JSON.parse(Buffer.from(claims!, "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(payload.aud).toBe(origin);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
  expect(payload.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);
  expect(payload.sub).toMatch(/^(mailto:|https:)/);
}

function decrypt(request: Received, device: { ecdh: ECDH; auth: string }) {
  expect(request.headers["content-encoding"]).toBe("aes128gcm");
  return JSON.parse(
    ece
      .decrypt(request.body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.auth })
      .toString(),
  ) as unknown;
}

const TEST_PAYLOAD = {
  title: "Football Pool",
  body: "This is a test: notifications work on this device.",
  url: "/settings/notifications",
  tag: "test",
};

describe("push to a real push service over HTTPS", () => {
  it("signs with VAPID and encrypts the payload (aes128gcm) with the subscription's keys", async () => {
    const api = await player();
    const { key } = (await (await api("GET", "/api/push/vapid-public-key")).json()) as { key: string };
    const device = await subscribe(api, ["ok"]);
    expect((await api("POST", "/api/me/notifications/test")).status).toBe(202);
    await expect.poll(() => to(device.pathname).length, { timeout: 10_000 }).toBe(1);
    const [request] = to(device.pathname);
    checkVapid(request!, key);
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
    expect(request!.headers.urgency).toBe("normal");
    expect(decrypt(request!, device)).toEqual(TEST_PAYLOAD);
    // Delivered once: no retry follows a 201.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(to(device.pathname)).toHaveLength(1);
  }, 30_000);

  it("removes a subscription its push service says is gone (410)", async () => {
    const api = await player();
    const device = await subscribe(api, ["gone"]);
    expect((await api("POST", "/api/me/notifications/test")).status).toBe(202);
    await expect.poll(() => to(device.pathname).length, { timeout: 10_000 }).toBe(1);
    // Once removed, the player has no device and e-mail off: nothing to send.
    await expect
      .poll(async () => (await api("POST", "/api/me/notifications/test")).status, { timeout: 10_000 })
      .toBe(409);
    expect(to(device.pathname)).toHaveLength(1);
  }, 30_000);

  it("retries with back-off after a 500, a silent service and an answer cut short, and then delivers", async () => {
    const failing = await Promise.all(
      (["error", "silent", "cut"] as const).map(async (behaviour) => {
        const api = await player();
        const device = await subscribe(api, [behaviour, "ok"]);
        return { api, device, behaviour };
      }),
    );
    for (const { api } of failing) expect((await api("POST", "/api/me/notifications/test")).status).toBe(202);
    for (const { device, behaviour } of failing) {
      // The first attempt, then the retry after at least the first back-off step (10 s).
      await expect.poll(() => to(device.pathname).length, { timeout: 45_000, interval: 250 }).toBe(2);
      const [first, second] = to(device.pathname);
      expect(second!.at - first!.at, behaviour).toBeGreaterThanOrEqual(9_500);
      expect(decrypt(second!, device)).toEqual(TEST_PAYLOAD);
    }
    // Delivered: no third attempt.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const { device } of failing) expect(to(device.pathname)).toHaveLength(2);
  }, 90_000);

  it("the player on turn's phone is reminded; once she picks, his is told it is his turn", async () => {
    // The server's clock stands at 2025-09-04T12:00Z, eleven hours before week 1's hand-over: the
    // 24-hour reminder's time has passed while its deadline has not, so it goes at once.
    await player(); // the admin, when this test runs alone
    expect(
      (await admin!("PUT", "/api/system-config/contest_creation_password", { value: "open" })).status,
    ).toBe(200);
    const alice = await player();
    const bob = await player();
    const phones = { alice: await subscribe(alice, []), bob: await subscribe(bob, []) };
    const created = await alice("POST", "/api/contests", {
      name: "Pocket Rivals",
      player2Email: bob.email,
      defaultBetAmount: 10,
      maxPicksPerPlayer: 2,
      contestCreationPassword: "open",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await bob("PATCH", `/api/contests/${id}`, { status: "active" })).status).toBe(200);
    const read = (phone: { ecdh: ECDH; auth: string; pathname: string }) =>
      to(phone.pathname).map(
        (request) => decrypt(request, phone) as { title: string; body: string; url: string },
      );

    const reminders = (phone: typeof phones.alice) =>
      read(phone).filter((message) => message.title === "Make your picks: Pocket Rivals");

    // Alice picks first this week: her phone gets the reminder (beside "Challenge accepted"); Bob's
    // gets none while he waits for her.
    await expect.poll(() => reminders(phones.alice).length, { timeout: 15_000 }).toBe(1);
    expect(reminders(phones.alice)[0]).toMatchObject({ url: `/picks?contestId=${id}&week=1` });
    expect(reminders(phones.alice)[0]!.body).toContain("2 picks to make for week 1, due in 11 hours");
    expect(reminders(phones.bob)).toEqual([]);

    // She picks: Bob's phone is told it is his turn, and nothing more (his 24-hour reminder, due
    // already, would repeat it); hers gets no other reminder.
    const games = (await (await alice("GET", "/api/games/week/1/season/2025")).json()) as { id: string }[];
    const picked = await alice("POST", "/api/picks/batch", {
      contestId: id,
      week: 1,
      round: 1,
      picks: [0, 1].map((n) => ({ gameId: games[n]!.id, market: "spread", side: "favorite" })),
    });
    expect(picked.status).toBe(201);
    const yourTurn = () => read(phones.bob).filter((message) => /your turn/i.test(message.title));
    await expect.poll(() => yourTurn().length, { timeout: 15_000 }).toBe(1);
    expect(yourTurn()[0]).toMatchObject({ url: `/picks?contestId=${id}&week=1` });
    // A reminder pass runs every second here: a few of them, and still nothing for either.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(reminders(phones.bob)).toEqual([]);
    expect(reminders(phones.alice)).toHaveLength(1);
  }, 60_000);
});

describe("a subscription on a push service no longer allowed", () => {
  it("gets no request once PUSH_SERVICE_HOSTS no longer lists its host, and is removed", async () => {
    const env = { DATA_DIR: path.join(root, "tightened"), NODE_EXTRA_CA_CERTS: certFile };
    const loose = await startServer({ ...env, PUSH_SERVICE_HOSTS: "127.0.0.1,*.push.apple.com" });
    let tight: ServerProcess | undefined;
    try {
      const subscribed = await player(loose.base);
      const device = await subscribe(subscribed, ["ok"]);
      loose.child.kill("SIGTERM");
      expect(await loose.exited).toBe(0);

      // Restarted on the same data with a tighter list; the session still holds.
      tight = await startServer(
        { ...env, PUSH_SERVICE_HOSTS: "*.push.apple.com", LOG_LEVEL: "warn" },
        { stdout: "pipe" },
      );
      let log = "";
      tight.child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
      const api = client(tight.base, subscribed.cookie);
      const sent = await api("POST", "/api/me/notifications/test");
      expect(sent.status).toBe(202);
      expect(await sent.json()).toEqual({ email: false, devices: 1 });
      // Delivered to nobody, the device is gone: nothing is left to send.
      await expect
        .poll(async () => (await api("POST", "/api/me/notifications/test")).status, { timeout: 15_000 })
        .toBe(409);
      expect(to(device.pathname)).toEqual([]);
      await expect.poll(() => log, { timeout: 5_000 }).toMatch(/push service no longer allowed/);
      const line = JSON.parse(log.split("\n").find((entry) => /no longer allowed/.test(entry))!) as {
        level: number;
        host: string;
      };
      expect(line).toMatchObject({ level: 40, host: "127.0.0.1" });
    } finally {
      loose.child.kill("SIGKILL");
      tight?.child.kill("SIGKILL");
    }
  }, 120_000);
});
