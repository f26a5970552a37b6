import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { forbidden } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function installSecurity(app: FastifyInstance): Promise<void> {
  // The security headers' middleware is built once (@fastify/helmet builds it again for every
  // request, a few percent of a cached read's time) and applied to every response.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        // Served over plain http on a LAN too: do not force https on subresources.
        "upgrade-insecure-requests": null,
      },
    },
    // The OpenID Connect provider's pages are cross-origin: keep referrers and popups ordinary.
    crossOriginOpenerPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  // A state-changing request from another site's page is refused (CSRF), whatever its cookies.
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const own = app.ctx.env.PUBLIC_URL
      ? new URL(app.ctx.env.PUBLIC_URL).origin
      : `${request.protocol}://${request.host}`;
    if (origin !== own) throw forbidden("Cross-site requests are not allowed.");
  });
}
