import { createHash, randomBytes } from "node:crypto";
import ical, { ICalEventTransparency } from "ical-generator";
import type { CalendarLink } from "@/contracts/calendar";
import { calendarEvents, type CalendarGame } from "@/domain/calendar";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import * as calendarRepo from "../repositories/calendar.repository";
import type { UserRow } from "../repositories/users.repository";
import { seasonGamesById } from "./games.service";
import { cachedSeasonOpenings } from "./season.service";

export const CALENDAR_NOT_FOUND = "Calendar not found.";
/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How often a calendar program is asked to look again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

const newToken = () => randomBytes(32).toString("base64url");
const feedUrl = (baseUrl: string, token: string) => `${baseUrl}/api/calendar/${token}.ics`;

/** GET /api/me/calendar: the player's feed's address, its token made on the first ask. */
export async function calendarLink(ctx: AppContext, user: UserRow, baseUrl: string): Promise<CalendarLink> {
  const token = await calendarRepo.ensureCalendarToken(ctx.db, user.id, newToken());
  return { url: feedUrl(baseUrl, token) };
}

/** POST /api/me/calendar/reset: a new address; the old one answers 404 from now on. */
export async function resetCalendarLink(
  ctx: AppContext,
  user: UserRow,
  baseUrl: string,
): Promise<CalendarLink> {
  const token = newToken();
  await calendarRepo.replaceCalendarToken(ctx.db, user.id, token);
  return { url: feedUrl(baseUrl, token) };
}

export interface CalendarFeed {
  body: string;
  /** The body's hash: unchanged while nothing in the feed changes. */
  etag: string;
}

/**
 * The feed of a token (docs/rules.md, "Calendar"): three statements (the token's user, then their
 * contests and picks together); the games and the season openings come from memory.
 */
export async function calendarFeed(ctx: AppContext, token: string, baseUrl: string): Promise<CalendarFeed> {
  if (!TOKEN_PATTERN.test(token)) throw notFound(CALENDAR_NOT_FOUND);
  const userId = await calendarRepo.findUserIdByCalendarToken(ctx.db, token);
  if (!userId) throw notFound(CALENDAR_NOT_FOUND);
  const [contests, picks, openings] = await Promise.all([
    calendarRepo.listCalendarContests(ctx.db, userId),
    calendarRepo.listCalendarPicks(ctx.db, userId),
    cachedSeasonOpenings(ctx),
  ]);
  const seasons = [...new Set(contests.map((contest) => contest.season))];
  const games: CalendarGame[] = (
    await Promise.all(seasons.map((season) => seasonGamesById(ctx, season)))
  ).flatMap((byId) => [...byId.values()]);
  const events = calendarEvents({
    contests,
    openings: new Map(openings.map((opening) => [opening.season, opening.firstKickoff])),
    games,
    picks,
  });

  const calendar = ical({
    name: "Football Pool",
    description: "Your pick deadlines and the kickoffs of your picks.",
    prodId: { company: "Football Pool", product: "Football Pool", language: "EN" },
    ttl: REFRESH_SECONDS,
  });
  for (const event of events) {
    const url = `${baseUrl}${event.path}`;
    calendar.createEvent({
      id: event.uid,
      start: event.start,
      end: event.end,
      stamp: event.stamp,
      summary: event.summary,
      description: `${event.description}\n\n${url}`,
      url,
      // Reminders and kickoffs, not appointments: the player's time stays free.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  const body = calendar.toString();
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}
