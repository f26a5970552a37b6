import https from "node:https";
import webpush from "web-push";
import type { OutboxRow } from "../repositories/outbox.repository";
import type { PushSubscriptionRow } from "../repositories/push.repository";
import type { Vapid } from "./vapid";

/** Waits after the 1st to 4th failed push; the 5th failure gives up. Shorter than e-mail's: a push is about now. */
export const PUSH_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000];
/** A push service that has not answered (headers and body) within this is given up on for this attempt. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline. */
const TTL_S = 24 * 60 * 60;
/** A Retry-After longer than this is not waited for: the next back-off step applies. */
const RETRY_AFTER_MAX_MS = 60 * 60_000;

/**
 * What came of a push: delivered, gone (the subscription is dead), refused (its push service is not
 * in `PUSH_SERVICE_HOSTS`: no request made), or try again (after `retryAfterMs`, if it said).
 */
export type PushOutcome =
  | { kind: "sent" }
  | { kind: "gone"; status: number }
  | { kind: "refused"; host: string }
  | { kind: "retry"; error: string; retryAfterMs?: number };

/** Whether a host is one of the push services allowed (`PUSH_SERVICE_HOSTS`). */
export function isPushServiceHost(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((pattern) =>
    pattern === "*" ? true : pattern.startsWith("*.") ? name.endsWith(pattern.slice(1)) : name === pattern,
  );
}

/** The endpoint's host, or null when it is no URL at all. */
function hostOf(endpoint: string): string | null {
  try {
    return new URL(endpoint).hostname;
  } catch {
    return null;
  }
}

const urgencyOf = (kind: string): webpush.Urgency =>
  kind === "your-turn" || kind === "reminder" ? "high" : "normal";

export interface SendPushOptions {
  /** `PUSH_SERVICE_HOSTS` as it is now, not as it was when the device subscribed. */
  serviceHosts: readonly string[];
  timeoutMs?: number;
}

/**
 * Sends one push message: web-push signs it (VAPID, ES256) and encrypts it (aes128gcm, RFC 8291);
 * the request itself is made here, so that an answer cut short or a silent service is an error of
 * this attempt (web-push's own request leaves a response that breaks off unhandled). The host is
 * checked here again: a list tightened since the device subscribed must stop requests to it.
 */
export async function sendPush(
  row: OutboxRow,
  subscription: PushSubscriptionRow,
  vapid: Vapid,
  { serviceHosts, timeoutMs = PUSH_TIMEOUT_MS }: SendPushOptions,
): Promise<PushOutcome> {
  const host = hostOf(subscription.endpoint);
  if (host === null || !isPushServiceHost(host, serviceHosts)) return { kind: "refused", host: host ?? "" };
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(row.payload ?? {}),
      {
        TTL: TTL_S,
        urgency: urgencyOf(row.kind),
        contentEncoding: "aes128gcm",
        vapidDetails: vapid,
        timeout: timeoutMs,
      },
    );
  } catch {
    // Keys no push service could use (not a P-256 point): the subscription is useless.
    return { kind: "gone", status: 0 };
  }
  let answer: { status: number; headers: Record<string, string | string[] | undefined> };
  try {
    answer = await request(details, timeoutMs);
  } catch (error) {
    return { kind: "retry", error: error instanceof Error ? error.message : String(error) };
  }
  if (answer.status >= 200 && answer.status < 300) return { kind: "sent" };
  if (answer.status === 404 || answer.status === 410) return { kind: "gone", status: answer.status };
  return {
    kind: "retry",
    error: `Push service answered ${answer.status}`,
    retryAfterMs: retryAfter(answer.headers["retry-after"]),
  };
}

function retryAfter(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) && ms > 0 && ms <= RETRY_AFTER_MAX_MS ? ms : undefined;
}

/** The HTTPS request, its whole answer within `timeoutMs`; a cut answer or a socket error rejects. */
function request(
  details: ReturnType<typeof webpush.generateRequestDetails>,
  timeoutMs: number,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = https.request(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string | number>,
      timeout: timeoutMs,
    });
    const deadline = setTimeout(
      () => req.destroy(new Error("Push service did not answer in time")),
      timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(deadline);
      reject(error);
    };
    req.on("timeout", () => req.destroy(new Error("Push service did not answer in time")));
    req.on("error", fail);
    req.on("response", (res) => {
      res.on("error", fail);
      res.on("aborted", () => fail(new Error("Push service's answer was cut short")));
      res.on("data", () => {});
      res.on("end", () => {
        clearTimeout(deadline);
        if (!res.complete) reject(new Error("Push service's answer was cut short"));
        else resolve({ status: res.statusCode ?? 0, headers: res.headers });
      });
    });
    req.end(details.body ?? undefined);
  });
}
