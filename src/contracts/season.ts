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
});
export type SeasonInfo = z.infer<typeof seasonInfo>;
