import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import helmet from "helmet";
import { forbidden } from "../errors";
import { clientDist } from "./client";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The inline scripts of the built index.html (the theme, applied before the first paint), as
 * CSP hash sources: the policy allows those and no other inline script.
 */
export function inlineScriptHashes(root = clientDist): string[] {
  const file = path.join(root, "index.html");
  if (!existsSync(file)) return [];
  const html = readFileSync(file, "utf8");
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash("sha256").update(body!).digest("base64")}'`,
  );
}

/**
 * A document's security headers, those helmet would set, worked out once: helmet's values depend on
 * its options only, so its middleware is run a single time against a recording response.
 */
function documentHeaderValues(): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        "script-src": ["'self'", ...inlineScriptHashes()],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        // The service worker and the web app manifest (decision 025), named rather than left to default-src.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        // Served over plain http on a LAN too: do not force https on subresources.
        "upgrade-insecure-requests": null,
      },
    },
    // The OpenID Connect provider's pages are cross-origin: keep referrers and popups ordinary.
    crossOriginOpenerPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What every response that is not a document carries (data, scripts, styles, images, errors): it
 * runs nothing and is framed nowhere, so its policy allows nothing, and the headers that only a
 * document reads (helmet's others) are left out. A few hundred bytes per answer instead of a
 * kilobyte, for the server to write and every client to read (decision 043).
 */
function resourceHeaderValues(document: Record<string, string>): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none';frame-ancestors 'none'",
    "cross-origin-resource-policy": document["cross-origin-resource-policy"]!,
    "referrer-policy": document["referrer-policy"]!,
    "strict-transport-security": document["strict-transport-security"]!,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  };
}

export async function installSecurity(app: FastifyInstance): Promise<void> {
  // Set through the reply, which writes them with the response's own headers in one go (cheaper
  // than helmet setting each on the raw response at every request: a few percent of a cached read).
  const documentHeaders = documentHeaderValues();
  const resourceHeaders = resourceHeaderValues(documentHeaders);
  // A page, or the service worker (whose fetches its own policy governs), replaces them.
  app.decorateReply("asDocument", function (this: FastifyReply) {
    return this.headers(documentHeaders);
  });
  // One callback hook for the headers and the check: no promise per request.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(resourceHeaders);
    // A state-changing request from another site's page is refused (CSRF), whatever its cookies.
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || !origin) return done();
    const own = app.ctx.env.PUBLIC_URL
      ? new URL(app.ctx.env.PUBLIC_URL).origin
      : `${request.protocol}://${request.host}`;
    done(origin !== own ? forbidden("Cross-site requests are not allowed.") : undefined);
  });
}

declare module "fastify" {
  interface FastifyReply {
    /** The headers of a document (an HTML page, the service worker): helmet's, with the app's policy. */
    asDocument(): FastifyReply;
  }
}
