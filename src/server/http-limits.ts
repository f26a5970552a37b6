import type { ServerOptions } from "node:http";
import type { Env } from "./env";

/** Node checks the headers and request deadlines on a timer; its default, 30 s, would let a slow client stay that much longer. */
const DEADLINE_CHECK_MS = 1_000;

/**
 * What one connection may hold on an instance (decision 021), as Fastify's server options:
 * its headers must arrive within HTTP_HEADERS_TIMEOUT_S and its whole request (body included) within
 * HTTP_REQUEST_TIMEOUT_S, else 408 and closed (Node); a connection on which nothing moves for
 * HTTP_IDLE_TIMEOUT_S while a request is read or answered is closed, and one idle between requests
 * for HTTP_KEEP_ALIVE_TIMEOUT_S. Live-update streams set their own idle time (events.routes.ts).
 */
export function connectionLimits(env: Env) {
  const http: ServerOptions = {
    headersTimeout: env.HTTP_HEADERS_TIMEOUT_S * 1000,
    connectionsCheckingInterval: DEADLINE_CHECK_MS,
  };
  return {
    http,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_S * 1000,
    connectionTimeout: env.HTTP_IDLE_TIMEOUT_S * 1000,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_S * 1000,
  };
}
