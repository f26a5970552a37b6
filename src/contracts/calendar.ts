import { z } from "zod";

/** GET /api/me/calendar and POST /api/me/calendar/reset: the player's private calendar feed. */
export const calendarLink = z.object({
  /** `…/api/calendar/<token>.ics`: anyone holding it reads the feed, so it is shown to its owner only. */
  url: z.url(),
});
export type CalendarLink = z.infer<typeof calendarLink>;

/** The feed's token; one that is not a token answers 404 like a revoked one. */
export const calendarFeedParams = z.object({ token: z.string() });
