import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * The request log: one line per request, written when it is answered, instead of Fastify's two
 * (incoming, completed). The line has what an operator looks for: method, route, status, time in
 * ms, the path when the route has parameters, the signed-in user and, from the request's logger,
 * its id (reqId). Failures are logged by the error handler (plugins/errors.ts) as before.
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
    // The path too when the route does not say it (ids, the client's wildcard); never the query,
    // which may carry a token.
    const path = request.url.split("?")[0];
    const route = request.routeOptions.url ?? path;
    const line = {
      method: request.method,
      route,
      ...(path !== route && { path }),
      status: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.user?.id,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request");
  }
}
