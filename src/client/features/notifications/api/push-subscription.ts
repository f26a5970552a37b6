import { useCallback, useEffect, useState } from "react";
import type { VapidPublicKey } from "@/contracts/notifications";
import { apiGet, apiRequest } from "@/client/lib/api";
import { dropPushSubscription } from "@/client/lib/push-device";

/**
 * This device's Web Push state: unsupported (no service worker or Push API, or not a secure page),
 * denied (the browser's permission), on (subscribed) or off.
 */
export type PushState = "loading" | "unsupported" | "denied" | "on" | "off";

const SW_WAIT_MS = 5_000;

function supported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The app's service worker registration, or null when none is installed (development, or not yet). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SW_WAIT_MS)));
  const ready = await Promise.race([navigator.serviceWorker.ready, late]);
  clearTimeout(timer);
  return ready;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** What this device can do and has done, as the browser says. */
async function detect(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const worker = await registration();
  if (!worker) return "unsupported";
  return (await worker.pushManager.getSubscription()) ? "on" : "off";
}

export function usePushSubscription() {
  const [state, setState] = useState<PushState>("loading");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    detect().then(
      (found) => live && setState(found),
      () => live && setState("unsupported"),
    );
    return () => {
      live = false;
    };
  }, []);

  /** Asks the browser's permission, subscribes with the server's key and stores the subscription. */
  const enable = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "denied" : "off");
        throw new Error("Notifications were not allowed in the browser.");
      }
      const worker = await registration();
      if (!worker)
        throw new Error("Push needs the installed app's service worker: reload the page and try again.");
      const { key } = await apiGet<VapidPublicKey>("/api/push/vapid-public-key");
      const subscription =
        (await worker.pushManager.getSubscription()) ??
        (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
      await apiRequest("POST", "/api/push/subscriptions", subscription.toJSON());
      setState("on");
    } finally {
      setBusy(false);
    }
  }, []);

  /** Unsubscribes this device here and on the server. */
  const disable = useCallback(async () => {
    setBusy(true);
    try {
      await dropPushSubscription();
      setState("off");
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, enable, disable };
}
