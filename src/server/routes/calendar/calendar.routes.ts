import type { FastifyRequest } from "fastify";
import { calendarFeedParams } from "@/contracts/calendar";
import { AppError } from "../../errors";
import { requireUser } from "../../plugins/session";
import * as calendar from "../../services/calendar.service";
import type { App } from "../types";

/** A feed's fetches per token per window: calendar programs look every 15 minutes to a day. */
export const CALENDAR_FEED_LIMIT = { max: 30, timeWindow: 5 * 60_000 };

export async function calendarRoutes(app: App) {
  // PUBLIC_URL when set, else the address the request came in on: the player's own browser (or
  // calendar program) asks, and the feed's address must be one it reaches.
  const baseUrl = (request: FastifyRequest) =>
    (app.ctx.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, "");

  app.get("/api/me/calendar", async (request) =>
    calendar.calendarLink(app.ctx, requireUser(request), baseUrl(request)),
  );

  app.post("/api/me/calendar/reset", async (request) =>
    calendar.resetCalendarLink(app.ctx, requireUser(request), baseUrl(request)),
  );

  // Keyed by token, not by address: Google and others fetch everyone's feeds from a few addresses.
  const check = app.createRateLimit({
    ...CALENDAR_FEED_LIMIT,
    keyGenerator: (request) => `calendar:${(request.params as { token?: string }).token ?? ""}`,
  });

  // Signed out too (session.ts lets it through): the token in the address is the credential.
  app.get(
    "/api/calendar/:token.ics",
    {
      schema: { params: calendarFeedParams },
      preHandler: async (request, reply) => {
        const verdict = await check(request);
        if (verdict.isAllowed || !verdict.isExceeded) return;
        reply.header("retry-after", verdict.ttlInSeconds);
        throw new AppError(429, "Too many requests for this calendar. Please try again in a few minutes.");
      },
    },
    async (request, reply) => {
      const feed = await calendar.calendarFeed(app.ctx, request.params.token, baseUrl(request));
      reply
        .header("cache-control", "private, max-age=300")
        .header("etag", feed.etag)
        .header("content-disposition", 'inline; filename="football-pool.ics"');
      if (matches(request.headers["if-none-match"], feed.etag)) return reply.code(304).send();
      return reply.type("text/calendar; charset=utf-8").send(feed.body);
    },
  );
}

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or "*"). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}
