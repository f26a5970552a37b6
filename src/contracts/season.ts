import { z } from "zod";

export const seasonInfo = z.object({
  season: z.number().int(),
  currentWeek: z.number().int().min(1),
  now: z.string(),
  /**
   * The first picker's deadline (Thursday 4:00 PM Pacific) of each week of this season, week 1
   * first, as ISO instants; empty for a season without games. The server owns the calendar, and
   * the client needs no time-zone data to show a week.
   */
  deadlines: z.array(z.string()),
  /**
   * Each season with games and its first kickoff (ISO), so a page can place a week of any season
   * (the game form's kickoff slots) by the same calendar as the server.
   */
  openings: z.array(z.object({ season: z.number().int(), firstKickoff: z.string() })),
});
export type SeasonInfo = z.infer<typeof seasonInfo>;
