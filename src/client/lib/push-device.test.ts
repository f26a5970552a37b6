import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "./api";
import { dropPushSubscription } from "./push-device";

vi.mock("./api", () => ({ apiRequest: vi.fn(async () => undefined) }));

/** A browser whose service worker holds this subscription (or none). */
function browserWith(subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null) {
  vi.stubGlobal("window", { PushManager: class {} });
  vi.stubGlobal("navigator", {
    serviceWorker: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
    },
  });
}

describe("dropPushSubscription (turning push off, and signing out)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(apiRequest).mockClear();
  });

  it("removes this device's subscription on the server and in the browser", async () => {
    const unsubscribe = vi.fn(async () => true);
    browserWith({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", unsubscribe });
    await dropPushSubscription();
    expect(apiRequest).toHaveBeenCalledWith("DELETE", "/api/push/subscriptions", {
      endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    });
    expect(unsubscribe).toHaveBeenCalled();
  });

  it("does nothing on a device without a subscription, or without push at all", async () => {
    browserWith(null);
    await dropPushSubscription();
    vi.stubGlobal("navigator", {});
    await dropPushSubscription();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("still unsubscribes the browser when the server cannot be reached, and never throws", async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(new Error("offline"));
    const unsubscribe = vi.fn(async () => {
      throw new Error("already gone");
    });
    browserWith({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", unsubscribe });
    await expect(dropPushSubscription()).resolves.toBeUndefined();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
