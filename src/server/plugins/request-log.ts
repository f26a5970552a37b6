import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { Bindings, ChildLoggerOptions, LogFn } from "pino";

/**
 * The request log: one line per request, written when it is answered, instead of Fastify's two
 * (incoming, completed). The line has what an operator looks for: method, route, status, time in
 * ms, the path when the route has parameters, the signed-in user and, from the request's logger,
 * its id (reqId). Never a secret: no query, and a token in a path is marked, not written
 * (`loggedPath`). Failures are logged by the error handler (plugins/errors.ts) as before.
 * Decision 019.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  /** The 404's line says it all: status 404 and the path that has no route. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // The path too when the route has parameters (ids), its tokens marked; a path no route matches
    // is the route, marked the same way.
    const matched = request.routeOptions.url;
    const route = matched ?? loggedPath(request.url);
    const path =
      matched === undefined || !matched.includes(":") || matched.includes(":token")
        ? route
        : loggedPath(request.url);
    const { id: reqId, method } = request;
    const status = reply.statusCode;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const userId = request.user?.id;
    // Literals with the id first, where the request's logger puts it: no spread, no child logger.
    const line =
      path === route
        ? { reqId, method, route, status, responseTime, userId }
        : { reqId, method, route, path, status, responseTime, userId };
    if (error) writeLine(reply.log, "error", { ...line, err: error }, "request errored");
    else writeLine(reply.log, "info", line, "request");
  }
}

/** Everything after it is a calendar feed's token, whether a route matches the path or not. */
const CALENDAR_FEED = /^\/api\/calendar\//i;
/** A run long enough to be a token (ours are 43 characters of base64url)... */
const TOKEN_LIKE = /[\w-]{20,}/g;
/** ...unless it is an id, or words (a page's name). */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WORDS = /^[a-z-]+$/;

/**
 * A request's path as the log may hold it: never the query or a fragment (a reset link's token,
 * an unsubscribe link's signature, a sign-in's code), and every token in it replaced by `:token`
 * (a calendar feed's address, a link pasted into the wrong place).
 */
export function loggedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (CALENDAR_FEED.test(path)) return "/api/calendar/:token";
  return path.replace(TOKEN_LIKE, (run) => (ID.test(run) || WORDS.test(run) ? run : ":token"));
}

/** A request's line: its id first, then what it says. */
interface LineFields {
  reqId: string;
  [field: string]: unknown;
}

/** A request's line through its logger; a logger other than RequestLogger carries the id itself. */
function writeLine(log: FastifyBaseLogger, level: "info" | "error", fields: LineFields, msg: string) {
  if (log instanceof RequestLogger) {
    log.line(level, fields, msg);
    return;
  }
  const { reqId: _bound, ...rest } = fields;
  log[level](rest, msg);
}

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
type LogArgs = Parameters<LogFn>;

/**
 * A request's logger (request.log, reply.log), made when first used: Fastify gives every request a
 * pino child bound to its id, and most requests log nothing but their line, which `line` writes
 * through the parent with the id as the child would (decision 020).
 */
export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  /**
   * The request's line, its fields beginning with the request's id (`reqId`): through the parent,
   * as the child would write it, unless the child exists or differs from the parent (a route's own
   * level or serializers).
   */
  line(level: "info" | "error", fields: LineFields, msg: string): void {
    const own = this.options.level !== undefined || this.options.serializers !== undefined;
    if (this.made || own) writeLine(this.logger, level, fields, msg);
    else this.parent[level](fields, msg);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    this.call("fatal", args);
  }
  error(...args: unknown[]): void {
    this.call("error", args);
  }
  warn(...args: unknown[]): void {
    this.call("warn", args);
  }
  info(...args: unknown[]): void {
    this.call("info", args);
  }
  debug(...args: unknown[]): void {
    this.call("debug", args);
  }
  trace(...args: unknown[]): void {
    this.call("trace", args);
  }
  silent(...args: unknown[]): void {
    this.call("silent", args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  private call(level: Level, args: unknown[]): void {
    this.logger[level](...(args as LogArgs));
  }
}

/** Fastify's `childLoggerFactory`: request loggers made when first used. */
export function requestLogger(
  this: FastifyInstance,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}
