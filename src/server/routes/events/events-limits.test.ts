import { get, type ClientRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp, type SignedIn } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";

// What one client may hold open (docs/rules.md, "Live updates"): here 2 streams a session, 3 an
// address, on this instance.
const { app } = await createTestApp({ env: { EVENT_STREAMS_PER_SESSION: 2, EVENT_STREAMS_PER_ADDRESS: 3 } });
let base: string;
let alice: SignedIn;
let bob: SignedIn;
const open: ClientRequest[] = [];

beforeAll(async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  alice = await signUp(app, { email: "alice@example.com" });
  bob = await signUp(app, { email: "bob@example.com" });
});
afterAll(() => open.forEach((request) => request.destroy()));

/** Opens a stream (left open) and answers its status, and its body when refused. */
async function stream(who: SignedIn): Promise<{ status: number; body: string }> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(`${base}/api/events`, { agent: false, headers: { cookie: who.cookie } }, resolve);
    request.on("error", reject);
    open.push(request);
  });
  if (response.statusCode === 200) return { status: 200, body: "" };
  let body = "";
  for await (const chunk of response) body += String(chunk);
  return { status: response.statusCode!, body };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
};

it("refuses a session's stream past its limit with 429 and the reason, and takes one again once one closes", async () => {
  expect((await stream(alice)).status).toBe(200);
  expect((await stream(alice)).status).toBe(200);
  const refused = await stream(alice);
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body).message).toBe(
    "Too many live-update streams for this session (2): close a tab of the app and try again.",
  );
  expect(app.events.size).toBe(2);

  open.shift()!.destroy();
  await waitFor(() => app.events.size === 1);
  expect((await stream(alice)).status).toBe(200);
});

it("refuses an address's stream past its limit, whoever's session it is", async () => {
  expect((await stream(bob)).status).toBe(200);
  const refused = await stream(bob);
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body).message).toBe(
    "Too many live-update streams from this address (3). Try again later.",
  );
  expect(app.events.size).toBe(3);
});
