/**
 * Web Push in the service worker: what a push message shows, and where a click on it leads. The
 * server sends JSON `{ title, body, url, tag? }`; a malformed message still shows something
 * (browsers penalise a push that shows no notification) and never leads off the app's origin.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the app (or a URL on its origin) that a click on the notification opens. */
  url: string;
  /** Notifications with the same tag replace each other. */
  tag?: string;
}

export const NOTIFICATION_ICON = "/icons/icon-192.png";
export const NOTIFICATION_BADGE = "/icons/badge-96.png";

const DEFAULT_TITLE = "Football Pool";

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

/** The app's URL for `url` (a path, or a URL on the origin); the home page for anything else. */
export function appUrl(url: unknown, origin: string): string {
  const candidate = text(url);
  if (candidate === undefined) return new URL("/", origin).href;
  try {
    const resolved = new URL(candidate, origin);
    return resolved.origin === origin ? resolved.href : new URL("/", origin).href;
  } catch {
    return new URL("/", origin).href;
  }
}

/** A push's payload as a message, from its text: JSON as described above, or plain text as the body. */
export function readPushMessage(payload: string | null | undefined): PushMessage {
  let data: unknown;
  try {
    data = payload ? JSON.parse(payload) : null;
  } catch {
    return { title: DEFAULT_TITLE, body: payload ?? "", url: "/" };
  }
  const fields = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  return {
    title: text(fields.title) ?? DEFAULT_TITLE,
    body: typeof fields.body === "string" ? fields.body : "",
    url: text(fields.url) ?? "/",
    ...(text(fields.tag) === undefined ? {} : { tag: text(fields.tag) }),
  };
}

/** The options `showNotification` gets for a message. */
export function notificationOptions(message: PushMessage): NotificationOptions {
  return {
    body: message.body,
    tag: message.tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: message.url },
  };
}

interface AppWindow {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
}

/** The open window of the app a click should bring forward: the focused one, else a visible one, else any. */
export function windowToFocus<T extends AppWindow>(windows: readonly T[], origin: string): T | undefined {
  const own = windows.filter((window) => window.url.startsWith(`${origin}/`) || window.url === origin);
  return (
    own.find((window) => window.focused) ??
    own.find((window) => window.visibilityState === "visible") ??
    own[0]
  );
}
