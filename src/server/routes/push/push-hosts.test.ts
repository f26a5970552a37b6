import { describe, expect, it } from "vitest";
import { as as request } from "../../../../tests/as";
import { signUp } from "../../../../tests/factories";
import { createTestApp } from "../../../../tests/setup/test-app";
import { loadEnv } from "../../env";
import { isPushServiceHost } from "../../services/push-delivery";

// The default list, as `npm start` has it (the other tests allow any host for their stand-ins).
const { PUSH_SERVICE_HOSTS } = loadEnv({ NODE_ENV: "test" });
const { app } = await createTestApp({ env: { PUSH_SERVICE_HOSTS } });

const keys = {
  p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
  auth: "tBHItJI5svbpez7KI4CCXg",
};

describe("push subscriptions' endpoints", () => {
  it("are taken on the push services of Chrome, Firefox, Edge and Safari", () => {
    for (const host of [
      "fcm.googleapis.com",
      "updates.push.services.mozilla.com",
      "wns2-by3p.notify.windows.com",
      "web.push.apple.com",
    ]) {
      expect(isPushServiceHost(host, PUSH_SERVICE_HOSTS), host).toBe(true);
    }
    for (const host of ["evil.example", "googleapis.com.evil.example", "127.0.0.1", "push.apple.com.evil"]) {
      expect(isPushServiceHost(host, PUSH_SERVICE_HOSTS), host).toBe(false);
    }
    expect(isPushServiceHost("anything.example", ["*"])).toBe(true);
  });

  it("are refused anywhere else (400): the server would post to any address a player gave", async () => {
    const player = await signUp(app);
    const internal = await request(app, player).post("/api/push/subscriptions", {
      endpoint: "https://10.0.0.5/admin",
      keys,
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().message).toBe(
      "This push service is not supported: use Chrome, Firefox, Edge or Safari.",
    );
    const chrome = await request(app, player).post("/api/push/subscriptions", {
      endpoint: "https://fcm.googleapis.com/fcm/send/abc123",
      keys,
    });
    expect(chrome.statusCode).toBeLessThan(300);
  });
});
