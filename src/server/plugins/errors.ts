import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors";

/** One place turns every failure into `{message, issues?}` with the right status. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    closeIfBodyUnread(request, reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issue.message ?? "Invalid value",
      }));
      return reply.code(400).send({ message: issues[0]?.message ?? "Invalid request", issues });
    }
    if (error instanceof AppError) {
      const { message, issues } = error;
      return reply.code(error.statusCode).send(issues ? { message, issues } : { message });
    }
    const status = error.statusCode ?? 500;
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      const limit = Math.round(request.routeOptions.bodyLimit / 1024);
      return reply.code(413).send({ message: `The request is too large (${limit} KB at most).` });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message || "Bad request" });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ message: "The database is not answering right now. Please try again in a moment." });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });
}

/**
 * A request refused before its body was read (its type, its size, who sent it): the connection is
 * closed after the answer instead of reading the rest of a body nobody wants, which Node would do
 * for as long as the client sends (decision 021).
 */
export function closeIfBodyUnread(request: FastifyRequest, reply: FastifyReply): void {
  const { complete, headers } = request.raw;
  const hasBody = (headers["content-length"] ?? "0") !== "0" || headers["transfer-encoding"] !== undefined;
  if (hasBody && !complete) reply.header("connection", "close");
}

/** Connection codes of Node and SQLSTATE classes that mean the server is gone, not that the query is wrong. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /connection timeout/i,
  /Client has encountered a connection error/i,
  /PGlite is closed/i,
  /Cannot use a pool after calling end/i,
];

/** True when the error (or what it wraps, as Drizzle does) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string") {
      // 08: connection exception; 57P01-57P03: the server is shutting down or starting up.
      if (UNAVAILABLE_CODES.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code)) return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    current = cause;
  }
  return false;
}
