import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { App } from "./types";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

/**
 * A hook that limits calls as `options` say (@fastify/rate-limit's counting: per client address
 * unless `keyGenerator` says otherwise): past the limit, 429 with `message` and Retry-After.
 */
export function attemptsLimit(
  app: App,
  options: Parameters<App["createRateLimit"]>[0],
  message = TOO_MANY_ATTEMPTS,
) {
  const check = app.createRateLimit(options);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await check(request);
    if (verdict.isAllowed || !verdict.isExceeded) return;
    throw tooManyAttempts(reply, verdict.ttlInSeconds, message);
  };
}

/** The 429 for an attempt that must wait `seconds`, said in Retry-After too. */
export function tooManyAttempts(reply: FastifyReply, seconds: number, message = TOO_MANY_ATTEMPTS): AppError {
  reply.header("retry-after", seconds);
  return new AppError(429, message);
}
