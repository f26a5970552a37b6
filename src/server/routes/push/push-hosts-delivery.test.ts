import net from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import * as pushRepo from "../../repositories/push.repository";
import { Mailer } from "../../services/mailer.service";
import { vapidKeys } from "../../services/vapid";

/**
 * `PUSH_SERVICE_HOSTS` is read at each delivery, not only at subscribe time: a device stored under a
 * looser list gets no request once the list no longer has its host. A mailer built with each list
 * stands for the server started again with it; a TCP server counts the connections made to the host.
 */
const { app, db } = await createTestApp({ mailer: { intervalMs: 0, kicks: false } });
let connections = 0;
const service = net.createServer((socket) => {
  connections += 1;
  socket.destroy();
});
await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
const port = (service.address() as net.AddressInfo).port;
afterAll(() => new Promise((resolve) => service.close(resolve)));

const warnings: { details: Record<string, unknown>; message: string }[] = [];
const log = {
  info: () => {},
  warn: (details: Record<string, unknown>, message: string) => warnings.push({ details, message }),
} as unknown as FastifyBaseLogger;

let later = 0;
const mailerWith = (pushServiceHosts: string[]) =>
  new Mailer({
    db,
    from: "Pool <pool@example.com>",
    log,
    vapid: () => vapidKeys(db, app.ctx.env),
    pushServiceHosts,
    intervalMs: 0,
    now: () => new Date(Date.now() + later),
  });

describe("a push subscription whose host the list no longer has", () => {
  it("gets no request and is removed, the log saying why", async () => {
    const player = await signUp(app);
    const subscribed = await request(app, player).post("/api/push/subscriptions", {
      endpoint: `https://127.0.0.1:${port}/push/phone`,
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    });
    expect(subscribed.statusCode).toBe(204);
    expect((await request(app, player).post("/api/me/notifications/test")).json()).toMatchObject({
      devices: 1,
    });

    // Under the list it subscribed with, the host is reached (and fails here: retried).
    const loose = mailerWith(["127.0.0.1"]);
    expect(await loose.flush()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    await loose.stop();
    expect(connections).toBe(1);

    // The list tightened: the retry comes due and makes no request; the device goes.
    later += 60_000;
    const tight = mailerWith(["fcm.googleapis.com", "*.push.apple.com"]);
    expect(await tight.flush()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    await tight.stop();
    expect(connections).toBe(1);
    expect(await pushRepo.userSubscriptions(db, player.id)).toEqual([]);
    expect(warnings.at(-1)).toMatchObject({
      details: { host: "127.0.0.1" },
      message: expect.stringMatching(/push service no longer allowed/),
    });
  });
});
