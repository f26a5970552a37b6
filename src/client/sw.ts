/// <reference lib="webworker" />
/**
 * The service worker (decision 025), built by vite-plugin-pwa's injectManifest into /sw.js: the
 * app shell precached, so the app opens without the network; the API's GET answers kept, so it
 * opens with the last data it had; and Web Push notifications.
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst, NetworkOnly } from "workbox-strategies";
import {
  API_CACHE,
  API_NETWORK_TIMEOUT_S,
  changesSession,
  isCachedApiRequest,
} from "@/client/lib/offline-cache";
import { appUrl, notificationOptions, readPushMessage, windowToFocus } from "./sw/push";

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const origin = self.location.origin;

// A new version waits until the page asks for it (the "Reload" of the update prompt): a page is
// never swapped under a player mid-pick. The first one takes the open pages at once.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
clientsClaim();

// Signing in, up or out changes whose data the kept answers are: drop them.
self.addEventListener("fetch", (event) => {
  if (changesSession(event.request.method, new URL(event.request.url), origin))
    event.waitUntil(caches.delete(API_CACHE));
});

// Documents come from the server while it answers (it writes the signed-in page's preloads, and
// the sign-in page without the landing page), else the precached index.html: the app opens offline.
const documents = new NetworkOnly({ networkTimeoutSeconds: API_NETWORK_TIMEOUT_S });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await documents.handle(options);
      } catch {
        return (await matchPrecache("/index.html")) ?? Response.error();
      }
    },
    // The sign-in page and the OpenID Connect redirects are the server's.
    { denylist: [/^\/api\//i] },
  ),
);

// The built files, cache first (their names carry a hash); "/" is a document, above, not index.html.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });

// The API: the network's answer while there is one, else the last one kept. A 401 means the
// session is over: every kept answer goes.
registerRoute(
  ({ request, url }) => isCachedApiRequest(request.method, url, origin),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_S,
    matchOptions: { ignoreVary: true },
    plugins: [
      {
        fetchDidSucceed: async ({ response }) => {
          if (response.status === 401) await caches.delete(API_CACHE);
          return response;
        },
      },
    ],
  }),
);

self.addEventListener("push", (event) => {
  const message = readPushMessage(event.data?.text());
  event.waitUntil(self.registration.showNotification(message.title, notificationOptions(message)));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = appUrl((event.notification.data as { url?: unknown } | null)?.url, origin);
  event.waitUntil(openApp(url));
});

/** Brings an open window of the app forward at `url`, or opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windowToFocus(windows, origin);
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await open.focus();
  if (focused.url === url) return;
  // navigate() works on pages this worker controls only; another is left focused as it is.
  await focused.navigate(url).catch(() => self.clients.openWindow(url));
}
